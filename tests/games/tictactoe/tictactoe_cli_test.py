#!/usr/bin/python3
"""Tic-tac-toe through the commands every game gets from the registry (issue 72 item 2), on a
binary that links it beside the registry's games from this folder alone:

    tictactoe_cli_test.py SPLITLAB TMP

1. `splitlab perft --game tictactoe` at depths 1-9 from the start and from a middle position:
   the counts of a brute force written here (an independent reference: Python, not the game's
   code).
2. `splitlab bench --game tictactoe`: the signature line, the same twice.
3. UCI with UCI_Variant tictactoe: the variant is offered; from the start `go depth 9` scores a
   draw (cp 0) with a legal move; in positions the brute force finds won for the side to move
   the engine reports a mate and plays a winning move; in lost ones it reports being mated.
4. `splitlab match --variant tictactoe`, the engine against itself at depth 9 from positions of
   an EPD file: every game ends, each result what the brute force says the opening is worth.
Ends with "N passed, N failed"; exit 1 on any failure.
"""
import functools
import os
import re
import subprocess
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def parse(fen):
    """'xo1/1x1/o2 x' -> (board of 9: 'x', 'o' or '.', a1 = 0 ... c3 = 8; side)."""
    board_text, side = fen.split()
    rows = []
    for rank_text in board_text.split("/"):
        row = ""
        for c in rank_text:
            row += "." * int(c) if c.isdigit() else c
        rows.append(row)
    board = "".join(reversed(rows))  # Rank 1 first.
    return board, side


def square_name(i):
    return "abc"[i % 3] + str(i // 3 + 1)


def winner(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def moves(board):
    return [] if winner(board) else [i for i in range(9) if board[i] == "."]


def play(board, side, i):
    return board[:i] + side + board[i + 1:], "o" if side == "x" else "x"


def perft(board, side, depth):
    if depth == 0:
        return 1
    return sum(perft(*play(board, side, i), depth - 1) for i in moves(board))


@functools.lru_cache(maxsize=None)
def value(board, side):
    """+1: the side to move wins, 0: a draw, -1: it loses (perfect play)."""
    if winner(board):
        return -1  # The other side made the line.
    options = moves(board)
    if not options:
        return 0
    return max(-value(*play(board, side, i)) for i in options)


def main():
    binary, tmp = sys.argv[1], sys.argv[2]
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(("ok   " if ok else "FAIL ") + what, flush=True)
        passed, failed = passed + bool(ok), failed + (not ok)

    def run(*args, stdin=None):
        return subprocess.run([binary, *args], input=stdin, capture_output=True, text=True,
                              timeout=300)

    # 1. perft against the brute force.
    for fen in ("3/3/3 x", "xo1/1x1/o2 x"):
        board, side = parse(fen)
        for depth in range(1, 10 - sum(c != "." for c in board)):
            out = run("perft", "--game", "tictactoe", "--fen", fen, "--depth", str(depth))
            got = re.search(r"^Nodes searched: (\d+)$", out.stdout, re.M)
            want = perft(board, side, depth)
            check(out.returncode == 0 and got and int(got.group(1)) == want,
                  "perft %s depth %d: %s, brute force %d %s"
                  % (fen, depth, got.group(1) if got else None, want, out.stderr.strip()))

    # 2. bench: a signature, the same twice (one thread is deterministic).
    signatures = []
    for _ in range(2):
        out = run("bench", "--game", "tictactoe", "--depth", "9")
        got = re.search(r"^Nodes searched: (\d+)$", out.stdout, re.M)
        signatures.append(int(got.group(1)) if got and out.returncode == 0 else None)
    check(signatures[0] and signatures[0] == signatures[1], "bench signatures %s" % signatures)

    # 3. UCI with UCI_Variant tictactoe.
    positions = ["3/3/3 x", "xo1/1x1/o2 x", "x2/1o1/2x o", "xx1/oo1/3 x", "xx1/oo1/x2 o"]
    script = ["uci", "setoption name UCI_Variant value tictactoe", "isready"]
    for fen in positions:
        script += ["position fen " + fen, "go depth 9", "isready"]
    out = run(stdin="\n".join(script + ["quit"]) + "\n")
    lines = out.stdout.splitlines()
    check(any(re.match(r"option name UCI_Variant type combo .*\bvar tictactoe\b", l)
              for l in lines), "UCI_Variant offers tictactoe")
    answers, scores, score = [], [], None
    for line in lines:
        found = re.search(r" score (cp|mate) (-?\d+)", line)
        if line.startswith("info") and found:
            score = (found.group(1), int(found.group(2)))
        if line.startswith("bestmove"):
            answers.append(line.split()[1])
            scores.append(score)
            score = None
    check(len(answers) == len(positions) and "info string error" not in out.stdout,
          "one bestmove for each of %d positions: %s" % (len(positions), answers))
    for fen, move, got in zip(positions, answers, scores):
        board, side = parse(fen)
        legal = {square_name(i): i for i in moves(board)}
        worth = value(board, side)
        if move not in legal:
            check(False, "%s: bestmove %s is not legal (%s)" % (fen, move, sorted(legal)))
            continue
        after = -value(*play(board, side, legal[move]))
        kind = {1: "mate", 0: "cp", -1: "mate"}[worth]
        sign_ok = got is not None and got[0] == kind and (
            (worth == 0 and got[1] == 0) or (worth == 1 and got[1] > 0) or
            (worth == -1 and got[1] < 0))
        check(after == worth and sign_ok,
              "%s (worth %+d): bestmove %s keeps it (%+d), score %s" % (fen, worth, move, after,
                                                                         got))

    # 4. A match of the engine against itself from an EPD file of openings.
    openings = ["3/3/3 x", "x2/3/3 o", "1x1/3/3 o", "3/1x1/3 o", "xo1/3/3 x"]
    epd = os.path.join(tmp, "openings.epd")
    with open(epd, "w") as f:
        for i, fen in enumerate(openings):
            f.write('%s id "t%d";\n' % (fen, i))
    out_dir = os.path.join(tmp, "match")
    os.makedirs(out_dir, exist_ok=True)
    out = run("match", "--variant", "tictactoe", "--engine", "name=a", "cmd=" + binary,
              "--engine", "name=b", "cmd=" + binary, "--each", "depth=9",
              "--openings", "file=" + epd, "format=epd", "--rounds", str(len(openings)),
              "--games", "2", "--repeat", "--out", out_dir, "--pgnout", out_dir + "/games.pgn")
    pgn = open(out_dir + "/games.pgn").read() if os.path.exists(out_dir + "/games.pgn") else ""
    results = re.findall(r'^\[Result "([^"]+)"\]', pgn, re.M)
    fens = re.findall(r'^\[FEN "([^"]+)"\]', pgn, re.M)
    check(out.returncode == 0 and len(results) == 2 * len(openings),
          "match: %d games of %d (exit %d) %s" % (len(results), 2 * len(openings),
                                                 out.returncode, out.stderr.strip()[-300:]))
    for fen, result in zip(fens, results):
        board, side = parse(fen)
        worth = value(board, side)
        want = "1/2-1/2" if worth == 0 else (
            ("1-0" if side == "x" else "0-1") if worth == 1 else ("0-1" if side == "x" else "1-0"))
        check(result == want, "match game from %s: %s, perfect play gives %s" % (fen, result, want))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
