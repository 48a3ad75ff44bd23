#!/usr/bin/python3
"""Plots a `bench/compare_builds.py` summary: for each strategy and thread count, the build
before and after a change side by side: time-to-depth speedup (95% CI), NPS ratio, failed
split attempts per 100 splits made (log scale) and the threads' idle share (summary.csv -> PNG)."""
import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

BUILD_COLORS = {"before": "tab:gray", "after": "tab:blue"}


def read_rows(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    configs = sorted({(r["strategy"], int(r["threads"])) for r in rows},
                     key=lambda c: (c[1], c[0]))
    by_key = {(r["build"], r["strategy"], int(r["threads"])): r for r in rows}
    return configs, by_key


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("summary", help="summary.csv written by bench/compare_builds.py")
    parser.add_argument("--out", default=None, help="PNG path (default: compare.png beside it)")
    parser.add_argument("--title", default="Parallel core: before and after")
    args = parser.parse_args()
    try:
        configs, by_key = read_rows(args.summary)
    except (OSError, KeyError, ValueError) as e:
        print(f"plot_compare: cannot read {args.summary}: {e}", file=sys.stderr)
        return 2
    if not configs:
        print(f"plot_compare: no rows in {args.summary}", file=sys.stderr)
        return 2

    panels = [("speedup", "time-to-depth speedup (95% CI)", False),
              ("nps_ratio", "NPS ratio (N threads / 1)", False),
              ("failed_per_100_splits", "failed split attempts per 100 splits", True),
              ("idle_percent", "idle share of the threads (%)", False)]
    fig, axes = plt.subplots(1, len(panels), figsize=(max(12, 1.6 * len(configs) * 2), 4.5))
    width = 0.38
    for ax, (field, title, log) in zip(axes, panels):
        for offset, build in ((-width / 2, "before"), (width / 2, "after")):
            xs, heights, yerr = [], [], [[], []]
            for i, (strategy, threads) in enumerate(configs):
                row = by_key.get((build, strategy, threads))
                if not row:
                    continue
                value = float(row[field])
                if log:
                    value = max(value, 1e-3)  # A log axis cannot show 0.
                xs.append(i + offset)
                heights.append(value)
                if field == "speedup":
                    yerr[0].append(value - float(row["speedup_low"]))
                    yerr[1].append(float(row["speedup_high"]) - value)
            ax.bar(xs, heights, width, color=BUILD_COLORS[build], label=build,
                   yerr=yerr if field == "speedup" else None, capsize=3)
        if log:
            ax.set_yscale("log")
        if field in ("speedup", "nps_ratio"):
            ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_title(title, fontsize=10)
        ax.set_xticks(range(len(configs)))
        ax.set_xticklabels([f"{s}\nx{t}" for s, t in configs], fontsize=8)
    axes[0].legend()
    fig.suptitle(args.title)
    fig.tight_layout()
    out = args.out or os.path.join(os.path.dirname(args.summary) or ".", "compare.png")
    fig.savefig(out, dpi=110)
    print(f"plot_compare: wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
