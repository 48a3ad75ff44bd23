#!/usr/bin/python3
"""Plots a `splitlab scale` summary (summary.csv -> PNG).

scaling.png: for each configuration above one thread, the time-to-depth speedup with its 95%
interval, the NPS ratio and the search overhead, as horizontal bars whose labels name the engine,
strategy, thread count, depth and median 1-thread time (they never overlap, however many rows).
When the run has more than two thread counts, also scaling_threads.png: speedup against threads
on log-log axes, one line per engine and strategy, with the ideal (speedup = threads)."""
import argparse
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_rows(path):
    with open(path, newline="") as f:
        # "# key: value" lines on top hold the run's metadata.
        lines = (line for line in f if not line.startswith("#"))
        rows = list(csv.DictReader(lines))
    for r in rows:
        int(r["threads"]), float(r["speedup"])  # A summary without them is not scale's.
    return rows


def depth_and_time(r):
    """'d19, 1.73 s' (summaries written before they were kept have neither)."""
    if r.get("depth") and r.get("median_1thread_seconds"):
        return f'd{r["depth"]}, {float(r["median_1thread_seconds"]):.2f} s'
    return ""


def bar_chart(rows, title, out):
    labels = []
    for r in rows:
        extra = depth_and_time(r)
        labels.append(f'{r["engine"]} {r["strategy"]} x{r["threads"]}' + (f" ({extra})" if extra else ""))
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

    y = list(range(len(rows)))[::-1]  # The first row on top.
    fig, axes = plt.subplots(1, 3, sharey=True, figsize=(13, 1.6 + 0.42 * len(rows)))
    axes[0].barh(y, speedup, xerr=[low, high], color=colors, capsize=3)
    axes[0].axvline(1.0, color="black", linewidth=0.8)
    axes[0].set_title("time-to-depth speedup\n(95% interval)", fontsize=10)
    axes[1].barh(y, nps, color=colors)
    axes[1].axvline(1.0, color="black", linewidth=0.8)
    axes[1].set_title("NPS ratio", fontsize=10)
    axes[2].barh(y, overhead, xerr=overhead_err, color=colors, capsize=3)
    axes[2].axvline(0.0, color="black", linewidth=0.8)
    axes[2].set_title("search overhead\n(% extra nodes, 95% interval)", fontsize=10)
    axes[0].set_yticks(y)
    axes[0].set_yticklabels(labels, fontsize=8)
    for ax in axes:
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def threads_chart(rows, title, out):
    """Speedup against threads, log-log, a line per engine and strategy (1 thread is 1.0)."""
    lines = {}
    for r in rows:
        key = (r["engine"], r["strategy"])
        if int(r["threads"]) == 1:
            continue
        lines.setdefault(key, []).append(r)
    # A strategy's 1-thread baseline is Splitlab's single-threaded search ("none"); a reference
    # engine's is its own 1-thread row: either way the speedup at 1 thread is 1.
    fig, ax = plt.subplots(figsize=(7.5, 6))
    threads = sorted({int(r["threads"]) for r in rows})
    ax.plot(threads, threads, color="black", linestyle="--", linewidth=1, label="ideal")
    for (engine, strategy), group in sorted(lines.items()):
        group.sort(key=lambda r: int(r["threads"]))
        xs = [1] + [int(r["threads"]) for r in group]
        ys = [1.0] + [float(r["speedup"]) for r in group]
        low = [0.0] + [float(r["speedup"]) - float(r["speedup_low"]) for r in group]
        high = [0.0] + [float(r["speedup_high"]) - float(r["speedup"]) for r in group]
        extra = depth_and_time(group[0])
        label = f"{engine} {strategy}" + (f" ({extra})" if extra else "")
        ax.errorbar(xs, ys, yerr=[low, high], marker="o", markersize=4, capsize=3, label=label,
                    linestyle="-" if engine == "splitlab" else ":")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=2)
    ax.set_xticks(threads)
    ax.set_xticklabels([str(t) for t in threads])
    ax.set_yticks(threads)
    ax.set_yticklabels([str(t) for t in threads])
    ax.set_xlabel("threads")
    ax.set_ylabel("time-to-depth speedup (95% interval)")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8, loc="upper left")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("summary", help="summary.csv written by splitlab scale")
    parser.add_argument("--out", default=None,
                        help="PNG path (default: scaling.png next to the summary); the "
                             "threads plot goes beside it as NAME_threads.png")
    parser.add_argument("--title", default="Splitlab scaling")
    args = parser.parse_args()
    try:
        rows = read_rows(args.summary)
    except (OSError, KeyError, ValueError) as e:
        print(f"plot_scale: cannot read {args.summary}: {e}", file=sys.stderr)
        return 2
    multi = [r for r in rows if int(r["threads"]) > 1]
    if not multi:
        print("plot_scale: no multi-threaded rows to plot", file=sys.stderr)
        return 2
    out = args.out or os.path.join(os.path.dirname(args.summary) or ".", "scaling.png")
    bar_chart(multi, args.title, out)
    print(f"plot_scale: wrote {out}", file=sys.stderr)
    if len({int(r["threads"]) for r in rows} | {1}) > 2:
        threads_out = os.path.splitext(out)[0] + "_threads.png"
        threads_chart(rows, args.title, threads_out)
        print(f"plot_scale: wrote {threads_out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
