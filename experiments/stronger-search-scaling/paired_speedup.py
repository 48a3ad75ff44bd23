#!/usr/bin/python3
"""Paired comparison of two `splitlab scale` runs on the same positions.

For each strategy both runs have, and each position: the speedup (the median 1-thread time
over the repeats / the median 2-thread time, as `scale` computes it) and the node ratio
(median 2-thread nodes / median 1-thread nodes).
Prints the geometric mean of the ratio B / A over positions with a 95% bootstrap interval
(10,000 resamples of the positions, fixed seed; `bench/compare_builds.py`'s
bootstrap, whose interleaved runs are the stronger design when both builds take one depth). Pairing by position removes the spread
between positions that widens each run's own interval.

usage: paired_speedup.py RUN_A/runs.csv RUN_B/runs.csv
"""
import csv
import os
import random
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "bench"))
from compare_builds import bootstrap_geomean  # noqa: E402  The interval compare_builds reports.


def per_position(path):
    """{strategy: {position: (speedup, node ratio)}} for Splitlab's 2-thread searches."""
    with open(path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    one, two = defaultdict(list), defaultdict(list)
    for r in rows:
        if r["engine"] != "splitlab":
            continue
        sample = (float(r["seconds"]), int(r["nodes"]))
        if r["threads"] == "1":
            one[r["position"]].append(sample)
        else:
            two[(r["strategy"], r["position"])].append(sample)
    out = defaultdict(dict)
    for (strategy, position), samples in two.items():
        if position not in one:
            continue
        t1 = statistics.median(s[0] for s in one[position])
        n1 = statistics.median(s[1] for s in one[position])
        t2 = statistics.median(s[0] for s in samples)
        n2 = statistics.median(s[1] for s in samples)
        out[strategy][position] = (t1 / t2, n2 / n1)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    a, b = per_position(sys.argv[1]), per_position(sys.argv[2])
    print("B / A, geometric mean over positions [95%% bootstrap]; A = %s, B = %s"
          % (sys.argv[1], sys.argv[2]))
    for strategy in sorted(set(a) & set(b)):
        shared = sorted(set(a[strategy]) & set(b[strategy]))
        if not shared:
            continue
        rng = random.Random(1)
        speed = bootstrap_geomean([b[strategy][p][0] / a[strategy][p][0] for p in shared],
                                  rng, 10000)
        nodes = bootstrap_geomean([b[strategy][p][1] / a[strategy][p][1] for p in shared],
                                  rng, 10000)
        print("%-5s %3d positions: speedup %.3f [%.3f, %.3f]   2-thread/1-thread nodes %.3f [%.3f, %.3f]"
              % (strategy, len(shared), *speed, *nodes))


if __name__ == "__main__":
    main()
