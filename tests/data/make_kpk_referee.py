#!/usr/bin/env python3
"""Makes tests/data/kpk_referee.epd: random king-and-pawn-against-king positions, each labelled
won or drawn by Stockfish, the referee of Splitlab's KPK bitbase (engine/chess/kpk_test.cc).

Method. Positions are drawn uniformly: the pawn's owner (White or Black), the pawn on ranks 2-7
of its side, both kings and the side to move at random from random.Random(--seed); illegal ones
(kings touching or on an occupied square, the side not to move in check) are drawn again.
Stockfish (Threads 1, Hash --hash-mb, `ucinewgame` before each) searches each to --depth. From
the pawn owner's side, a mate score or at least --win-cp centipawns is a win, at most --draw-cp in
absolute value a draw; anything between is searched again to twice the depth, and dropped if it
is still unclear (the count of dropped positions is printed, and should be a handful at most).
A modest depth suffices: Stockfish scores every KPK node from its own bitbase (written
independently of Splitlab's), so the search only confirms that verdict; depth 30 took 1.5 s a
position and gave the same labels on the first 100.
Each line is
  FEN id "kpk-NNN"; c0 "win|draw sf <score> depth <d>";
Python 3 standard library only. Run from the repository root (a few minutes):
  python3 tests/data/make_kpk_referee.py
"""

import argparse
import random
import subprocess
import sys

FILES = "abcdefgh"


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=31, help="random seed (default 31)")
    parser.add_argument("--count", type=int, default=2000, help="positions (default 2000)")
    parser.add_argument("--depth", type=int, default=14, help="Stockfish's depth (default 14)")
    parser.add_argument("--win-cp", type=int, default=400, help="a win from this score up")
    parser.add_argument("--draw-cp", type=int, default=30, help="a draw within +/- this score")
    parser.add_argument("--hash-mb", type=int, default=16, help="Stockfish's Hash (default 16)")
    parser.add_argument("--stockfish", default="/usr/games/stockfish", help="the referee")
    parser.add_argument("--out", default="tests/data/kpk_referee.epd", help="output EPD")
    return parser.parse_args(argv)


def distance(a, b):
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def pawn_attacks(colour, square):
    """Squares a pawn of `colour` ('w' or 'b') on `square` attacks."""
    rank = square // 8 + (1 if colour == "w" else -1)
    return {rank * 8 + f for f in (square % 8 - 1, square % 8 + 1) if 0 <= f < 8 and 0 <= rank < 8}


def random_position(rng):
    """(fen, strong colour) of a legal random KPK position."""
    while True:
        strong = rng.choice("wb")
        weak = "b" if strong == "w" else "w"
        pawn = rng.randrange(8) + 8 * rng.randrange(1, 7)  # ranks 2-7 from White's side
        if strong == "b":
            pawn = pawn ^ 56
        strong_king, weak_king = rng.randrange(64), rng.randrange(64)
        to_move = rng.choice("wb")
        if len({pawn, strong_king, weak_king}) < 3 or distance(strong_king, weak_king) <= 1:
            continue
        if to_move == strong and weak_king in pawn_attacks(strong, pawn):
            continue  # The side not to move would be in check.
        board = {pawn: "P", strong_king: "K", weak_king: "k"}
        if strong == "b":
            board = {sq: piece.swapcase() for sq, piece in board.items()}
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                piece = board.get(rank * 8 + file)
                if piece is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + piece
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows) + f" {to_move} - - 0 1", strong, to_move


class Stockfish:
    def __init__(self, path, hash_mb):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.process.stdin.write(line + "\n")

    def wait_for(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(prefix):
                return line

    def score(self, fen, depth):
        """The last score of a search to `depth`, from the side to move: ('cp'|'mate', value)."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            words = line.split()
            if words and words[0] == "bestmove":
                return score
            if "score" in words and "lowerbound" not in words and "upperbound" not in words:
                i = words.index("score")
                score = (words[i + 1], int(words[i + 2]))

    def close(self):
        self.send("quit")
        self.process.wait()


def label(score, strong_to_move, args):
    kind, value = score
    if not strong_to_move:
        value = -value
    if kind == "mate":
        return "win" if value > 0 else None  # The pawn's owner cannot be mated.
    if value >= args.win_cp:
        return "win"
    if abs(value) <= args.draw_cp:
        return "draw"
    return None


def main(argv):
    args = parse_args(argv)
    rng = random.Random(args.seed)
    referee = Stockfish(args.stockfish, args.hash_mb)
    lines, seen, dropped = [], set(), 0
    while len(lines) < args.count:
        fen, strong, to_move = random_position(rng)
        if fen in seen:
            continue
        seen.add(fen)
        verdict, depth = None, args.depth
        for depth in (args.depth, 2 * args.depth):
            score = referee.score(fen, depth)
            verdict = label(score, strong == to_move, args)
            if verdict:
                break
        if not verdict:
            dropped += 1
            print(f"unclear, dropped: {fen} ({score[0]} {score[1]} at depth {depth})", file=sys.stderr)
            continue
        lines.append(f'{fen} id "kpk-{len(lines) + 1:04d}"; c0 "{verdict} sf {score[0]} {score[1]} '
                     f'depth {depth}";')
        if len(lines) % 100 == 0:
            print(f"{len(lines)}/{args.count} positions", file=sys.stderr, flush=True)
    referee.close()
    header = (f"# KPK positions labelled by Stockfish: tests/data/make_kpk_referee.py --seed {args.seed} "
              f"--count {args.count} --depth {args.depth} --win-cp {args.win_cp} "
              f"--draw-cp {args.draw_cp} --hash-mb {args.hash_mb}; {dropped} unclear dropped\n")
    with open(args.out, "w") as out:
        out.write(header + "\n".join(lines) + "\n")
    wins = sum(' c0 "win' in line for line in lines)
    print(f"{len(lines)} positions ({wins} won, {len(lines) - wins} drawn), {dropped} dropped",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
