#!/usr/bin/python3
"""Plots a `splitlab tt-study` run: each replacement policy's nodes relative to the best policy
at each table size, against log2 of the size in entries; one line per policy, one panel per
search mode (full, plain) and table mode (kept between moves, cleared before each position).
results.csv -> PNG."""
import argparse
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

SEARCHES = ["full", "plain"]
TABLES = ["kept", "cleared"]
TABLE_TITLES = {"kept": "table kept between moves", "cleared": "table cleared before each move"}
# The order of tt_options.h, so that a policy keeps its colour from one plot to the next.
POLICIES = ["deep", "new", "old", "big1", "bigall", "twodeep", "twobig1", "bucket", "depth-age"]


def read_rows(path):
    """{(search, table): {policy: {log2: nodes}}} and {search: depth} from results.csv."""
    panels = defaultdict(lambda: defaultdict(dict))
    depths = {}
    with open(path, newline="") as f:
        # The run's metadata comes first as "# key: value" lines (since rows went through the
        # shared resumable CSV); older files have none.
        for r in csv.DictReader(line for line in f if not line.startswith("#")):
            panels[(r["search"], r["table"])][r["policy"]][int(r["log2_entries"])] = int(r["nodes"])
            depths[r["search"]] = int(r["depth"])
    return panels, depths


def relative_to_best(policies):
    """{policy: [(log2, ratio)]}: nodes over the fewest of any policy at the same size."""
    best = {}
    for sizes in policies.values():
        for log2, nodes in sizes.items():
            best[log2] = min(best.get(log2, nodes), nodes)
    return {p: sorted((log2, nodes / best[log2] if best[log2] else 1.0)
                      for log2, nodes in sizes.items())
            for p, sizes in policies.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", help="results.csv written by splitlab tt-study")
    parser.add_argument("--out", default=None, help="PNG path (default: tt_study.png beside it)")
    parser.add_argument("--title", default="Replacement policies: nodes relative to the best "
                        "policy at each table size")
    args = parser.parse_args()
    try:
        panels, depths = read_rows(args.results)
    except (OSError, KeyError, ValueError) as e:
        print(f"plot: cannot read {args.results}: {e}", file=sys.stderr)
        return 2
    if not panels:
        print(f"plot: no rows in {args.results}", file=sys.stderr)
        return 2
    searches = [s for s in SEARCHES if any(k[0] == s for k in panels)]
    tables = [t for t in TABLES if any(k[1] == t for k in panels)]
    known = [p for p in POLICIES if any(p in v for v in panels.values())]
    others = sorted({p for v in panels.values() for p in v} - set(POLICIES))
    colors = {p: plt.get_cmap("tab10")(i % 10) for i, p in enumerate(known + others)}

    fig, axes = plt.subplots(len(searches), len(tables), squeeze=False, sharex=True,
                             figsize=(6.5 * len(tables), 4.2 * len(searches)))
    for i, search in enumerate(searches):
        for j, table in enumerate(tables):
            ax = axes[i][j]
            ax.set_title(f"{search} search to depth {depths[search]}, {TABLE_TITLES[table]}",
                         fontsize=10)
            ratios = relative_to_best(panels.get((search, table), {}))
            for p in known + others:
                if p not in ratios:
                    continue
                xs, ys = zip(*ratios[p])
                ax.plot(xs, ys, marker="o", markersize=3, label=p, color=colors[p],
                        linestyle="--" if p in ("bucket", "depth-age") else "-")
            ax.axhline(1.0, color="black", linewidth=0.6)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.tick_params(labelbottom=True)
            ax.set_xlabel("log2 of table size (entries)")
            ax.set_ylabel("nodes / best policy's nodes")
            ax.grid(True, alpha=0.3)
            if ratios:
                ax.legend(fontsize=8, ncol=3)
    fig.suptitle(args.title)
    fig.tight_layout()
    out = args.out or (args.results.rsplit("/", 1)[0] + "/tt_study.png"
                       if "/" in args.results else "tt_study.png")
    fig.savefig(out, dpi=110)
    print(f"plot: wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
