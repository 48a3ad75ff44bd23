#!/usr/bin/python3
"""The node-type predictor's accuracy, one row a `splitlab predictor` run.

Reads every run folder under each FOLDER (default: predictor-features beside this script, the
default search with one feature off at a time) whose name contains --match, and prints: the
searched nodes the predictor counted, the share of predicted PV, Cut and All nodes that turned
out that type, the same for the nodes of draft >= 4 (where the split strategies may split),
and the share of Cut nodes that cut on the first move searched.

usage: predictor_features.py [--match TEXT] [FOLDER ...]
"""
import argparse
import csv
import os
import sys
from collections import defaultdict

TYPES = ["PV", "Cut", "All"]
MIN_SPLIT_DRAFT = 4  # --min-split-depth's default


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def percent(part, whole):
    return 100.0 * part / whole if whole else float("nan")


def summarize(folder):
    nodes = defaultdict(int)  # (deep, predicted, actual): deep = draft >= MIN_SPLIT_DRAFT
    for r in rows(os.path.join(folder, "node_types_by_draft.csv")):
        deep = int(r["draft"]) >= MIN_SPLIT_DRAFT
        nodes[(deep, r["predicted"], r["actual"])] += int(r["nodes"])
    cuts = first = 0
    for r in rows(os.path.join(folder, "first_move_cuts_by_draft.csv")):
        cuts += int(r["cut_nodes"])
        first += int(r["first_move_cuts"])

    def right(predicted, drafts):
        hit = sum(nodes[(d, predicted, predicted)] for d in drafts)
        return percent(hit, sum(nodes[(d, predicted, a)] for d in drafts for a in TYPES))

    total = sum(nodes.values())
    every = (False, True)
    return ([total] + [right(t, every) for t in TYPES] + [right(t, (True,)) for t in TYPES]
            + [percent(first, cuts)])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="*", metavar="FOLDER",
                        default=[os.path.join(here, "predictor-features")])
    parser.add_argument("--match", default="", help="only runs whose folder name contains this")
    args = parser.parse_args()
    runs = []
    for folder in args.folders:
        if not os.path.isdir(folder):
            sys.exit("predictor_features.py: no folder %s" % folder)
        runs += [os.path.join(folder, n) for n in sorted(os.listdir(folder))
                 if args.match in n
                 and os.path.exists(os.path.join(folder, n, "node_types_by_draft.csv"))]
    if not runs:
        sys.exit("predictor_features.py: no predictor run matching '%s' under %s"
                 % (args.match, ", ".join(args.folders)))
    print("Prediction right (%%) by predicted type, all drafts and drafts >= %d;" % MIN_SPLIT_DRAFT)
    print("first: Cut nodes cut by the first move searched (%)")
    print("%-48s %10s %6s %6s %6s | %6s %6s %6s | %6s"
          % ("run", "nodes", "PV", "Cut", "All", "PV4+", "Cut4+", "All4+", "first"))
    for run in runs:
        s = summarize(run)
        name = os.path.join(os.path.basename(os.path.dirname(run)), os.path.basename(run))
        print("%-48s %10d %6.1f %6.1f %6.1f | %6.1f %6.1f %6.1f | %6.1f" % (name, s[0], *s[1:]))


if __name__ == "__main__":
    main()
