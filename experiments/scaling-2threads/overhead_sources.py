#!/usr/bin/env python3
"""Where a scale run's search overhead comes from: which searches carry the extra nodes.

Reads a `splitlab scale` runs.csv and, for each split strategy at 2 threads, splits the
overhead (the geometric mean of the 2-thread/1-thread node ratio, as `scale` reports it, here
over single runs rather than per-position medians) into parts:

  - runs whose best move differs from the 1-thread search's against runs where it agrees
    (a second thread that changes the course of an iteration searches another tree);
  - aborted work (nodes of split subtrees thrown away after a cutoff), as a share of nodes;
  - the size of the tree (quartiles), by the 1-thread count and, since binning by the ratio's
    own denominator favours small counts that were small by chance (regression to the mean),
    by the geometric mean of the two counts, which is free of that bias when both vary alike;
  - the total nodes of all 2-thread runs against the 1-thread total (big trees weigh more);
  - the tail: how much of the summed log ratio the worst tenth of positions carries.

    experiments/scaling-2threads/overhead_sources.py RUNS_CSV [--threads 2] [--engine glaurung]

Pure analysis of a committed file; prints a table per strategy.
"""
import argparse
import csv
import math
import statistics
import sys
from collections import defaultdict


def read_runs(path):
    with open(path) as f:
        rows = [r for r in csv.DictReader(line for line in f if not line.startswith("#"))]
    if not rows:
        sys.exit(f"overhead_sources.py: no runs in '{path}'")
    return rows


def geometric_overhead(log_ratios):
    return 100.0 * (math.exp(statistics.fmean(log_ratios)) - 1.0) if log_ratios else float("nan")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs_csv")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--engine", default="splitlab",
                        help="whose runs: splitlab, or a reference engine of the run (glaurung)")
    return parser.parse_args()


def quartile(value, edges):
    return sum(value > edge for edge in edges)


def report_strategy(args, strategy, runs, single, sizes, quartile_edges):
    """Prints the parts of one strategy's overhead; single holds the 1-thread runs."""
    logs, same, differ = [], [], []
    by_quartile = defaultdict(list)
    by_mean_size = []
    sum_1 = sum_2 = 0
    per_position = defaultdict(list)
    aborted_share = []
    for r in runs:
        nodes_1, best_1 = single[r["position"]]
        nodes_2 = int(r["nodes"])
        if nodes_1 <= 0 or nodes_2 <= 0:
            continue
        log_ratio = math.log(nodes_2 / nodes_1)
        logs.append(log_ratio)
        (same if r["bestmove"] == best_1 else differ).append(log_ratio)
        by_quartile[quartile(nodes_1, quartile_edges)].append(log_ratio)
        by_mean_size.append((math.sqrt(nodes_1 * nodes_2), log_ratio))
        sum_1 += nodes_1
        sum_2 += nodes_2
        per_position[r["position"]].append(log_ratio)
        aborted_share.append(int(r["aborted_nodes"] or 0) / nodes_2)
    total = sum(logs)
    n = len(logs)
    print(f"{args.engine} {strategy} at {args.threads} threads: {n} runs over "
          f"{len(per_position)} positions")
    print(f"  overhead (geometric mean over runs): {geometric_overhead(logs):.1f}%")
    print(f"  best move as 1 thread's: {len(same)} runs ({100 * len(same) / n:.0f}%), "
          f"overhead {geometric_overhead(same):.1f}%, "
          f"{100 * sum(same) / total:.0f}% of the summed log ratio")
    print(f"  best move differs:       {len(differ)} runs ({100 * len(differ) / n:.0f}%), "
          f"overhead {geometric_overhead(differ):.1f}%, "
          f"{100 * sum(differ) / total:.0f}% of the summed log ratio")
    print(f"  aborted work: {100 * statistics.fmean(aborted_share):.1f}% of the nodes "
          f"(mean over runs)")
    print(f"  total nodes, 2 threads against 1: {100 * (sum_2 / sum_1 - 1):.1f}% more")
    labels = ["smallest", "second", "third", "largest"]
    mean_sizes = sorted(size for size, _ in by_mean_size)
    mean_edges = [mean_sizes[len(mean_sizes) * q // 4] for q in (1, 2, 3)]
    by_mean_quartile = defaultdict(list)
    for size, log_ratio in by_mean_size:
        by_mean_quartile[quartile(size, mean_edges)].append(log_ratio)
    for q in range(4):
        print(f"  tree {labels[q]:>8} quartile: by the 1-thread count "
              f"(up to {(quartile_edges + [sizes[-1]])[q]:,} nodes) "
              f"{geometric_overhead(by_quartile[q]):5.1f}%; by the mean of both counts "
              f"(up to {(mean_edges + [mean_sizes[-1]])[q]:,.0f}) "
              f"{geometric_overhead(by_mean_quartile[q]):5.1f}%")
    position_means = sorted((statistics.fmean(v) for v in per_position.values()), reverse=True)
    tenth = max(1, len(position_means) // 10)
    below_one = sum(1 for v in logs if v < 0)
    print(f"  worst tenth of positions ({tenth}): "
          f"{100 * sum(position_means[:tenth]) / sum(position_means):.0f}% "
          f"of the summed log ratio; without them the overhead is "
          f"{geometric_overhead(position_means[tenth:]):.1f}%")
    print(f"  runs with fewer nodes than 1 thread: {below_one} ({100 * below_one / n:.0f}%); "
          f"median ratio {math.exp(statistics.median(logs)):.3f}")
    print()


def main():
    args = parse_args()
    rows = read_runs(args.runs_csv)
    single = {}
    for r in rows:
        if r["engine"] == args.engine and r["threads"] == "1":
            single[r["position"]] = (int(r["nodes"]), r["bestmove"])
    by_strategy = defaultdict(list)
    for r in rows:
        if r["engine"] != args.engine or int(r["threads"]) != args.threads:
            continue
        if r["position"] not in single:
            continue
        by_strategy[r["strategy"]].append(r)
    if not by_strategy:
        sys.exit(f"overhead_sources.py: no {args.threads}-thread {args.engine} runs in "
                 f"'{args.runs_csv}'")
    sizes = sorted(n for n, _ in single.values())
    quartile_edges = [sizes[len(sizes) * q // 4] for q in (1, 2, 3)]

    for strategy, runs in sorted(by_strategy.items()):
        report_strategy(args, strategy, runs, single, sizes, quartile_edges)


if __name__ == "__main__":
    main()
