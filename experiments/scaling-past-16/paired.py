#!/usr/bin/env python3
"""Two `splitlab simulate` folders compared, paired by position: for each strategy and CPU count
both hold, each one's speedup and the ratio of the second's to the first's (per position, the
first's virtual time over the second's: both searched the same 1-CPU tree, which is
deterministic), as a geometric mean with a 95% bootstrap interval over the positions; and each
one's pooled extra nodes and starved share (summary.csv). A ratio whose interval lies above 1
is a gain, below 1 a loss; one that straddles 1 decides nothing.

  paired.py BASE OTHER [--label-base NAME] [--label-other NAME] [--markdown]

Python 3 standard library only.
"""

import argparse
import csv
import math
import os
import random
import sys


def read_runs(folder):
    """{(strategy, cpus, position): virtual_ps}, and the 1-CPU times by position."""
    rows = {}
    with open(os.path.join(folder, "runs.csv")) as f:
        lines = [line for line in f if not line.startswith("#")]
    for r in csv.DictReader(lines):
        rows[(r["strategy"], int(r["cpus"]), r["position"])] = int(r["virtual_ps"])
    return rows


def read_summary(folder):
    with open(os.path.join(folder, "summary.csv")) as f:
        lines = [line for line in f if not line.startswith("#")]
    return {(r["strategy"], int(r["cpus"])): r for r in csv.DictReader(lines)}


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def geomean_interval(values, resamples=4000, seed=1):
    rng = random.Random(seed)
    means = sorted(geomean(rng.choices(values, k=len(values))) for _ in range(resamples))
    return geomean(values), means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def compare(base, other):
    """[(strategy, cpus, positions, speedup_base, speedup_other, (ratio, low, high))]."""
    a, b = read_runs(base), read_runs(other)
    out = []
    cells = sorted({(s, n) for (s, n, _) in a if n > 1} & {(s, n) for (s, n, _) in b if n > 1},
                   key=lambda c: (c[0], c[1]))
    for strategy, cpus in cells:
        ratios, speed_a, speed_b = [], [], []
        for (s, n, position), ps in a.items():
            if (s, n) != (strategy, cpus) or (strategy, cpus, position) not in b:
                continue
            one_a, one_b = a.get(("none", 1, position)), b.get(("none", 1, position))
            if not one_a or not one_b or one_a != one_b:
                sys.exit("paired.py: position %s: the 1-CPU searches differ (%s, %s): not the "
                         "same search" % (position, one_a, one_b))
            ratios.append(ps / b[(strategy, cpus, position)])
            speed_a.append(one_a / ps)
            speed_b.append(one_b / b[(strategy, cpus, position)])
        if ratios:
            out.append((strategy, cpus, len(ratios), geomean(speed_a), geomean(speed_b),
                        geomean_interval(ratios)))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("base")
    p.add_argument("other")
    p.add_argument("--label-base", default=None)
    p.add_argument("--label-other", default=None)
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args()
    label_a = args.label_base or os.path.basename(os.path.normpath(args.base))
    label_b = args.label_other or os.path.basename(os.path.normpath(args.other))
    sa, sb = read_summary(args.base), read_summary(args.other)
    rows = compare(args.base, args.other)
    if not rows:
        sys.exit("paired.py: no strategy and CPU count in both folders")
    if args.markdown:
        print("| strategy | CPUs | positions | %s | %s | ratio [95%%] | extra nodes | starved |"
              % (label_a, label_b))
        print("|---|---|---|---|---|---|---|---|")
    for strategy, cpus, n, speed_a, speed_b, (ratio, low, high) in rows:
        ca, cb = sa.get((strategy, cpus), {}), sb.get((strategy, cpus), {})
        extra = "%+.0f%% / %+.0f%%" % (100 * float(ca.get("overhead_pooled", "nan")),
                                       100 * float(cb.get("overhead_pooled", "nan")))
        starved = "%.0f%% / %.0f%%" % (100 * float(ca.get("no_work_share", "nan")),
                                       100 * float(cb.get("no_work_share", "nan")))
        if args.markdown:
            print("| %s | %d | %d | %.2f | %.2f | x%.2f [%.2f, %.2f] | %s | %s |"
                  % (strategy, cpus, n, speed_a, speed_b, ratio, low, high, extra, starved))
        else:
            print("%-7s %3d CPUs %3d pos  %s %.2f  %s %.2f  ratio x%.2f [%.2f, %.2f]  extra %s"
                  "  starved %s" % (strategy, cpus, n, label_a, speed_a, label_b, speed_b, ratio,
                                    low, high, extra, starved))


if __name__ == "__main__":
    main()
