#!/usr/bin/env python3
"""Xiangqi perft of random positions against Fairy-Stockfish, the referee.

The positions come from random playouts that Fairy-Stockfish itself plays (its own legal moves,
from the start and from the verified suite), so that they do not depend on Splitlab's move
generator. For each, `splitlab perft --game xiangqi --divide` must list exactly the moves of
Fairy-Stockfish's `go perft` (UCI ranks 1..10, translated to UCCI's 0..9) with the same count
under each. Usage: xiangqi_fairy_perft_test.py SPLITLAB [--positions N] [--depth D] [--seed S]
"""
import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from fairy_client import Fairy  # noqa: E402

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# A few suite positions as further starting points (tests/data/xiangqi_perft.epd).
SUITE_STARTS = [
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
]
TIMEOUT = 60.0


def uci_to_ucci(move):
    """a1a2 -> a0a1; a10a9 -> a9a8 (UCI numbers ranks 1..10, UCCI 0..9)."""
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    return f"{m.group(1)}{int(m.group(2)) - 1}{m.group(3)}{int(m.group(4)) - 1}"


def splitlab_divide(binary, fen, depth):
    out = subprocess.run([binary, "perft", "--game", "xiangqi", "--fen", fen, "--depth",
                          str(depth), "--divide"], capture_output=True, text=True,
                         timeout=TIMEOUT)
    if out.returncode != 0:
        raise RuntimeError(f"splitlab perft failed on {fen}: {out.stderr.strip()}")
    counts, total = {}, None
    for line in out.stdout.splitlines():
        m = re.fullmatch(r"([a-i]\d[a-i]\d): (\d+)", line)
        if m:
            counts[m.group(1)] = int(m.group(2))
        elif line.startswith("Nodes searched:"):
            total = int(line.split(":")[1])
    return counts, total


def random_positions(fairy, rng, count):
    """FENs reached by Fairy-Stockfish's own random legal playouts, at a random length."""
    fens = []
    starts = [START] + SUITE_STARTS
    while len(fens) < count:
        fen = rng.choice(starts)
        moves = []
        for _ in range(rng.randint(4, 80)):
            legal, _ = fairy.divide(fairy.fen_after(fen, moves), 1)
            if not legal:
                break  # The side to move has lost: no legal move.
            moves.append(rng.choice(sorted(legal)))
        fens.append(fairy.fen_after(fen, moves))
    return fens


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("splitlab")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fairy = Fairy()
    failures = 0
    checked_nodes = 0
    try:
        fens = random_positions(fairy, rng, args.positions)
        for i, fen in enumerate(fens, 1):
            referee, referee_total = fairy.divide(fen, args.depth)
            referee = {uci_to_ucci(m): n for m, n in referee.items()}
            ours, total = splitlab_divide(args.splitlab, fen, args.depth)
            checked_nodes += referee_total
            if ours != referee or total != referee_total:
                failures += 1
                missing = sorted(set(referee) - set(ours))
                extra = sorted(set(ours) - set(referee))
                differ = sorted(m for m in set(ours) & set(referee) if ours[m] != referee[m])
                print(f"FAIL {fen}: total {total} against {referee_total}; missing {missing}, "
                      f"extra {extra}, counts differ under {differ}")
            else:
                print(f"ok   {fen}: {total} at depth {args.depth}")
    finally:
        fairy.close()
    print(f"{len(fens) - failures} passed, {failures} failed ({checked_nodes} nodes against "
          "Fairy-Stockfish)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
