#!/usr/bin/env python3
"""Makes experiments/strength/endgame_book/endgame_book.epd: an opening book of even endgames,
for SPRTs of changes that only matter once most pieces are gone (endgame knowledge).

Method. Candidates come from the project's own committed games (every chess game of the strength
log's SPRTs, `git ls-files 'experiments/strength/sprt/*/games.pgn'`), one per game at most:
`endgame_candidates` (its header comment gives the rules) takes each game's first quiet position
that is an endgame at game phase 2..6 with material even within a pawn. They are shuffled with
random.Random(--seed) and judged in that order by Stockfish at --eval-depth (Threads 1, Hash
--hash-mb, `ucinewgame` before each search, so each verdict depends only on the position): a
candidate is kept when its evaluation is within +/- --threshold-cp and the side to move has at
least --min-legal-moves legal moves, until --count are kept. Rerunning with the same games,
parameters and Stockfish build writes the same book.

Each line: FEN4 id "eg-GAME-PLY"; c0 "FILE, sfVERSION depth D +0.12"; D1 N;
(the game's number among the files read, and the ply; the evaluation from White's view in pawns;
D1 the legal moves, so that `splitlab perft --suite` can check the book).

Run from the repository root after `bazel build -c opt //experiments/strength/endgame_book:all`:
  nice -n 10 /usr/bin/python3 experiments/strength/endgame_book/make_endgame_book.py
"""

import argparse
import importlib.util
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def load_make_book():
    """bench/book/make_book.py's UCI client, shared rather than written twice."""
    spec = importlib.util.spec_from_file_location(
        "make_book", os.path.join(ROOT, "bench", "book", "make_book.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=11, help="shuffle seed (default 11)")
    parser.add_argument("--eval-depth", type=int, default=16, help="Stockfish's depth (16)")
    parser.add_argument("--threshold-cp", type=int, default=60,
                        help="keep evaluations within +/- this many centipawns (60)")
    parser.add_argument("--min-legal-moves", type=int, default=5,
                        help="keep positions with at least this many legal moves (5)")
    parser.add_argument("--hash-mb", type=int, default=64, help="Stockfish's Hash in MB (64)")
    parser.add_argument("--count", type=int, default=1000, help="positions in the book (1000)")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--candidates-tool",
                        default=os.path.join(ROOT, "bazel-bin", "experiments", "strength",
                                             "endgame_book", "endgame_candidates"))
    parser.add_argument("--out", default=os.path.join(HERE, "endgame_book.epd"))
    parser.add_argument("pgn", nargs="*",
                        help="games to take candidates from (default: the SPRTs' committed games)")
    args = parser.parse_args(argv)
    for name in ("eval_depth", "count", "hash_mb"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.threshold_cp < 0 or args.min_legal_moves < 0:
        parser.error("--threshold-cp and --min-legal-moves must not be negative")
    return args


def committed_games():
    listing = subprocess.run(
        ["git", "ls-files", "experiments/strength/sprt/*/games.pgn"], cwd=ROOT,
        capture_output=True, text=True, check=True).stdout.split()
    if not listing:
        raise SystemExit("make_endgame_book: no committed games.pgn under experiments/strength/sprt")
    return [os.path.join(ROOT, path) for path in listing]


def read_candidates(tool, pgns, work_path):
    if not os.access(tool, os.X_OK):
        raise SystemExit(f"make_endgame_book: no executable {tool}; build "
                         "//experiments/strength/endgame_book:endgame_candidates first")
    result = subprocess.run([tool, "--out", work_path] + pgns, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"make_endgame_book: endgame_candidates failed: {result.stderr.strip()}")
    with open(work_path) as listing:
        lines = [line.rstrip("\n") for line in listing]
    header = [line for line in lines if line.startswith("#")]
    candidates = []
    for line in lines:
        if line.startswith("#") or not line.strip():
            continue
        fen = " ".join(line.split()[:4])
        ident = line.split('id "', 1)[1].split('"', 1)[0]
        source = os.path.relpath(line.split('c0 "', 1)[1].split('"', 1)[0], ROOT)
        candidates.append((fen, ident, source))
    return header, candidates


def short_engine_name(name):
    return "sf" + name.split()[-1] if name.startswith("Stockfish") else "ref"


def run(args):
    make_book = load_make_book()
    pgns = args.pgn or committed_games()
    header, candidates = read_candidates(args.candidates_tool, pgns, args.out + ".candidates")
    random.Random(args.seed).shuffle(candidates)
    judge = make_book.Stockfish(args.stockfish, args.hash_mb, 1)
    kept, verdicts = [], {}
    started = time.monotonic()
    try:
        for number, (fen, ident, source) in enumerate(candidates, 1):
            if len(kept) == args.count:
                break
            judge.set_position(fen + " 0 1")
            legal = judge.legal_move_count()
            if legal < args.min_legal_moves:
                verdict = "few moves"
            else:
                found = judge.search(args.eval_depth)
                if 1 not in found:
                    raise SystemExit(f"make_endgame_book: no score for {fen}")
                side_cp = found[1][1]
                white_cp = side_cp if fen.split()[1] == "w" else -side_cp
                verdict = "balanced" if abs(white_cp) <= args.threshold_cp else "unbalanced"
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
            if verdict == "balanced":
                kept.append((fen, ident, source, white_cp, legal))
            elapsed = time.monotonic() - started
            eta = elapsed / len(kept) * (args.count - len(kept)) if kept else 0
            print(f"make_endgame_book: candidate {number}/{len(candidates)}: "
                  f"{len(kept)}/{args.count} kept, {elapsed / 60:.1f} min, ETA {eta / 60:.1f} min",
                  file=sys.stderr, flush=True)
        engine_name = judge.name
    finally:
        judge.quit()
    if len(kept) < args.count:
        raise SystemExit(f"make_endgame_book: only {len(kept)} of {len(candidates)} candidates "
                         f"are balanced; {args.count} wanted")
    name = short_engine_name(engine_name)
    lines = [
        f"# {os.path.basename(args.out)}: even endgames for SPRTs of endgame changes, made by",
        "# experiments/strength/endgame_book/make_endgame_book.py (its docstring describes the"
        " method).",
        f"# referee: {engine_name} ({args.stockfish}), depth {args.eval_depth}, kept within"
        f" +/-{args.threshold_cp} cp with at least {args.min_legal_moves} legal moves",
        f"# shuffle seed {args.seed}; {sum(verdicts.values())} candidates judged: "
        + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items())),
    ] + [f"# candidates: {line.lstrip('# ')}" for line in header[1:]]
    for fen, ident, source, white_cp, legal in kept:
        lines.append(f'{fen} id "{ident}"; c0 "{source}, {name} depth {args.eval_depth} '
                     f'{white_cp / 100:+.2f}"; D1 {legal};')
    temporary = args.out + ".tmp"
    with open(temporary, "w") as out:
        out.write("\n".join(lines) + "\n")
    os.replace(temporary, args.out)
    os.remove(args.out + ".candidates")
    print(f"make_endgame_book: wrote {args.out}: {len(kept)} positions of "
          f"{sum(verdicts.values())} judged", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(run(parse_args(sys.argv[1:])))
