#!/usr/bin/env python3
"""Makes the default position suite of `splitlab scale` from the games of committed matches.

Writes experiments/scaling-suite/scaling_suite.epd and its compiled-in copy,
engine/chess/scaling_suite.cc (splitlab::chess::kScalingSuite).

Method (every parameter is a flag; the defaults below made the committed suite, and were fixed
before the first run, not searched over):
  1. Sources: the games.pgn of the finished matches listed in SOURCES (Splitlab against Glaurung,
     Toga and Stockfish; Splitlab against itself at 1 and 2 threads; the SPRT runs of issue 10).
     pgn-extract replays every game and gives the FEN after each of its moves.
  2. Order: all games of all sources, in file order, shuffled once with random.Random(seed).
  3. Ply: game G of file F gets one ply P drawn from random.Random("<seed>:<F>:<G>") uniformly in
     --first-ply..--last-ply, counted from the game's start position. Every game starts from a
     position of the default book (bench/book/), 8 plies from the start of a game, so plies 16..52
     are moves 12..30 of the game counted from the initial position. The candidate is the
     position after ply P.
  4. A candidate is kept when, in this order: no position was kept yet from a game of the same
     book opening (so no opening has more than one position; --per-opening K allows K, each from
     another game); the game lasted at least P plies;
     the side to move is not in check; each side has at least --min-pieces of its knights,
     bishops, rooks and queens (a middlegame by material); its first four FEN fields differ from
     those of every kept position; and Stockfish at --stockfish-depth (Threads 1, Hash
     --hash-mb, after `ucinewgame`) scores it within +/- --max-score-cp, no mate (a decided
     position's tree is not typical). No filter looks at speedup, overhead or Splitlab's search.
  5. The walk stops at --count kept positions, numbered scale.001, scale.002, ... in the order
     found (a random order, so the first N lines are a fair sample of the whole suite).

Deterministic: the same sources, pgn-extract and Stockfish build give the same files byte for
byte (a depth-limited single-threaded search after `ucinewgame` depends only on the position).
While /tmp/splitlab-quiet exists (timing runs on the machine) the script waits before each search.
Python 3 standard library, /usr/games/pgn-extract and /usr/games/stockfish (Debian packages).
Run it from the repository root, at idle priority on a shared machine:
  chrt -i 0 nice -n 19 python3 experiments/scaling-suite/make_suite.py
"""

import argparse
import collections
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import time

QUIET_FILE = "/tmp/splitlab-quiet"
EPD_PATH = "experiments/scaling-suite/scaling_suite.epd"
CC_PATH = "engine/chess/scaling_suite.cc"

# Finished matches only: a games.pgn that a running match still appends to would change the
# suite on every run.
SOURCES = [
    "experiments/strength-1thread/glaurung/games.pgn",
    "experiments/strength-1thread/toga/games.pgn",
    "experiments/strength-1thread/stockfish/games.pgn",
    "experiments/second-thread/ybwc/games.pgn",
    "experiments/second-thread/dts/games.pgn",
    "experiments/second-thread/lazy/games.pgn",
    "experiments/second-thread/ybwc-under-load/games.pgn",
    "experiments/strength/sprt/futility/games.pgn",
    "experiments/strength/sprt/lmp/games.pgn",
    "experiments/strength/sprt/time-management/games.pgn",
]

# The parameters that decide the suite's content, in the order the headers list them.
SUITE_PARAMETERS = ["seed", "first_ply", "last_ply", "min_pieces", "stockfish_depth", "hash_mb",
                    "max_score_cp", "count"]

Game = collections.namedtuple("Game", "source number start_fen moves")  # moves: [(san, fen)]
Kept = collections.namedtuple("Kept", "fen source game ply score_cp")


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Makes the default position suite of `splitlab scale` from match games.")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--first-ply", type=int, default=16,
                        help="earliest ply, from the game's (book) start position (default 16)")
    parser.add_argument("--last-ply", type=int, default=52, help="latest ply (default 52)")
    parser.add_argument("--min-pieces", type=int, default=4,
                        help="knights, bishops, rooks and queens each side must keep (default 4)")
    parser.add_argument("--stockfish-depth", type=int, default=12,
                        help="Stockfish's depth for the evaluation (default 12)")
    parser.add_argument("--hash-mb", type=int, default=16, help="Stockfish's Hash (default 16)")
    parser.add_argument("--max-score-cp", type=int, default=300,
                        help="keep a position when |evaluation| <= this (default 300)")
    parser.add_argument("--count", type=int, default=160, help="positions to keep (default 160)")
    parser.add_argument("--per-opening", type=int, default=1,
                        help="positions kept at most from games of one book opening (default 1)")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--pgn-extract", default=shutil.which("pgn-extract") or
                        "/usr/games/pgn-extract")
    parser.add_argument("--epd-out", default=EPD_PATH)
    parser.add_argument("--cc-out", default=CC_PATH)
    return parser.parse_args(argv)


def read_games(pgn_extract, source):
    """Every game of a PGN file, in file order, with the SAN and resulting FEN of each move."""
    # --fencomments puts the FEN after each move in a comment; the games' own comments (scores,
    # times) are dropped first, so that the only comments left are FENs.
    text = subprocess.run(
        [pgn_extract, "-s", "--fencomments", "--nocomments", "--nomovenumbers", "--noresults",
         "-w", "100000", source], check=True, capture_output=True, text=True).stdout
    games = []
    for chunk in re.split(r"\n(?=\[Event )", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', chunk, re.MULTILINE))
        movetext = "\n".join(line for line in chunk.splitlines() if not line.startswith("["))
        moves = [(san, " ".join(fen.split()))
                 for san, fen in re.findall(r"([^\s{}]+)\s*\{([^}]*)\}", movetext)]
        games.append(Game(source, len(games) + 1, tags.get("FEN", ""), moves))
    with open(source, encoding="utf-8") as f:
        expected = sum(1 for line in f if line.startswith("[Event "))
    if len(games) != expected:
        sys.exit(f"{source}: pgn-extract returned {len(games)} games, the file has {expected}")
    return games


def pieces_per_side(fen):
    """(White's, Black's) count of knights, bishops, rooks and queens."""
    placement = fen.split()[0]
    return (sum(placement.count(c) for c in "NBRQ"), sum(placement.count(c) for c in "nbrq"))


def material_signature(fen):
    """Pieces on the board, e.g. 'QRRBN-PPPPPP v QRRBB-PPPPP': for the distribution summary."""
    placement = fen.split()[0]
    sides = []
    for pieces in ("QRBNP", "qrbnp"):
        sides.append("".join(c * placement.count(c) for c in pieces).upper())
    return " v ".join(sides)


def position_key(fen):
    return " ".join(fen.split()[:4])


class Stockfish:
    """One Stockfish process; each evaluation starts from a cleared table (`ucinewgame`)."""

    def __init__(self, path, hash_mb):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.send("uci")
        self.name = ""
        for line in self.lines_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")

    def send(self, command):
        self.process.stdin.write(command + "\n")

    def lines_until(self, prefix):
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("stockfish exited")
            line = line.strip()
            yield line
            if line.startswith(prefix):
                return

    def score_cp(self, fen, depth):
        """The score for the side to move in centipawns, or None for a mate score."""
        self.send("ucinewgame")
        self.send("isready")
        for _ in self.lines_until("readyok"):
            pass
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.lines_until("bestmove"):
            words = line.split()
            # Bound scores come from aspiration fails; the last exact score is the result.
            if words[:1] == ["info"] and "score" in words and "lowerbound" not in words \
                    and "upperbound" not in words:
                kind, value = words[words.index("score") + 1:words.index("score") + 3]
                score = int(value) if kind == "cp" else None
        return score

    def close(self):
        self.send("quit")
        self.process.wait()


def wait_while_quiet_requested():
    while os.path.exists(QUIET_FILE):
        time.sleep(5)


def choose_positions(args, games, stockfish, rejections):
    order = list(games)
    random.Random(args.seed).shuffle(order)
    openings_used = collections.Counter()
    keys_kept = set()
    kept = []
    for game in order:
        if len(kept) == args.count:
            break
        ply = random.Random(f"{args.seed}:{game.source}:{game.number}").randint(
            args.first_ply, args.last_ply)
        opening = position_key(game.start_fen)
        if openings_used[opening] >= args.per_opening:
            rejections["opening already used"] += 1
            continue
        if len(game.moves) < ply:
            rejections["game shorter than the ply"] += 1
            continue
        san, fen = game.moves[ply - 1]
        if san.endswith(("+", "#")):
            rejections["side to move in check"] += 1
            continue
        if min(pieces_per_side(fen)) < args.min_pieces:
            rejections[f"fewer than {args.min_pieces} pieces a side"] += 1
            continue
        if position_key(fen) in keys_kept:
            rejections["duplicate position"] += 1
            continue
        wait_while_quiet_requested()
        score = stockfish.score_cp(fen, args.stockfish_depth)
        if score is None or abs(score) > args.max_score_cp:
            rejections[f"Stockfish score beyond +/-{args.max_score_cp} cp or mate"] += 1
            continue
        openings_used[opening] += 1
        keys_kept.add(position_key(fen))
        kept.append(Kept(fen, game.source, game.number, ply, score))
        if len(kept) % 20 == 0:
            print(f"kept {len(kept)}/{args.count}", file=sys.stderr, flush=True)
    return kept


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def header_lines(args, stockfish_name, pgn_extract_version, rejections, kept):
    # per-opening is named only when it is not 1, so that the default suite's header stays as
    # it was made before the flag existed.
    names = SUITE_PARAMETERS + (["per_opening"] if args.per_opening != 1 else [])
    parameters = ", ".join(f"{name.replace('_', '-')} {getattr(args, name)}" for name in names)
    default_suite = args.epd_out == EPD_PATH
    command = "python3 experiments/scaling-suite/make_suite.py" + "".join(
        " " + a for a in sys.argv[1:])
    lines = [
        ("The default positions of `splitlab scale`" if default_suite
         else "Positions for `splitlab scale --suite`") + ": middlegames from the games of finished",
        "matches, chosen by experiments/scaling-suite/make_suite.py (its docstring gives the",
        "rule). Regenerate from the repository root with",
        "  chrt -i 0 nice -n 19 " + command,
        f"Parameters: {parameters}.",
        f"Tools: {stockfish_name}; {pgn_extract_version}.",
        "Sources (sha256, positions kept):",
    ]
    per_source = collections.Counter(k.source for k in kept)
    for source in SOURCES:
        lines.append(f"  {source} {sha256_of(source)[:16]} {per_source[source]}")
    lines.append("Candidates rejected: " + ", ".join(
        f"{reason} {n}" for reason, n in sorted(rejections.items())) + ".")
    return lines


def write_epd(path, header, kept, depth):
    with open(path, "w", encoding="utf-8") as out:
        for line in header:
            out.write(f"# {line}".rstrip() + "\n")
        for index, k in enumerate(kept, 1):
            out.write(f'{k.fen} id "scale.{index:03d}"; c0 "{k.source} game {k.game} ply {k.ply}";'
                      f' c1 "Stockfish depth {depth}: {k.score_cp:+d} cp for the side to move";\n')


def write_cc(path, kept):
    # Laid out as clang-format (.clang-format: Google, 100 columns) would lay it out.
    entries = []
    for index, k in enumerate(kept, 1):
        line = f'    {{"scale.{index:03d}", "{k.fen}"}},'
        if len(line) > 100:
            line = f'    {{"scale.{index:03d}",\n     "{k.fen}"}},'
        entries.append(line)
    body = "\n".join(entries)
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"""\
// Generated by experiments/scaling-suite/make_suite.py from the same positions as
// {EPD_PATH}: do not edit; regenerate both files with the script.
#include "engine/chess/scaling_suite.h"

namespace splitlab::chess {{
namespace {{

constexpr BenchPosition kPositions[] = {{
{body}
}};

}}  // namespace

constinit const std::span<const BenchPosition> kScalingSuite = kPositions;

}}  // namespace splitlab::chess
""")


def summarize(kept):
    """Material and phase of the kept positions, for the README."""
    def phase(fen):
        # Fruit's game phase: 24 with every piece on the board, 0 with only kings and pawns.
        placement = fen.split()[0].lower()
        return (placement.count("n") + placement.count("b") + 2 * placement.count("r") +
                4 * placement.count("q"))
    phases = sorted(phase(k.fen) for k in kept)
    buckets = collections.Counter(min(p // 4, 5) for p in phases)
    print("phase (24 = all pieces): min %d, median %d, max %d" %
          (phases[0], phases[len(phases) // 2], phases[-1]))
    for b in sorted(buckets):
        print(f"  phase {4 * b}..{4 * b + 3 if b < 5 else 24}: {buckets[b]}")
    queens = collections.Counter(
        sum(1 for c in "Qq" if c in k.fen.split()[0]) for k in kept)
    print(f"queens: both sides {queens[2]}, one side {queens[1]}, none {queens[0]}")
    sides = collections.Counter(k.fen.split()[1] for k in kept)
    print(f"side to move: white {sides['w']}, black {sides['b']}")
    plies = sorted(k.ply for k in kept)
    print(f"ply: min {plies[0]}, median {plies[len(plies) // 2]}, max {plies[-1]}")
    pawns = sorted(k.fen.split()[0].lower().count("p") for k in kept)
    print(f"pawns: min {pawns[0]}, median {pawns[len(pawns) // 2]}, max {pawns[-1]}")
    scores = sorted(abs(k.score_cp) for k in kept)
    print(f"|Stockfish score| cp: median {scores[len(scores) // 2]}, max {scores[-1]}")
    imbalanced = sum(1 for k in kept
                     if material_signature(k.fen).split(" v ")[0].replace("P", "") !=
                     material_signature(k.fen).split(" v ")[1].replace("P", ""))
    print(f"pieces (not pawns) differ between the sides: {imbalanced}")


def main(argv):
    args = parse_args(argv)
    if not os.path.exists(SOURCES[0]):
        sys.exit("run from the repository root")
    # pgn-extract prints its version on stderr.
    version_run = subprocess.run([args.pgn_extract, "--version"], capture_output=True, text=True)
    version = (version_run.stdout + version_run.stderr).strip() or "pgn-extract"
    games = [game for source in SOURCES for game in read_games(args.pgn_extract, source)]
    stockfish = Stockfish(args.stockfish, args.hash_mb)
    rejections = collections.Counter()
    try:
        kept = choose_positions(args, games, stockfish, rejections)
    finally:
        stockfish.close()
    if len(kept) < args.count:
        sys.exit(f"only {len(kept)} positions passed the filters; wanted {args.count}")
    header = header_lines(args, stockfish.name, version, rejections, kept)
    write_epd(args.epd_out, header, kept, args.stockfish_depth)
    write_cc(args.cc_out, kept)
    print("\n".join(header))
    summarize(kept)


if __name__ == "__main__":
    main(sys.argv[1:])
