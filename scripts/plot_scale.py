#!/usr/bin/python3
"""Plots a `splitlab scale` summary: time-to-depth speedup with its 95% interval, the NPS
ratio and the search overhead of each configuration (summary.csv -> PNG)."""
import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("summary", help="summary.csv written by splitlab scale")
    parser.add_argument("--out", default=None, help="PNG path (default: next to the summary)")
    parser.add_argument("--title", default="Splitlab scaling")
    args = parser.parse_args()
    try:
        with open(args.summary, newline="") as f:
            # "# key: value" lines on top hold the run's metadata.
            lines = (line for line in f if not line.startswith("#"))
            rows = [r for r in csv.DictReader(lines) if int(r["threads"]) > 1]
    except (OSError, KeyError, ValueError) as e:
        print(f"plot_scale: cannot read {args.summary}: {e}", file=sys.stderr)
        return 2
    if not rows:
        print("plot_scale: no multi-threaded rows to plot", file=sys.stderr)
        return 2
    # Each engine's depth and its 1-thread time to it (summaries written before they were kept
    # have neither): at equal time the depths differ, and the label says by how much.
    def label(r):
        text = f'{r["engine"]}\n{r["strategy"]} x{r["threads"]}'
        if r.get("depth") and r.get("median_1thread_seconds"):
            text += f'\nd{r["depth"]}, {float(r["median_1thread_seconds"]):.2f} s'
        return text
    labels = [label(r) for r in rows]
    speedup = [float(r["speedup"]) for r in rows]
    low = [float(r["speedup"]) - float(r["speedup_low"]) for r in rows]
    high = [float(r["speedup_high"]) - float(r["speedup"]) for r in rows]
    nps = [float(r["nps_ratio"]) for r in rows]
    overhead = [100 * (float(r["overhead"]) - 1) for r in rows]
    # Summaries written before the overhead had an interval plot without error bars.
    if all(r.get("overhead_low") and r.get("overhead_high") for r in rows):
        overhead_err = [[100 * (float(r["overhead"]) - float(r["overhead_low"])) for r in rows],
                        [100 * (float(r["overhead_high"]) - float(r["overhead"])) for r in rows]]
    else:
        overhead_err = None
    colors = ["tab:blue" if r["engine"] == "splitlab" else "tab:gray" for r in rows]

    fig, axes = plt.subplots(1, 3, figsize=(max(10, 2.2 * len(rows)), 4.5))
    x = range(len(rows))
    axes[0].bar(x, speedup, yerr=[low, high], color=colors, capsize=4)
    axes[0].axhline(1.0, color="black", linewidth=0.8)
    axes[0].set_title("time-to-depth speedup (95% CI)")
    axes[1].bar(x, nps, color=colors)
    axes[1].axhline(1.0, color="black", linewidth=0.8)
    axes[1].set_title("NPS ratio")
    axes[2].bar(x, overhead, yerr=overhead_err, color=colors, capsize=4)
    axes[2].axhline(0.0, color="black", linewidth=0.8)
    axes[2].set_title("search overhead (% extra nodes, 95% CI)")
    for ax in axes:
        ax.set_xticks(list(x))
        ax.set_xticklabels(labels, fontsize=8)
    fig.suptitle(args.title)
    fig.tight_layout()
    out = args.out or args.summary.rsplit("/", 1)[0] + "/scaling.png"
    fig.savefig(out, dpi=110)
    print(f"plot_scale: wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
