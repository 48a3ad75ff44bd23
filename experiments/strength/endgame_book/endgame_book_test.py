#!/usr/bin/env python3
"""Checks the committed endgame book against its generator's rules and the built binary.

  endgame_book_test.py SPLITLAB_BINARY endgame_book.epd make_endgame_book.py

* The header names the referee, its depth and threshold, and they are make_endgame_book.py's
  defaults (so that rerunning the script with no arguments remakes this book); as many positions
  as its default --count, distinct by the four FEN fields, ids unique.
* Every position is what endgame_candidates promises, recounted here from the FEN: game phase
  2..6, material even within a pawn, at least 2 pawns, the side to move not in check (by
  Stockfish's move count, which would be the evasions only: checked through D1 below).
* Each evaluation is within the header's threshold; each D1 at least the minimum.
* `splitlab perft --suite BOOK --max-depth 1`: our parser accepts every position and finds as
  many legal moves as Stockfish (D1); and a book with one wrong count makes it fail.
"""

import importlib.util
import os
import re
import subprocess
import sys
import tempfile

LINE = re.compile(r'^(?P<fen>\S+ [wb] \S+ \S+) id "(?P<id>eg-\d+-\d+)"; '
                  r'c0 "(?P<source>[^,"]+), sf15\.1 depth (?P<depth>\d+) (?P<eval>[+-]\d+\.\d\d)"; '
                  r"D1 (?P<legal>\d+);$")
PHASE = {"n": 1, "b": 1, "r": 2, "q": 4}
PAWN_UNITS = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def material(board):
    """(phase, White's material minus Black's in pawns, pawns) of a FEN board field."""
    phase = balance = pawns = 0
    for c in board:
        lower = c.lower()
        if lower in PAWN_UNITS:
            phase += PHASE.get(lower, 0)
            balance += PAWN_UNITS[lower] if c.isupper() else -PAWN_UNITS[lower]
            pawns += lower == "p"
    return phase, balance, pawns


def perft_suite(binary, book):
    result = subprocess.run([binary, "perft", "--suite", book, "--max-depth", "1"],
                            capture_output=True, text=True, timeout=120)
    summary = [line for line in result.stdout.splitlines() if line.startswith("Suite:")]
    return result.returncode, summary[-1] if summary else "", result.stderr


def main(binary, book_path, script_path):
    spec = importlib.util.spec_from_file_location("make_endgame_book", script_path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    defaults = script.parse_args([])
    with open(book_path) as book:
        lines = book.read().splitlines()
    header = [line for line in lines if line.startswith("#")]
    body = [line for line in lines if line and not line.startswith("#")]
    referee = [line for line in header if line.startswith("# referee: ")]
    if not check(len(referee) == 1, "one '# referee:' header line"):
        return
    wanted = (f"depth {defaults.eval_depth}, kept within +/-{defaults.threshold_cp} cp with at "
              f"least {defaults.min_legal_moves} legal moves")
    check(referee[0].startswith("# referee: Stockfish 15.1") and referee[0].endswith(wanted),
          f"the referee line '{referee[0]}' ends with the script's defaults: '{wanted}'")
    check(any(f"shuffle seed {defaults.seed};" in line for line in header),
          f"the header gives the default seed {defaults.seed}")
    check(len(body) == defaults.count, f"{len(body)} positions, the default --count is "
          f"{defaults.count}")
    fens, ids = set(), set()
    for number, line in enumerate(body, 1):
        match = LINE.match(line)
        if not check(match, f"line {number} has the book's form: {line}"):
            continue
        check(match["fen"] not in fens, f"duplicate position {match['fen']}")
        check(match["id"] not in ids, f"duplicate id {match['id']}")
        fens.add(match["fen"])
        ids.add(match["id"])
        phase, balance, pawns = material(match["fen"].split()[0])
        check(2 <= phase <= 6, f"{match['id']}: phase {phase}")
        check(abs(balance) <= 1, f"{match['id']}: material {balance:+d}")
        check(pawns >= 2, f"{match['id']}: {pawns} pawns")
        check(int(match["depth"]) == defaults.eval_depth, f"{match['id']}: depth {match['depth']}")
        check(abs(float(match["eval"])) * 100 <= defaults.threshold_cp + 1e-9,
              f"{match['id']}: evaluation {match['eval']}")
        check(int(match["legal"]) >= defaults.min_legal_moves, f"{match['id']}: few moves")
        check(match["source"].startswith("experiments/strength/sprt/"),
              f"{match['id']}: from {match['source']}, not one of the SPRTs' games")

    code, summary, stderr = perft_suite(binary, book_path)
    check(code == 0 and f"{len(body)} checks, {len(body)} passed, 0 failed" in summary,
          f"perft --suite on the book: exit {code}, '{summary}' {stderr.strip()[:300]}")
    # The same check must fail on a book with one wrong count.
    with tempfile.TemporaryDirectory() as tmp:
        broken = os.path.join(tmp, "broken.epd")
        first = body[0]
        legal = int(re.search(r"D1 (\d+);", first).group(1))
        with open(broken, "w") as out:
            out.write(first.replace(f"D1 {legal};", f"D1 {legal + 1};") + "\n")
        code, summary, _ = perft_suite(binary, broken)
        check(code != 0, f"perft --suite passed a wrong D1: exit {code}, '{summary}'")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
    for failure in failures:
        print("FAILED:", failure)
    print(f"{len(failures)} failure(s)")
    sys.exit(1 if failures else 0)
