#!/usr/bin/python3
"""Tests of summarise.py's per-move reading of a PGN (issue 51): every score comment goes to the
side that made the move before it, whether the PGN wraps the comment over two lines, a game ends
with a second comment after the last move's, or the game starts with Black to move.

    summarise_test.py SUMMARISE_PY
"""
import importlib.util
import os
import sys
import tempfile

# Game 1 (White to move): "two" plays White at depths 12, 14 (its comment wrapped between depth and
# time), 16 (the comment on the next line), and the closing comment is not a move's; "one" plays Black
# at depths 10, 11 and 9, one of them wrapped. The first version assigned comments alternately, so
# the wrapped comment it skipped moved every later one to the other side.
# Game 2 (Black to move, from a FEN): "one" is White and moves second; its depth-100 answer (a
# book or tablebase depth) is left out.
PGN = """[Event "?"]
[White "two"]
[Black "one"]
[Result "1-0"]

1. e4 {+0.20/12 0.50s} 1... e5 {-0.10/10 0.40s} 2. Nf3 {+0.15/14
0.30s} 2... Nc6 {-0.12/11 0.20s} 3. Bb5
{+0.20/16 0.10s} 3... a6 {-0.11/9
0.60s} 4. Bxc6 {+M3/18 0.05s} {White mates} 1-0

[Event "?"]
[White "one"]
[Black "two"]
[Result "0-1"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"]

2... Nc6 {-0.10/13 0.70s} 3. Bb5 {+0.10/100 0.00s} 3... a6 {-0.10/15 0.80s} 0-1
"""


def load(path):
    spec = importlib.util.spec_from_file_location("summarise", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    summarise = load(sys.argv[1])
    failures = []

    def check(what, got, expected):
        if got != expected:
            failures.append(f"{what}: got {got!r}, expected {expected!r}")

    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "games.pgn")
        with open(path, "w") as f:
            f.write(PGN)
        games = summarise.per_move(path)
    check("games read", len(games), 2)
    if len(games) == 2:
        check("game 1, two (White)", games[0]["two"],
              [(12, 0.5), (14, 0.3), (16, 0.1), (18, 0.05)])
        check("game 1, one (Black)", games[0]["one"], [(10, 0.4), (11, 0.2), (9, 0.6)])
        check("game 2, two (Black, moves first)", games[1]["two"], [(13, 0.7), (15, 0.8)])
        check("game 2, one (White), depth 100 left out", games[1]["one"], [])
    for failure in failures:
        print("FAIL", failure)
    print(f"{4 - len(failures)} passed, {len(failures)} failed" if len(games) == 2
          else f"0 passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
