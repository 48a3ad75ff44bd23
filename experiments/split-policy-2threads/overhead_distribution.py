#!/usr/bin/python3
"""Per-search node ratios (N threads / 1 thread) of `splitlab scale` runs: geometric mean,
median, quartiles and how many searches needed over 1.5x the nodes. The spread shows how much
of a run's overhead figure is search instability rather than a systematic cost.

usage: overhead_distribution.py RUNS.csv [RUNS.csv ...]"""
import csv
import math
import statistics
import sys


def main(paths):
    for path in paths:
        try:
            rows = list(csv.DictReader(open(path, newline="")))
        except OSError as e:
            print(f"overhead_distribution: cannot read {path}: {e}", file=sys.stderr)
            return 2
        # Splitlab's baseline is its single-threaded search ("none"); a reference engine's is
        # itself at 1 thread.
        base = {}
        for r in rows:
            if r["threads"] == "1":
                engine = r["engine"] if r["engine"] != "splitlab" else "splitlab"
                base.setdefault((engine, r["position"]), []).append(int(r["nodes"]))
        configs = sorted({(r["engine"], r["strategy"]) for r in rows if r["threads"] != "1"})
        for engine, s in configs:
            ratios = sorted(int(r["nodes"]) / statistics.median(base[(engine, r["position"])])
                            for r in rows
                            if r["engine"] == engine and r["strategy"] == s
                            and r["threads"] != "1" and (engine, r["position"]) in base)
            if not ratios:
                continue
            geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
            n = len(ratios)
            print(f"{path} {engine} {s}: geomean {geo:.3f} median {statistics.median(ratios):.3f} "
                  f"q25 {ratios[n // 4]:.3f} q75 {ratios[3 * n // 4]:.3f} "
                  f"over 1.5x: {sum(x > 1.5 for x in ratios)}/{n}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
