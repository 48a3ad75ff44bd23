#!/usr/bin/python3
"""Tests of first_iteration_moves.py on a PGN written here: which moves count as Splitlab's,
which as answered at depth <= 1 (a depth-1 report, a mate found at depth 1, no scored report),
comments wrapped across lines, the points of the sides that made such moves, time forfeits,
and a clear error for a file it cannot read.

    first_iteration_moves_test.py FIRST_ITERATION_MOVES_PY TMPDIR
"""
import importlib.util
import os
import subprocess
import sys

# Game 1: Splitlab (White) against Glaurung. White's moves: depth 12, depth 1, a comment without
# a score, a comment wrapped between depth and time (depth 13). Glaurung's depth-1 move is not
# Splitlab's and does not count. White wins.
# Game 2: two Splitlab builds; Black finds a mate at depth 1 and then loses on time.
PGN = """[Event "?"]
[White "splitlab"]
[Black "glaurung"]
[Result "1-0"]
[Termination "adjudication"]

1. e4 {+0.20/12 0.10s} 1... e5 {-0.10/1 0.01s} 2. Nf3 {+0.15/1 0.02s} 2... Nc6
{-0.12/10 0.09s} 3. Bb5 {0.01s} 3... a6 {-0.11/11 0.08s} 4. Ba4 {+0.20/13
0.07s} 1-0

[Event "?"]
[White "new"]
[Black "base"]
[Result "1-0"]
[Termination "time forfeit"]

1. d4 {+0.10/11 0.10s} 1... d5 {-0.10/10 0.10s} 2. c4 {+0.12/12 0.10s} 2... e6
{+M3/1 0.00s} 3. Nc3 {+0.10/12 0.10s} {Black loses on time} 1-0
"""


def load(path):
    spec = importlib.util.spec_from_file_location("first_iteration_moves", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    script, tmp = sys.argv[1], sys.argv[2]
    module = load(script)
    pgn = os.path.join(tmp, "games.pgn")
    with open(pgn, "w") as f:
        f.write(PGN)
    counts = module.scan(pgn)
    expected = {"games": 2, "moves": 9, "shallow": 3, "shallow_games": 2, "shallow_points": 1.0,
                "time_forfeits": 1, "variant": "chess"}
    failures = [f"{key}: {counts[key]}, expected {value}" for key, value in expected.items()
                if counts[key] != value]

    run = subprocess.run([sys.executable, script, pgn], capture_output=True, text=True)
    if run.returncode != 0 or "3 of 9" not in run.stdout:
        failures.append(f"the table's last line should count 3 of 9 moves:\n{run.stdout}{run.stderr}")
    missing = os.path.join(tmp, "missing.pgn")
    run = subprocess.run([sys.executable, script, missing], capture_output=True, text=True)
    if run.returncode == 0 or "missing.pgn" not in run.stderr:
        failures.append(f"a missing PGN should fail naming it, got {run.returncode}: {run.stderr}")

    for failure in failures:
        print("FAIL", failure)
    checks = len(expected) + 2
    print(f"{checks - len(failures)} of {checks} checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
