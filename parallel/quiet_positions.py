#!/usr/bin/env python3
"""Finds quiet middlegames for parallel_test's kQuiet: positions whose single-threaded score moves
little over depths 7..12, so that a parallel search, which sees other lines through the shared
table, can be held to a narrow margin of the one-thread score.

usage: parallel/quiet_positions.py [--engine bazel-bin/splitlab] [--first 7] [--last 12]
                                   [--jobs 2] [EPD]        (from the repository root)

EPD defaults to the scaling suite (experiments/scaling-suite/scaling_suite.epd). Each position is
searched once to --last depth by `splitlab` over UCI with Hash 8 after ucinewgame, as
parallel_test's reference does (a fresh table; one search's iteration at depth d is the search to
depth d). Prints, quietest first: id, spread (highest minus lowest score, cp), the scores, FEN.
Rerun it when the evaluation or the default search features change and QuietPositionsStayQuiet
fails.
"""
import argparse
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

SCORE = re.compile(r"^info depth (\d+) .*?score (cp|mate) (-?\d+)")


def read_epd(path):
    positions = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split()
            fen = " ".join(fields[:6]) if len(fields) >= 6 and fields[4].isdigit() else " ".join(fields[:4]) + " 0 1"
            match = re.search(r'id "([^"]+)"', line)
            positions.append((match.group(1) if match else fen, fen))
    return positions


def scores_by_depth(engine, fen, last):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write("uci\nsetoption name Hash value 8\nucinewgame\nisready\n"
                  "position fen %s\ngo depth %d\n" % (fen, last))
    p.stdin.flush()
    scores = {}
    for line in p.stdout:
        if line.startswith("bestmove"):
            break
        match = SCORE.match(line)
        # The last exact score of each depth (aspiration fails are bounds, not scores).
        if match and "bound" not in line and " pv " in line:
            scores[int(match.group(1))] = int(match.group(3)) if match.group(2) == "cp" else None
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("epd", nargs="?", default="experiments/scaling-suite/scaling_suite.epd")
    parser.add_argument("--engine", default="bazel-bin/splitlab")
    parser.add_argument("--first", type=int, default=7)
    parser.add_argument("--last", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    positions = read_epd(args.epd)
    rows = []

    def measure(item):
        name, fen = item
        by_depth = scores_by_depth(args.engine, fen, args.last)
        scores = [by_depth.get(d) for d in range(args.first, args.last + 1)]
        return name, fen, scores

    with ThreadPoolExecutor(args.jobs) as pool:
        for done, (name, fen, scores) in enumerate(pool.map(measure, positions), 1):
            print("%d/%d %s" % (done, len(positions), name), file=sys.stderr, flush=True)
            if None in scores:  # A mate score or a missing depth: not quiet.
                continue
            rows.append((max(scores) - min(scores), name, scores, fen))
    for spread, name, scores, fen in sorted(rows, key=lambda r: r[0]):
        print("%s\t%d\t%s\t%s" % (name, spread, " ".join(map(str, scores)), fen))


if __name__ == "__main__":
    main()
