#!/usr/bin/env python3
"""How much a one-thread search's tree moves when only its table changes, against how much a
second thread moves it.

A second thread perturbs the search through the table (entries written earlier or later than
one thread would) and through timing. This isolates the first kind without any thread: the same
positions searched at one thread to the same depth with different table sizes, each a
`splitlab scale --threads 1 --hash MB` run. For each engine it prints the spread of log node
counts within a position across the table sizes (pooled, the same statistic as
overhead_spread.py's "sd within a position"), beside the within-position spread of that
engine's 2-thread repeats from a scale run on the same suite.

    table_sensitivity.py --two-thread RUNS_CSV HASH_MB=RUNS_CSV [HASH_MB=RUNS_CSV ...]
"""
import argparse
import collections
import csv
import math
import statistics
import sys


def read(path):
    try:
        with open(path) as f:
            return list(csv.DictReader(line for line in f if not line.startswith("#")))
    except OSError as error:
        sys.exit(f"table_sensitivity.py: {error}")


def pooled_sd(groups):
    """sqrt of the mean within-group variance, over groups of at least two values."""
    variances = [statistics.variance(g) for g in groups if len(g) >= 2]
    return math.sqrt(statistics.fmean(variances)) if variances else float("nan"), len(variances)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--two-thread", required=True,
                        help="a scale runs.csv with 2-thread repeats on the same suite")
    parser.add_argument("runs", nargs="+", help="HASH_MB=RUNS_CSV of a --threads 1 run")
    args = parser.parse_args()
    # engine -> position -> [log nodes at each table size]
    by_size = collections.defaultdict(lambda: collections.defaultdict(list))
    sizes = []
    for item in args.runs:
        size, sep, path = item.partition("=")
        if not sep or not size.isdigit():
            sys.exit(f"table_sensitivity.py: '{item}' is not HASH_MB=RUNS_CSV")
        sizes.append(int(size))
        seen = set()
        for r in read(path):
            key = (r["engine"], r["position"])
            if r["threads"] != "1" or key in seen:  # One run per size (Splitlab's is deterministic).
                continue
            seen.add(key)
            by_size[r["engine"]][r["position"]].append(math.log(int(r["nodes"])))
    two = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in read(args.two_thread):
        if r["threads"] == "2" and r["strategy"] in ("ybwc", "dts"):
            two[r["engine"], r["strategy"]][r["position"]].append(math.log(int(r["nodes"])))
    print(f"table sizes (MB): {sorted(sizes)}")
    print(f"{'engine':<10} {'1 thread, table sizes: sd within a position':>44} {'positions':>9}"
          f"    2 threads, repeats: sd within a position")
    for engine, positions in sorted(by_size.items()):
        sd, n = pooled_sd(positions.values())
        repeats = ", ".join(
            f"{strategy} {pooled_sd(groups.values())[0]:.3f}"
            for (e, strategy), groups in sorted(two.items()) if e == engine)
        print(f"{engine:<10} {sd:>44.3f} {n:>9}    {repeats or '-'}")


if __name__ == "__main__":
    main()
