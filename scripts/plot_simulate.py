#!/usr/bin/python3
"""Plots a `splitlab simulate` run: speedup against virtual CPUs on log-log axes, per strategy
with its 95% interval, beside the ideal line and Hyatt's published DTS points (summary.csv ->
speedup.png); with --timeline, one timeline CSV as a bar per CPU (-> the CSV's name, .png)."""
import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# Hyatt, Gower & Nelson's DTS on a Cray C916 (1994): speedup at 2, 4, 8, 16 CPUs.
HYATT_DTS = [(2, 2.0), (4, 3.7), (8, 6.6), (16, 11.1)]

COLOURS = {"search": "#2a7", "split": "#e90", "join": "#fc3", "lock_wait": "#c22",
           "no_work": "#ddd", "wait_helpers": "#89c"}


def plot_speedup(summary: str, out: str) -> int:
    try:
        with open(summary, newline="") as f:
            rows = [r for r in csv.DictReader(line for line in f if not line.startswith("#"))]
    except (OSError, ValueError) as e:
        print(f"plot_simulate: cannot read {summary}: {e}", file=sys.stderr)
        return 2
    by_strategy = {}
    for r in rows:
        if r["strategy"] == "none":
            continue
        by_strategy.setdefault(r["strategy"], []).append(r)
    if not by_strategy:
        print("plot_simulate: no strategy rows to plot", file=sys.stderr)
        return 2
    fig, ax = plt.subplots(figsize=(7, 5.5))
    most = max(int(r["cpus"]) for rs in by_strategy.values() for r in rs)
    ax.plot([1, most], [1, most], color="#999", linestyle="--", label="ideal")
    ax.plot([c for c, _ in HYATT_DTS], [s for _, s in HYATT_DTS], "k*", markersize=10,
            label="Hyatt's DTS, Cray C916 (1994)")
    for strategy, rs in by_strategy.items():
        rs.sort(key=lambda r: int(r["cpus"]))
        cpus = [1] + [int(r["cpus"]) for r in rs]
        speedup = [1.0] + [float(r["speedup"]) for r in rs]
        low = [0.0] + [float(r["speedup"]) - float(r["speedup_low"]) for r in rs]
        high = [0.0] + [float(r["speedup_high"]) - float(r["speedup"]) for r in rs]
        ax.errorbar(cpus, speedup, yerr=[low, high], marker="o", capsize=3, label=strategy)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=2)
    ax.set_xlabel("virtual CPUs")
    ax.set_ylabel("speedup (virtual time to depth, against one CPU)")
    ax.set_title("splitlab simulate")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"plot_simulate: wrote {out}")
    return 0


def plot_timeline(path: str) -> int:
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except (OSError, ValueError) as e:
        print(f"plot_simulate: cannot read {path}: {e}", file=sys.stderr)
        return 2
    if not rows:
        print(f"plot_simulate: {path} has no events", file=sys.stderr)
        return 2
    cpus = max(int(r["cpu"]) for r in rows) + 1
    fig, ax = plt.subplots(figsize=(10, 1 + 0.22 * cpus))
    seen = set()
    for activity, colour in COLOURS.items():
        spans = {}
        for r in rows:
            if r["activity"] == activity:
                start = float(r["start_ns"]) / 1e6
                spans.setdefault(int(r["cpu"]), []).append((start, float(r["end_ns"]) / 1e6 - start))
        for cpu, bars in spans.items():
            ax.broken_barh(bars, (cpu - 0.4, 0.8), facecolors=colour,
                           label=activity if activity not in seen else None)
            seen.add(activity)
    ax.set_xlabel("virtual milliseconds")
    ax.set_ylabel("CPU")
    ax.set_title(os.path.basename(path))
    ax.legend(loc="upper right", fontsize=7, ncol=3)
    fig.tight_layout()
    out = path.rsplit(".", 1)[0] + ".png"
    fig.savefig(out, dpi=110)
    print(f"plot_simulate: wrote {out}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("summary", help="summary.csv written by splitlab simulate")
    parser.add_argument("--out", default=None, help="PNG path (default: speedup.png beside it)")
    parser.add_argument("--timeline", action="append", default=[], help="a timeline CSV to plot")
    args = parser.parse_args()
    out = args.out or os.path.join(os.path.dirname(args.summary) or ".", "speedup.png")
    status = plot_speedup(args.summary, out)
    for t in args.timeline:
        status = plot_timeline(t) or status
    return status


if __name__ == "__main__":
    sys.exit(main())
