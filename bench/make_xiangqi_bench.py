#!/usr/bin/env python3
"""The positions of `splitlab bench --game xiangqi`, drawn from real games: every STEP-th game
of a PGN file (in file order) that lasted at least PLY + 10 plies gives its position after PLY
plies from its opening, unless the side to move is in check there. Fairy-Stockfish plays the
moves and writes the FENs (engine/xiangqi/fairy_client.py), so the positions do not depend on
Splitlab's own rules code. Prints the C++ initializer lines for engine/xiangqi/bench_positions.h.

  bench/make_xiangqi_bench.py --pgn experiments/xiangqi/strength-vs-fairy/games.pgn \\
      --step 16 --ply 30 --count 23
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine",
                                "xiangqi"))
from fairy_client import Fairy  # noqa: E402

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
MOVE = re.compile(r"^(?:\d+\.+)?([a-i]\d+[a-i]\d+)$")


def read_games(path):
    """(tags, moves) of every game; moves are the coordinate tokens of the movetext."""
    games, tags, moves = [], {}, []
    with open(path) as f:
        text = f.read()
    text = re.sub(r"\{[^}]*\}", " ", text)
    for line in text.splitlines():
        line = line.strip()
        m = TAG.match(line)
        if m:
            if moves:
                games.append((tags, moves))
                tags, moves = {}, []
            tags[m.group(1)] = m.group(2)
            continue
        for token in line.split():
            mm = MOVE.match(token)
            if mm:
                moves.append(mm.group(1))
    if moves:
        games.append((tags, moves))
    return games


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--step", type=int, default=16)
    parser.add_argument("--ply", type=int, default=30)
    parser.add_argument("--count", type=int, default=23)
    args = parser.parse_args()
    games = read_games(args.pgn)
    if not games:
        sys.exit("make_xiangqi_bench.py: no games in " + args.pgn)
    fairy = Fairy()
    taken = 0
    try:
        for number in range(0, len(games), args.step):
            tags, moves = games[number]
            if len(moves) < args.ply + 10 or "FEN" not in tags:
                continue
            fen = fairy.fen_after(tags["FEN"], moves[:args.ply])
            fairy.position(tags["FEN"], moves[:args.ply])
            fairy.send("d")
            checkers = fairy.read_until(lambda line: line.startswith("Checkers:"))[-1]
            fairy.send("isready")
            fairy.read_until(lambda line: line == "readyok")
            if checkers.split(":", 1)[1].strip():
                continue
            board, side = fen.split()[:2]
            print('    {"game%d.ply%d", "%s %s - - 0 1"},' % (number + 1, args.ply, board, side))
            taken += 1
            if taken == args.count:
                break
    finally:
        fairy.close()
    if taken < args.count:
        sys.exit("make_xiangqi_bench.py: only %d positions" % taken)


if __name__ == "__main__":
    main()
