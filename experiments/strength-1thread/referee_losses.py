#!/usr/bin/env python3
"""Why an engine lost: Stockfish referees every lost game, finds the engine's first blunder, and
asks whether a deeper search of the engine itself would have avoided it.

For each game the ENGINE lost, Stockfish (full strength, fixed depth) evaluates the positions
before the engine's moves in order. The first blunder is the engine's first move that loses at
least --drop pawns by Stockfish's reckoning while the position before it was still playable
(Stockfish's score for the engine >= -1.5). At that position the engine searches again, fresh,
--deeper plies deeper than it did in the game:
  - "depth": the deeper search picks a move Stockfish rates within 0.5 pawns of its own best:
    the blunder was a horizon or pruning problem (search);
  - "evaluation": it still picks a losing move: what the engine believes about the position is
    wrong at any depth it reaches (evaluation, or a search that cannot see the idea).
The engine's own score for the blunder against Stockfish's says how far its judgement was off.

Needs pgn-extract (to turn the PGN into UCI moves) and the engines. Writes a CSV (one row per
lost game) and prints a summary.

usage: referee_losses.py GAMES.pgn ENGINE --engine-cmd PATH [--stockfish PATH] [--depth 14]
                         [--deeper 4] [--drop 1.0] [--out blunders.csv] [--max-games N]
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from analyse_games import read_games, white_to_move_first  # noqa: E402

MATE_CP = 10000


class Uci:
    def __init__(self, command, options):
        self.p = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options.items():
            self.send("setoption name %s value %s" % (name, value))
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def search(self, fen, moves, depth):
        """(score in cp for the side to move, best move, depth reached) of a fresh search."""
        self.send("ucinewgame")
        self.ready()
        self.send("position fen %s%s" % (fen, " moves " + " ".join(moves) if moves else ""))
        self.send("go depth %d" % depth)
        score, reached = None, 0
        for line in self.wait_for("bestmove"):
            m = re.search(r"\bdepth (\d+)\b.*\bscore (cp|mate) (-?\d+)", line)
            if m and " lowerbound" not in line and " upperbound" not in line:
                reached = int(m.group(1))
                value = int(m.group(3))
                score = value if m.group(2) == "cp" else (MATE_CP - abs(value)) * (1 if value > 0 else -1)
        best = line.split()[1]
        return score, best, reached

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def uci_games(pgn):
    """UCI move lists of the games in file order, from pgn-extract."""
    pgn_extract = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    out = subprocess.run([pgn_extract, "-Wuci", "--quiet", "--noresults", pgn],
                         capture_output=True, text=True, check=True).stdout
    games = []
    for block in re.split(r"\n\n(?=\[Event )", out.strip()):
        movetext = block.split("\n\n", 1)[1] if "\n\n" in block else ""
        games.append(movetext.split())
    return games


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("engine")
    parser.add_argument("--engine-cmd", required=True)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--depth", type=int, default=14, help="Stockfish's depth")
    parser.add_argument("--deeper", type=int, default=4, help="plies added to the engine's depth")
    parser.add_argument("--drop", type=float, default=1.0, help="pawns a blunder loses")
    parser.add_argument("--out", default=None)
    parser.add_argument("--max-games", type=int, default=0, help="referee the first N losses only")
    return parser.parse_args()


def referee_game(args, stockfish, engine, tags, comments, uci):
    """The row of one lost game: its first blunder, if any, and what a deeper search of the
    engine would have played there."""
    fen = tags.get("FEN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    engine_first = (tags["White"] == args.engine) == white_to_move_first(tags.get("FEN"))
    row = {"round": tags.get("Round"), "white": tags["White"], "black": tags["Black"],
           "result": tags["Result"], "plies": len(uci), "blunder_ply": "", "move": "",
           "sf_before": "", "sf_after": "", "sf_best": "", "engine_score": "", "engine_depth": "",
           "deeper_move": "", "deeper_sf": "", "verdict": "no blunder found"}
    before = None  # Stockfish's score for the engine before its move.
    for ply in range(0 if engine_first else 1, len(uci), 2):
        if before is None:
            score, best, _ = stockfish.search(fen, uci[:ply], args.depth)
            before = (score, best)
        after, _, _ = stockfish.search(fen, uci[:ply + 1], args.depth)
        after = -after  # For the engine.
        if before[0] >= -150 and before[0] - after >= args.drop * 100:
            game_comment = comments[ply] if ply < len(comments) else {}
            depth = game_comment.get("depth", 8)
            _, deeper_move, _ = engine.search(fen, uci[:ply], depth + args.deeper)
            if deeper_move == uci[ply]:
                deeper_sf = after
            else:
                s, _, _ = stockfish.search(fen, uci[:ply] + [deeper_move], args.depth)
                deeper_sf = -s
            row.update({"blunder_ply": ply + 1, "move": uci[ply], "sf_before": before[0],
                        "sf_after": after, "sf_best": before[1],
                        "engine_score": round(game_comment.get("score", 0) * 100),
                        "engine_depth": depth, "deeper_move": deeper_move,
                        "deeper_sf": deeper_sf,
                        "verdict": "depth" if deeper_sf >= before[0] - 50 else "evaluation"})
            break
        # The position after the opponent's reply is the next one the engine faces.
        if ply + 1 < len(uci):
            score, best, _ = stockfish.search(fen, uci[:ply + 2], args.depth)
            before = (score, best)
    return row


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else ["round"])
        writer.writeheader()
        writer.writerows(rows)


def print_summary(args, rows):
    verdicts = {}
    for r in rows:
        verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
    found = [r for r in rows if r["blunder_ply"] != ""]
    print("%s: %d lost games refereed by Stockfish at depth %d" % (args.engine, len(rows), args.depth))
    for v, k in sorted(verdicts.items(), key=lambda kv: -kv[1]):
        print("  %-18s %d" % (v, k))
    if found:
        gaps = sorted(r["engine_score"] - r["sf_after"] for r in found)
        print("  first blunder: median ply %d; Stockfish's score before it %+.2f, after it %+.2f (medians)" % (
            sorted(r["blunder_ply"] for r in found)[len(found) // 2],
            sorted(r["sf_before"] for r in found)[len(found) // 2] / 100,
            sorted(r["sf_after"] for r in found)[len(found) // 2] / 100))
        print("  the engine's own score for its blunder minus Stockfish's: median %+.2f pawns" % (
            gaps[len(gaps) // 2] / 100))


def main():
    args = parse_args()

    games = read_games(args.pgn)
    moves_of = uci_games(args.pgn)
    if len(moves_of) != len(games):
        sys.exit("referee_losses: pgn-extract read %d games, the PGN has %d" % (len(moves_of), len(games)))
    stockfish = Uci(args.stockfish, {"Hash": 64, "Threads": 1})
    engine = Uci(args.engine_cmd, {"Hash": 64, "Threads": 1})
    lost = [(tags, comments, uci) for (tags, comments), uci in zip(games, moves_of)
            if tags["Result"] in ("1-0", "0-1") and
            (tags["Result"] == "1-0") != (tags["White"] == args.engine) and
            args.engine in (tags["White"], tags["Black"])]
    if args.max_games:
        lost = lost[:args.max_games]
    rows = []
    start = time.monotonic()
    for n, (tags, comments, uci) in enumerate(lost, 1):
        row = referee_game(args, stockfish, engine, tags, comments, uci)
        rows.append(row)
        elapsed = time.monotonic() - start
        print("referee: %d of %d lost games, elapsed %.0fs, ETA %.0fs" % (
            n, len(lost), elapsed, elapsed / n * (len(lost) - n)), file=sys.stderr, flush=True)
    stockfish.close()
    engine.close()

    if args.out:
        write_csv(args.out, rows)
    print_summary(args, rows)


if __name__ == "__main__":
    main()
