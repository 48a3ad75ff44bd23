#!/usr/bin/env python3
"""Collects the matches of this experiment (each DIR/results/results.json and DIR/games.pgn) into
summary.csv and a readable table: games, W/D/L, score, Elo and nElo with their 95% intervals
(pentanomial, from game pairs), Splitlab's faults, and from the PGN's per-move comments the mean
depth and time per move of each side (instant answers, depth 100 and up, left out).
`--blocks N` also prints, per block of N games, the 2-thread side's mean depth minus the 1-thread
side's: the trace that shows whether something else on the machine took the second core.
usage: summarise.py [--blocks N] DIR [DIR ...]   (run from this folder: summarise.py ybwc dts lazy)"""
import argparse
import csv
import json
import re
from collections import Counter

# A score comment `{+0.31/14 0.52s}` (or `{-M3/20 1.02s}`); the PGN wraps lines inside comments,
# so whitespace is normalised before matching.
SCORE_COMMENT = re.compile(r"^[+-]?(?:[0-9.]+|M\d+)/(\d+) ([0-9.]+)s")
# Movetext tokens: a comment (which may span lines), a move number ("12." or "12..."), a result,
# or anything else, which is a move.
TOKEN = re.compile(r"\{[^}]*\}|\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*|[^\s{}]+")


def per_move(pgn_path):
    """For each game: {engine: [(depth, seconds), ...]} from the `{+0.31/14 0.52s}` comments.

    Each comment belongs to the side that made the move before it: the movetext is walked move by
    move from the side to move in the game's FEN, so a comment that the PGN wraps over two lines,
    or a game's closing comment after the last move's, cannot shift the rest of the game onto the
    other side (the fault of the first version, issue 51)."""
    games = []
    with open(pgn_path) as f:
        text = f.read()
    for chunk in text.split("[Event ")[1:]:
        white = re.search(r'\[White "([^"]+)"', chunk).group(1)
        black = re.search(r'\[Black "([^"]+)"', chunk).group(1)
        fen = re.search(r'\[FEN "([^"]+)"', chunk)
        white_moves_first = not fen or fen.group(1).split()[1] == "w"
        body = chunk.split("\n\n", 1)[1] if "\n\n" in chunk else ""
        moves = {white: [], black: []}
        moves_made = 0
        last_mover = None
        commented = False  # only the first comment after a move is its score
        for token in TOKEN.findall(body):
            if token.startswith("{"):
                match = SCORE_COMMENT.match(" ".join(token[1:-1].split()))
                if last_mover is not None and not commented and match:
                    depth, seconds = int(match.group(1)), float(match.group(2))
                    if depth < 100:
                        moves[last_mover].append((depth, seconds))
                commented = True
            elif re.fullmatch(r"\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*", token):
                continue
            else:
                white_to_move = (moves_made % 2 == 0) == white_moves_first
                last_mover = white if white_to_move else black
                moves_made += 1
                commented = False
        games.append(moves)
    return games


def mean(values):
    return sum(values) / len(values) if values else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=0)
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()

    rows = []
    for folder in args.dirs:
        with open(folder + "/results/results.json") as f:
            r = json.load(f)
        p = r["pairings"][0]
        elo = p["pentanomial_elo"]
        first, second = p["first"], p["second"]
        faults = Counter(g["termination_tag"] for g in r["games"]
                         if g["termination_tag"] in ("time forfeit", "illegal move", "abandoned",
                                                     "stalled connection")
                         and g["result"] != "1/2-1/2")
        games = per_move(folder + "/games.pgn")
        depth = {e: mean([d for g in games for d, _ in g.get(e, [])]) for e in (first, second)}
        seconds = {e: mean([t for g in games for _, t in g.get(e, [])]) for e in (first, second)}
        rows.append({"strategy": folder, "first": first, "second": second, "games": p["games"],
                     "wins": p["wins"], "draws": p["draws"], "losses": p["losses"],
                     "score_percent": round(100 * elo["score"], 2), "elo": round(elo["elo"], 1),
                     "elo_error": round(elo["elo_error"], 1), "nelo": round(elo["nelo"], 1),
                     "nelo_error": round(elo["nelo_error"], 1),
                     "pentanomial": " ".join(map(str, p["pentanomial"])),
                     "faults": sum(faults.values()),
                     "depth_first": round(depth[first], 2), "depth_second": round(depth[second], 2),
                     "seconds_first": round(seconds[first], 3), "seconds_second": round(seconds[second], 3),
                     "oversubscribed": r["oversubscribed"], "commit": r["commit"][:7],
                     "complete": r["complete"]})
        if args.blocks:
            print(f"{folder}: depth of {first} minus {second}, per block of {args.blocks} games")
            for start in range(0, len(games), args.blocks):
                block = games[start:start + args.blocks]
                diff = mean([mean([d for d, _ in g[first]]) - mean([d for d, _ in g[second]])
                             for g in block if g[first] and g[second]])
                print(f"  games {start + 1}-{start + len(block)}: {diff:+.2f}")

    with open("summary.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    print("| strategy | games | W-D-L (2 threads) | score | Elo (95%) | nElo (95%) | Ptnml(0-2) | depth 2t / 1t | s per move 2t / 1t | time losses, illegal moves, crashes, stalls |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %d | %d-%d-%d | %.1f%% | %+.1f +/- %.1f | %+.1f +/- %.1f | [%s] | %.2f / %.2f | %.3f / %.3f | %d |" % (
            r["strategy"], r["games"], r["wins"], r["draws"], r["losses"], r["score_percent"],
            r["elo"], r["elo_error"], r["nelo"], r["nelo_error"], r["pentanomial"],
            r["depth_first"], r["depth_second"], r["seconds_first"], r["seconds_second"], r["faults"]))


if __name__ == "__main__":
    main()
