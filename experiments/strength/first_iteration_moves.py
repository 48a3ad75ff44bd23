#!/usr/bin/env python3
"""How many of Splitlab's moves in the strength log's games could entry 1 have changed.

Entry 1 (f5f1d17) changed what a clock search does before its first iteration is complete: the
time maximum now waits for depth 1, and only the clock's deadline (time left minus
max(Move Overhead, 20 ms)) cuts depth 1 short. Once depth 1 is complete both builds stop at the
same points, so a move can differ only where the search had not completed depth 2's predecessor,
that is, where the move was answered at depth 1 or without any scored report. The match runner
writes each engine move's last scored report into the PGN as {score/depth time}; every game it
played used a build with f5f1d17 in it, so this counts, per match, Splitlab's moves and those at
depth <= 1 or without a depth, with how the game ended for the side that made them.

    experiments/strength/first_iteration_moves.py [PGN ...]

With no PGN, it reads the games of the strength log (experiments/strength/sprt, spsa) and of
the 10+0.1 matches against Glaurung and Toga (experiments/strength-10s). Run it from the
repository root.
"""
import glob
import re
import sys

REFERENCE_ENGINES = re.compile(r"^(glaurung|toga|stockfish|fairy)", re.IGNORECASE)
TAG = re.compile(r'^\[(\w+) "(.*)"\]$', re.MULTILINE)
# A move number ("12." for White, "12..." for Black), the move, and the comment after it.
MOVE = re.compile(r"(\d+)(\.\.\.|\.)\s+([^\s{}]+)(?:\s+\{([^}]*)\})?")
DEPTH = re.compile(r"^[+-](?:\d+\.\d+|M\d+)/(\d+)\s")


def default_pgns():
    patterns = ["experiments/strength/sprt/*/games.pgn", "experiments/strength/spsa/*/games.pgn",
                "experiments/strength-10s/*/games.pgn"]
    return sorted(p for pattern in patterns for p in glob.glob(pattern))


def games(text):
    """Yields (tags, movetext) for each game of a PGN file."""
    starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.MULTILINE)]
    for begin, end in zip(starts, starts[1:] + [len(text)]):
        game = text[begin:end]
        header_end = game.find("\n\n")
        if header_end < 0:
            continue
        yield dict(TAG.findall(game[:header_end])), game[header_end:]


def side_score(result, white):
    return {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result, None) if white else \
        {"1-0": 0.0, "0-1": 1.0, "1/2-1/2": 0.5}.get(result, None)


def scan(path):
    """Counts of one PGN file: Splitlab's moves, and those at depth <= 1 or without a depth."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    counts = {"games": 0, "moves": 0, "shallow": 0, "shallow_games": 0, "shallow_points": 0.0,
              "time_forfeits": 0, "variant": "chess"}
    for tags, movetext in games(text):
        counts["games"] += 1
        if tags.get("Variant", "").lower() == "xiangqi":
            counts["variant"] = "xiangqi"
        ours = {color: not REFERENCE_ENGINES.match(tags.get(color, "")) for color in
                ("White", "Black")}
        shallow_here = {"White": 0, "Black": 0}
        for number, dots, move, comment in MOVE.findall(movetext):
            color = "White" if dots == "." else "Black"
            if not ours[color] or move in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            counts["moves"] += 1
            depth = DEPTH.match(comment or "")
            if depth is None or int(depth.group(1)) <= 1:
                counts["shallow"] += 1
                shallow_here[color] += 1
        if tags.get("Termination") == "time forfeit":
            counts["time_forfeits"] += 1
        for color in ("White", "Black"):
            if shallow_here[color]:
                counts["shallow_games"] += 1
                score = side_score(tags.get("Result", "*"), color == "White")
                counts["shallow_points"] += score if score is not None else 0.0
    return counts


def main():
    paths = sys.argv[1:] or default_pgns()
    if not paths:
        sys.exit("first_iteration_moves.py: no PGN given and none found (run it from the "
                 "repository root)")
    header = f"{'match':<58} {'variant':<8} {'games':>6} {'moves':>8} {'depth<=1':>9} " \
             f"{'sides with one':>15} {'their points':>13} {'time forfeits':>14}"
    print(header)
    print("-" * len(header))
    total = {"games": 0, "moves": 0, "shallow": 0, "shallow_games": 0, "shallow_points": 0.0,
             "time_forfeits": 0}
    for path in paths:
        try:
            counts = scan(path)
        except OSError as error:
            sys.exit(f"first_iteration_moves.py: cannot read '{path}': {error.strerror}")
        for key in total:
            total[key] += counts[key]
        name = path.removeprefix("experiments/").removesuffix("/games.pgn")
        print(f"{name:<58} {counts['variant']:<8} {counts['games']:>6} {counts['moves']:>8} "
              f"{counts['shallow']:>9} {counts['shallow_games']:>15} "
              f"{counts['shallow_points']:>13.1f} {counts['time_forfeits']:>14}")
    print("-" * len(header))
    print(f"{'all':<58} {'':<8} {total['games']:>6} {total['moves']:>8} {total['shallow']:>9} "
          f"{total['shallow_games']:>15} {total['shallow_points']:>13.1f} "
          f"{total['time_forfeits']:>14}")
    share = total["shallow"] / total["moves"] if total["moves"] else 0.0
    print(f"\nSplitlab's moves answered at depth <= 1 or without a depth: {total['shallow']} of "
          f"{total['moves']} ({share:.2e}); the only moves entry 1 could have changed.")


if __name__ == "__main__":
    main()
