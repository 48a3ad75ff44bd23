#!/usr/bin/python3
"""Sums up the node-type predictor runs of run.sh.

Reads every run folder under RESULTS (named 1t-SUITE-dDEPTH or 2t-STRATEGY-SUITE-dDEPTH, each
written by `splitlab predictor`) and writes into OUT:
  runs.csv         one row a run: prediction right per predicted type, first-move cut share,
                   splits made and wasted per predicted type;
  by_draft.csv     per configuration (threads, strategy, depth) and draft, the three suites
                   together: prediction right per predicted type, first-move share, splits and
                   wasted splits per predicted type;
  predictor.png    prediction right and first-move share by draft, per suite (1 thread,
                   deepest depth);
  splits.png       wasted splits by draft and predicted type (2 threads, deepest depth);
and prints the tables the report quotes.

usage: analyze.py [RESULTS] [OUT]   (defaults: results, the folder of this script)
"""
import csv
import os
import re
import sys
from collections import defaultdict

TYPES = ["PV", "Cut", "All"]
RUN_NAME = re.compile(r"^(1t|2t-(ybwc|dts))-(bench|wac|scaling)-d(\d+)$")


def read_csv(path):
    with open(path) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


class Counts:
    """Predicted x actual nodes, cut nodes and first-move cuts, and split outcomes, by draft."""

    def __init__(self):
        self.nodes = defaultdict(int)  # (draft, predicted, actual)
        self.first = defaultdict(int)  # (draft, predicted) -> first-move cuts
        self.cuts = defaultdict(int)  # (draft, predicted) -> cut nodes
        self.made = defaultdict(int)  # (draft, predicted) -> splits made
        self.wasted = defaultdict(int)
        self.finished = defaultdict(int)  # (draft, predicted, actual)
        self.abandoned = defaultdict(int)
        self.drafts = set()

    def add_run(self, folder):
        for r in read_csv(os.path.join(folder, "node_types_by_draft.csv")):
            d = int(r["draft"])
            self.drafts.add(d)
            self.nodes[d, r["predicted"], r["actual"]] += int(r["nodes"])
        for r in read_csv(os.path.join(folder, "first_move_cuts_by_draft.csv")):
            d = int(r["draft"])
            self.first[d, r["predicted"]] += int(r["first_move_cuts"])
            self.cuts[d, r["predicted"]] += int(r["cut_nodes"])
        for r in read_csv(os.path.join(folder, "splits_by_draft.csv")):
            d, p = int(r["draft"]), r["predicted"]
            self.made[d, p] += int(r["made"])
            self.wasted[d, p] += int(r["wasted"])
            self.abandoned[d, p] += int(r["abandoned"])
            for t in TYPES:
                self.finished[d, p, t] += int(r["finished_" + t.lower()])

    # Sums over the drafts given (all when None).
    def _drafts(self, drafts):
        return sorted(self.drafts) if drafts is None else drafts

    def predicted(self, p, drafts=None):
        return sum(self.nodes[d, p, a] for d in self._drafts(drafts) for a in TYPES)

    def right(self, p, drafts=None):
        return sum(self.nodes[d, p, p] for d in self._drafts(drafts))

    def matrix(self, drafts=None):
        return {(p, a): sum(self.nodes[d, p, a] for d in self._drafts(drafts))
                for p in TYPES for a in TYPES}

    def first_share(self, drafts=None, predicted=TYPES):
        first = sum(self.first[d, p] for d in self._drafts(drafts) for p in predicted)
        cuts = sum(self.cuts[d, p] for d in self._drafts(drafts) for p in predicted)
        return first, cuts

    def splits(self, p, drafts=None):
        ds = self._drafts(drafts)
        return sum(self.made[d, p] for d in ds), sum(self.wasted[d, p] for d in ds)

    def split_finished(self, p, drafts=None):
        ds = self._drafts(drafts)
        return {a: sum(self.finished[d, p, a] for d in ds) for a in TYPES}


def percent(part, whole):
    return 100.0 * part / whole if whole else float("nan")


def fmt(x):
    return "  -  " if x != x else "%5.1f" % x


def read_runs(results):
    """The finished runs under results; exits when there is none."""
    runs = {}  # (config, suite, depth) -> Counts; config = "1t", "2t-ybwc", "2t-dts"
    for name in sorted(os.listdir(results)):
        m = RUN_NAME.match(name)
        if not m:
            continue
        folder = os.path.join(results, name)
        positions = read_csv(os.path.join(folder, "positions.csv"))
        summary = open(os.path.join(folder, "summary.txt")).read()
        done = re.search(r"^(\d+) of (\d+) positions", summary, re.M)
        if not done or done.group(1) != done.group(2):
            print("skipping %s: unfinished (%d positions so far)" % (name, len(positions)),
                  file=sys.stderr)
            continue
        counts = Counts()
        counts.add_run(folder)
        runs[m.group(1), m.group(3), int(m.group(4))] = counts
    if not runs:
        sys.exit("analyze.py: no finished run under %s" % results)
    return runs


def write_runs_csv(runs, out):
    with open(os.path.join(out, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["config", "suite", "depth", "counted_nodes", "right_percent"] +
                   ["%s_right_percent" % t for t in TYPES] +
                   ["cut_nodes", "first_move_cut_percent"] +
                   ["%s_%s" % (t, k) for t in TYPES for k in ("splits", "wasted_percent")])
        for (config, suite, depth), c in sorted(runs.items()):
            total = sum(c.predicted(t) for t in TYPES)
            first, cuts = c.first_share()
            row = [config, suite, depth, total, "%.2f" % percent(sum(c.right(t) for t in TYPES), total)]
            row += ["%.2f" % percent(c.right(t), c.predicted(t)) for t in TYPES]
            row += [cuts, "%.2f" % percent(first, cuts)]
            for t in TYPES:
                made, wasted = c.splits(t)
                row += [made, "%.2f" % percent(wasted, made)]
            w.writerow(row)


def merge_suites(runs):
    # Per configuration and depth, the three suites together.
    merged = defaultdict(Counts)
    for (config, suite, depth), c in runs.items():
        m = merged[config, depth]
        for attr in ("nodes", "first", "cuts", "made", "wasted", "finished", "abandoned"):
            for k, v in getattr(c, attr).items():
                getattr(m, attr)[k] += v
        m.drafts |= c.drafts
    return merged


def write_by_draft_csv(merged, out):
    with open(os.path.join(out, "by_draft.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["config", "depth", "draft"] +
                   ["%s_nodes" % t for t in TYPES] + ["%s_right_percent" % t for t in TYPES] +
                   ["cut_nodes", "first_move_cut_percent"] +
                   ["%s_%s" % (t, k) for t in TYPES for k in ("splits", "wasted_percent")])
        for (config, depth), c in sorted(merged.items()):
            for d in sorted(c.drafts):
                first, cuts = c.first_share([d])
                row = [config, depth, d] + [c.predicted(t, [d]) for t in TYPES]
                row += ["%.2f" % percent(c.right(t, [d]), c.predicted(t, [d])) for t in TYPES]
                row += [cuts, "%.2f" % percent(first, cuts)]
                for t in TYPES:
                    made, wasted = c.splits(t, [d])
                    row += [made, "%.2f" % percent(wasted, made)]
                w.writerow(row)


def print_tables(runs, merged):
    # The tables the report quotes.
    print("Each run: prediction right (%) per predicted type, first-move share of cut nodes,")
    print("wasted splits (%) per predicted type (2 threads).")
    print("%-8s %-8s %5s %12s %6s %6s %6s %6s %7s %7s %7s" %
          ("config", "suite", "depth", "nodes", "PV", "Cut", "All", "first", "wPV", "wCut", "wAll"))
    for (config, suite, depth), c in sorted(runs.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2])):
        total = sum(c.predicted(t) for t in TYPES)
        first, cuts = c.first_share()
        wasted = [percent(*reversed(c.splits(t))) for t in TYPES]
        print("%-8s %-8s %5d %12d %6s %6s %6s %6s %7s %7s %7s" % (
            config, suite, depth, total,
            *[fmt(percent(c.right(t), c.predicted(t))) for t in TYPES],
            fmt(percent(first, cuts)), *[fmt(x) for x in wasted]))
    for (config, depth), c in sorted(merged.items()):
        print("\n%s, depth %d, three suites: predicted \\ actual" % (config, depth))
        mat = c.matrix()
        for p in TYPES:
            row_total = sum(mat[p, a] for a in TYPES)
            print("  %-4s %s   right %s%%" % (p, " ".join("%12d" % mat[p, a] for a in TYPES),
                                            fmt(percent(mat[p, p], row_total))))
        first, cuts = c.first_share()
        print("  cut nodes %d, first move %s%%; predicted Cut nodes that cut: first move %s%%" % (
            cuts, fmt(percent(first, cuts)),
            fmt(percent(*c.first_share(predicted=["Cut"])))))
        if config != "1t":
            for t in TYPES:
                made, wasted = c.splits(t)
                fin = c.split_finished(t)
                abandoned = sum(c.abandoned[d, t] for d in c.drafts)
                print("  %s splits %d: finished PV/Cut/All %d/%d/%d, abandoned %d, wasted %d (%s%%)" % (
                    t, made, fin["PV"], fin["Cut"], fin["All"], abandoned, wasted,
                    fmt(percent(wasted, made))))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    results = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results")
    out = sys.argv[2] if len(sys.argv) > 2 else here
    runs = read_runs(results)
    write_runs_csv(runs, out)
    merged = merge_suites(runs)
    write_by_draft_csv(merged, out)
    print_tables(runs, merged)
    plot(runs, merged, out)


def plot(runs, merged, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    one = [k for k in runs if k[0] == "1t"]
    if one:
        depth = max(k[2] for k in one)
        suites = [s for s in ("bench", "wac", "scaling") if ("1t", s, depth) in runs]
        fig, axes = plt.subplots(1, len(suites), figsize=(5 * len(suites), 4.5), sharey=True,
                                 squeeze=False)
        for ax, suite in zip(axes[0], suites):
            c = runs["1t", suite, depth]
            drafts = [d for d in sorted(c.drafts)
                      if sum(c.predicted(t, [d]) for t in TYPES) >= 200]
            for t, style in zip(TYPES, ("o-", "s-", "^-")):
                ax.plot(drafts, [percent(c.right(t, [d]), c.predicted(t, [d])) for d in drafts],
                        style, label="predicted %s: right" % t)
            ax.plot(drafts, [percent(*c.first_share([d])) for d in drafts], "k--",
                    label="cut nodes cut by the first move")
            ax.set_title("%s, 1 thread, depth %d" % (suite, depth))
            ax.set_xlabel("draft (remaining depth)")
            ax.set_ylim(0, 100)
            ax.grid(alpha=0.3)
        axes[0][0].set_ylabel("%")
        axes[0][0].legend(loc="lower right")
        fig.tight_layout()
        fig.savefig(os.path.join(out, "predictor.png"), dpi=110)
        plt.close(fig)

    two = [k for k in merged if k[0] != "1t"]
    if two:
        depth = max(k[1] for k in two)
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.5), sharey=True)
        for ax, config in zip(axes, ("2t-ybwc", "2t-dts")):
            c = merged.get((config, depth))
            if c is None:
                continue
            for t, style in zip(TYPES, ("o-", "s-", "^-")):
                drafts = [d for d in sorted(c.drafts) if c.splits(t, [d])[0] >= 20]
                ax.plot(drafts, [percent(c.splits(t, [d])[1], c.splits(t, [d])[0]) for d in drafts],
                        style, label="split at predicted %s" % t)
            ax.set_title("%s, depth %d" % (config, depth))
            ax.set_xlabel("draft of the split node")
            ax.grid(alpha=0.3)
        axes[0].set_ylabel("wasted splits (cut off while helpers worked), %")
        axes[0].legend()
        fig.tight_layout()
        fig.savefig(os.path.join(out, "splits.png"), dpi=110)
        plt.close(fig)


if __name__ == "__main__":
    main()
