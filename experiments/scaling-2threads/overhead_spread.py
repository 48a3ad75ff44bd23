#!/usr/bin/env python3
"""Where the width of `scale`'s overhead interval comes from.

For each multi-thread configuration of a `scale` runs.csv: the log of its node count against the
one-thread search of the same engine on the same position (Splitlab's is deterministic; a
reference engine's one-thread runs are taken at their median), averaged over the repeats of the
position; then
  sd over positions          the spread of those per-position means,
  sd within a position       between two repeats of one position (from the pairs of repeats),
  between-position variance  what is left of the spread once the repeats' share is taken out,
  half-width                 1.96 x sd / sqrt(positions), the normal approximation of the
                             interval `scale` bootstraps, in points of overhead,
  positions for +-H          how many positions would give a half-width of H points with the
                             same number of repeats, and with twice as many.
usage: overhead_spread.py RUNS_CSV [--half-width H]   (default H = 3)
"""
import argparse
import collections
import csv
import math
import statistics
import sys


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs_csv")
    parser.add_argument("--half-width", type=float, default=3.0)
    args = parser.parse_args(argv)
    try:
        with open(args.runs_csv) as f:
            rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    except OSError as error:
        sys.exit(f"overhead_spread.py: {error}")
    nodes = collections.defaultdict(list)
    for r in rows:
        nodes[r["engine"], r["strategy"], int(r["threads"]), r["position"]].append(int(r["nodes"]))
    configs = sorted({(e, s, t) for e, s, t, _ in nodes if t > 1})
    target = args.half_width / 100.0
    print(f"{'configuration':<22} {'pos':>4} {'reps':>4} {'overhead':>9} {'sd pos':>7} "
          f"{'sd within':>9} {'between':>8} {'+-points':>8} {'pos for +-%g' % args.half_width:>12} "
          f"{'(2x reps)':>9}")
    for engine, strategy, threads in configs:
        per_position, within = [], []
        repeats = 0
        for (e, s, t, position), counts in nodes.items():
            if (e, s, t) != (engine, strategy, threads):
                continue
            base_key = (e, "none" if e == "splitlab" else s, 1, position)
            if base_key not in nodes:
                continue
            base = statistics.median(nodes[base_key])
            logs = [math.log(n / base) for n in counts]
            per_position.append(statistics.mean(logs))
            repeats = max(repeats, len(logs))
            if len(logs) >= 2:
                within.append(statistics.variance(logs))
        if len(per_position) < 2:
            continue
        n = len(per_position)
        sd = statistics.stdev(per_position)
        within_var = statistics.mean(within) if within else float("nan")
        between_var = max(0.0, sd ** 2 - within_var / repeats) if within else float("nan")
        half_width = 1.96 * sd / math.sqrt(n)

        def positions_for(reps):
            if not within:
                return float("nan")
            return math.ceil((between_var + within_var / reps) * (1.96 / target) ** 2)

        name = f"{engine} {strategy} x{threads}"
        print(f"{name:<22} {n:>4} {repeats:>4} {100 * (math.exp(statistics.mean(per_position)) - 1):>8.1f}% "
              f"{sd:>7.3f} {math.sqrt(within_var) if within else float('nan'):>9.3f} "
              f"{between_var:>8.4f} {100 * half_width:>8.1f} {positions_for(repeats):>12} "
              f"{positions_for(2 * repeats):>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
