#!/usr/bin/env python3
"""Checks the committed default book against its generator and the built binary.

  book_test.py SPLITLAB_BINARY BOOK.epd MAKE_BOOK.py

* The header names the referee and lists the parameters, and they are make_book.py's defaults
  (so that rerunning the script with no arguments remakes this book).
* At least 500 positions, distinct by the four FEN fields, each FEN well formed; ids unique.
* c0: the walk has the header's number of plies, the evaluation is at the header's depth and
  within its threshold; the first moves are diverse, as the header's tally says.
* `splitlab perft --suite BOOK --max-depth 1`: our parser accepts every position and finds as
  many legal moves as Stockfish (D1); and a book with one wrong count makes it fail.
"""

import collections
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

FIELD_PATTERNS = [
    re.compile(r"^[pnbrqkPNBRQK1-8]+(/[pnbrqkPNBRQK1-8]+){7}$"),
    re.compile(r"^[wb]$"),
    re.compile(r"^(-|K?Q?k?q?)$"),
    re.compile(r"^(-|[a-h][36])$"),
]
LINE_PATTERN = re.compile(
    r'^(?P<fen>\S+ \S+ \S+ \S+) id "(?P<id>[^"]+)"; '
    r'c0 "moves (?P<moves>[a-h1-8qrbn ]+), sf15\.1 depth (?P<depth>\d+) (?P<eval>[+-]\d+\.\d\d)"; '
    r"D1 (?P<legal>\d+);$")

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def fen_problem(fen):
    """What is wrong with a four-field FEN, or None."""
    fields = fen.split()
    if len(fields) != 4:
        return "not four fields"
    for field, pattern in zip(fields, FIELD_PATTERNS):
        if not pattern.match(field):
            return f"bad field '{field}'"
    ranks = fields[0].split("/")
    for rank in ranks:
        if sum(int(c) if c.isdigit() else 1 for c in rank) != 8:
            return f"rank '{rank}' is not 8 squares"
    if fields[0].count("K") != 1 or fields[0].count("k") != 1:
        return "not one king a side"
    if re.search("[pP]", ranks[0] + ranks[7]):
        return "a pawn on the first or last rank"
    return None


def load_make_book(path):
    spec = importlib.util.spec_from_file_location("make_book", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_perft_suite(binary, book):
    result = subprocess.run([binary, "perft", "--suite", book, "--max-depth", "1"],
                            capture_output=True, text=True, timeout=120)
    summary = [line for line in result.stdout.splitlines() if line.startswith("Suite:")]
    return result.returncode, summary[-1] if summary else "", result.stderr


def main(binary, book_path, make_book_path):
    with open(book_path) as book:
        lines = book.read().splitlines()
    header = [line for line in lines if line.startswith("#")]
    body = [line for line in lines if line and not line.startswith("#")]
    check(lines and lines[0].startswith("#"), "the book starts with its header")

    # The header: referee and parameters, which are the script's defaults.
    check(any(line.startswith("# referee: Stockfish 15.1") for line in header),
          "the header names Stockfish 15.1 as referee")
    parameter_lines = [line for line in header if line.startswith("# parameters: ")]
    if not check(len(parameter_lines) == 1, "one '# parameters:' header line"):
        return
    words = parameter_lines[0][len("# parameters: "):].split()
    listed = {words[i][2:].replace("-", "_"): words[i + 1] for i in range(0, len(words) - 1, 2)}
    for required in ("seed", "plies", "margin_cp", "multipv", "eval_depth", "threshold_cp",
                     "count"):
        check(required in listed, f"the header lists {required}")
    make_book = load_make_book(make_book_path)
    defaults = make_book.book_parameters(make_book.parse_args([]))
    check(listed == {name: str(value) for name, value in defaults.items()},
          f"header parameters {listed} are make_book.py's defaults {defaults}")
    plies, depth = int(listed["plies"]), int(listed["eval_depth"])
    threshold_pawns = int(listed["threshold_cp"]) / 100

    # The positions.
    check(len(body) == int(listed["count"]), f"{len(body)} positions, the header says {listed['count']}")
    fens, ids, first_moves = set(), set(), collections.Counter()
    for number, line in enumerate(body, 1):
        match = LINE_PATTERN.match(line)
        if not check(match, f"line {number} has the book's form: {line}"):
            continue
        problem = fen_problem(match["fen"])
        check(problem is None, f"book-{number:03d}: {problem}: {match['fen']}")
        check(match["fen"] not in fens, f"duplicate position {match['fen']}")
        check(match["id"] not in ids, f"duplicate id {match['id']}")
        fens.add(match["fen"])
        ids.add(match["id"])
        moves = match["moves"].split()
        check(len(moves) == plies, f"{match['id']}: {len(moves)} plies, the header says {plies}")
        check(int(match["depth"]) == depth, f"{match['id']}: evaluated at depth {match['depth']}")
        check(abs(float(match["eval"])) <= threshold_pawns, f"{match['id']}: {match['eval']}")
        check(int(match["legal"]) >= int(listed["min_legal_moves"]), f"{match['id']}: few moves")
        first_moves[moves[0]] += 1
    check(len(fens) >= 500, f"{len(fens)} distinct positions, at least 500 wanted")

    # Diverse first moves, and the header's tally of them is the book's.
    check(len(first_moves) >= 4, f"first moves {dict(first_moves)}: at least 4 wanted")
    if first_moves:
        check(max(first_moves.values()) <= len(body) // 2, f"one first move dominates: {first_moves}")
    tally = ", ".join(f"{move} {n}" for move, n in
                      sorted(first_moves.items(), key=lambda kv: (-kv[1], kv[0])))
    check(f"# first moves: {tally}" in header, f"the header's first-move tally is {tally}")

    # Our own parser and move generator: every position accepted, Stockfish's legal-move counts.
    status, summary, stderr = run_perft_suite(binary, book_path)
    check(status == 0 and summary.startswith(f"Suite: {len(body)} checks, {len(body)} passed, 0 failed"),
          f"splitlab perft --suite on the book: status {status}, '{summary}' {stderr[-300:]}")
    # The same check must notice one wrong count.
    with tempfile.TemporaryDirectory(dir=os.environ.get("TEST_TMPDIR")) as scratch:
        broken_path = os.path.join(scratch, "broken.epd")
        broken = re.sub(r"D1 (\d+);$", lambda m: f"D1 {int(m[1]) + 1};", body[len(body) // 2])
        with open(broken_path, "w") as out:
            out.write("\n".join(body[:len(body) // 2] + [broken] + body[len(body) // 2 + 1:]) + "\n")
        status, summary, _ = run_perft_suite(binary, broken_path)
        check(status == 1 and f"{len(body) - 1} passed, 1 failed" in summary,
              f"a wrong D1 is noticed: status {status}, '{summary}'")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
    for failure in failures:
        print(f"FAILED: {failure}", file=sys.stderr)
    print(f"book_test: {'FAILED' if failures else 'passed'} ({len(failures)} failures)")
    sys.exit(1 if failures else 0)
