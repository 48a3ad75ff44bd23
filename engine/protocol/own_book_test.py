#!/usr/bin/env python3
"""The engine's own book (OwnBook, BookFile, BookDepth, BookMoves, BookSeed) through a pipe, as a
GUI would drive it. The book is made here by `splitlab book make` from a few games whose counts
are known (1. e4 three times: won, won, drawn = weight 5; 1. d4 once, won = 2; after 1. e4 only
1... c5, weight 1 for Black: lost, lost, drawn). Checks: the heaviest move at once, with an info line and no search;
the book left beyond BookDepth and for positions it does not hold; weighted random choice that
repeats under one seed and follows the weights over many seeds; searchmoves that leave the book
move out; a missing and a truncated file (an error line, then searching); OwnBook off; a match
whose PGN marks the book moves; and xiangqi's book over UCCI, its mirror-image lookup included. Every wait is bounded. Usage: own_book_test.py SPLITLAB TMP
"""
import os
import queue
import subprocess
import sys
import threading
import time

BINARY = None
GAMES = """[Event "?"]
[Result "1-0"]

1. e4 c5 2. Nf3 1-0

[Event "?"]
[Result "1-0"]

1. e4 c5 2. Nc3 1-0

[Event "?"]
[Result "1/2-1/2"]

1. e4 c5 2. d4 1/2-1/2

[Event "?"]
[Result "1-0"]

1. d4 d5 1-0
"""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Engine:
    def __init__(self, *args):
        self.proc = subprocess.Popen([BINARY, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines):
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix, timeout=30):
        """Every line up to and including the first that starts with `prefix`."""
        seen = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise Failure("no '%s' within %d s; got %s" % (prefix, timeout, seen[-5:]))
            if line is None:
                raise Failure("the engine exited before '%s'; got %s" % (prefix, seen[-5:]))
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def go(self, position, limit="movetime 300"):
        self.send(position, "go " + limit)
        return self.until("bestmove")

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def bestmove(lines):
    return lines[-1].split()[1]


def main():
    global BINARY
    BINARY, tmp = sys.argv[1], sys.argv[2]
    pgn, book = os.path.join(tmp, "games.pgn"), os.path.join(tmp, "book.bin")
    with open(pgn, "w") as f:
        f.write(GAMES)
    made = subprocess.run([BINARY, "book", "make", "--pgn", pgn, "--out", book, "--min-games", "1"],
                          capture_output=True, text=True, timeout=60)
    check(made.returncode == 0, "book make failed: " + made.stderr)
    passed = 0

    e = Engine("uci")
    e.send("uci")
    e.until("uciok")
    # OwnBook is off by default: a search.
    lines = e.go("position startpos")
    check(not any("book move" in l for l in lines), "a book move with OwnBook off: %s" % lines)
    e.send("setoption name BookFile value " + book, "setoption name OwnBook value true", "isready")
    lines = e.until("readyok")
    check(not any("error" in l for l in lines), "loading the book: %s" % lines)
    # The heaviest move, at once, with its weight, and no search.
    lines = e.go("position startpos", "wtime 60000 btime 60000")
    check(bestmove(lines) == "e2e4", "book best: %s" % lines[-3:])
    check(any(l.startswith("info string book move e2e4 (weight 5 of 7)") for l in lines), "info: %s" % lines)
    check(any(l.startswith("info nodes 0 ") for l in lines), "searched a book move: %s" % lines)
    lines = e.go("position startpos moves e2e4")
    check(bestmove(lines) == "c7c5", "Black's book move: %s" % lines[-3:])
    passed += 1
    # Not in the book: a search.
    lines = e.go("position startpos moves g1f3")
    check(not any("book move" in l for l in lines) and bestmove(lines) != "0000", "g1f3: %s" % lines[-3:])
    # Beyond BookDepth (1 ply): a search even where the book has the move.
    e.send("setoption name BookDepth value 1")
    lines = e.go("position startpos moves e2e4")
    check(not any("book move" in l for l in lines), "BookDepth 1 at ply 1: %s" % lines[-3:])
    e.send("setoption name BookDepth value 30")
    # searchmoves that leave the book move out: a search among them.
    lines = e.go("position startpos", "movetime 300 searchmoves g1f3 b1c3")
    check(bestmove(lines) in ("g1f3", "b1c3") and not any("book move" in l for l in lines),
          "searchmoves: %s" % lines[-3:])
    passed += 1
    # Random choice: the same seed gives the same move; over 200 seeds e2e4 comes about 5/7.
    e.send("setoption name BookMoves value random", "setoption name BookSeed value 7")
    first = bestmove(e.go("position startpos"))
    again = bestmove(e.go("position startpos moves e2e4 c7c5 g1f3 b8c6"))  # another game between
    third = bestmove(e.go("position startpos"))
    check(first == third, "seed 7 gave %s then %s" % (first, third))
    counts = {}
    for seed in range(200):
        e.send("setoption name BookSeed value %d" % seed)
        move = bestmove(e.go("position startpos"))
        counts[move] = counts.get(move, 0) + 1
    check(set(counts) == {"e2e4", "d2d4"} and 110 <= counts["e2e4"] <= 175,
          "200 seeds: %s (expected e2e4 about 143)" % counts)
    passed += 1
    # A missing and a truncated book: an error line, then searches.
    e.send("setoption name BookFile value " + os.path.join(tmp, "missing.bin"), "isready")
    lines = e.until("readyok")
    missing = os.path.join(tmp, "missing.bin")
    check(any(l.startswith("info string error: OwnBook: BookFile " + missing + ": no such file")
              for l in lines), "missing: %s" % lines)
    lines = e.go("position startpos")
    check(not any("book move" in l for l in lines), "a book move without a book: %s" % lines[-3:])
    truncated = os.path.join(tmp, "truncated.bin")
    with open(book, "rb") as src, open(truncated, "wb") as dst:
        dst.write(src.read()[:23])
    e.send("setoption name BookFile value " + truncated, "isready")
    lines = e.until("readyok")
    check(any("23 bytes" in l and "playing without a book" in l for l in lines), "truncated: %s" % lines)
    # OwnBook off again: searches.
    e.send("setoption name BookFile value " + book, "setoption name OwnBook value false")
    lines = e.go("position startpos")
    check(not any("book move" in l for l in lines), "OwnBook off: %s" % lines[-3:])
    e.quit()
    passed += 1
    # In a match: the engine with OwnBook plays 1. e4 from its book, and the PGN says so; the
    # other engine has no book and its moves carry their search's score.
    start = os.path.join(tmp, "start.epd")
    with open(start, "w") as f:
        f.write("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n")
    games_out = os.path.join(tmp, "match.pgn")
    match = subprocess.run(
        [BINARY, "match", "--engine", "name=booked", "cmd=" + BINARY, "option.OwnBook=true",
         "option.BookFile=" + book, "depth=2", "--engine", "name=plain", "cmd=" + BINARY,
         "depth=2", "--openings", "file=" + start, "format=epd", "--rounds", "1", "--games", "2",
         "--maxmoves", "6", "--pgnout", games_out, "--out", os.path.join(tmp, "match")],
        capture_output=True, text=True, timeout=200)
    check(match.returncode == 0, "match failed: " + match.stderr[-300:])
    text = open(games_out).read()
    first = text.split("[Event ")[1]
    check('[White "booked"]' in first and "1. e4 {book}" in " ".join(first.split()),
          "the booked engine's first move is not marked: " + " ".join(first.split())[:300])
    second = text.split("[Event ")[2]
    check("1. e4 {book}" not in " ".join(second.split()) or '[White "booked"]' in second,
          "the engine without a book has a book move: " + " ".join(second.split())[:300])
    passed += 1
    # Xiangqi: a book made from two games written as `match` writes them (ranks 1..10): 1. h2e2
    # (Red won one, drew one: 3), then 1... b9c7 (drawn: 1; h9g7 lost: 0, left out). Over UCCI the
    # engine plays h2e2 from it, b9c7 after h2e2, and after b2e2 (the other wing, not in the
    # book) the mirror image of b9c7, h9g7.
    xpgn, xbook = os.path.join(tmp, "xiangqi.pgn"), os.path.join(tmp, "xiangqi.book")
    start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    with open(xpgn, "w") as f:
        for moves, result in (("h3e3 h10g8", "1-0"), ("h3e3 b10c8", "1/2-1/2")):
            f.write('[Event "?"]\n[Result "%s"]\n[SetUp "1"]\n[FEN "%s"]\n[Variant "xiangqi"]\n\n'
                    '1. %s %s\n\n' % (result, start_fen, moves.replace(" ", " 1... "), result))
    made = subprocess.run([BINARY, "book", "make", "--game", "xiangqi", "--pgn", xpgn, "--out", xbook,
                           "--min-games", "1"], capture_output=True, text=True, timeout=60)
    check(made.returncode == 0 and "2 xiangqi games" in made.stdout,
          "xiangqi book make: %s %s" % (made.stdout, made.stderr))
    x = Engine("ucci")
    x.send("ucci")
    x.until("ucciok")
    x.send("setoption bookfile " + xbook, "setoption ownbook true", "isready")
    lines = x.until("readyok")
    check(not any("error" in l for l in lines), "xiangqi book: %s" % lines)
    for moves, expected in (("", "h2e2"), (" moves h2e2", "b9c7"), (" moves b2e2", "h9g7")):
        lines = x.go("position startpos" + moves, "depth 6")
        check(bestmove(lines) == expected and any("book move" in l for l in lines),
              "xiangqi book after '%s': %s" % (moves, lines[-3:]))
    lines = x.go("position startpos moves c3c4", "depth 3")
    check(not any("book move" in l for l in lines), "xiangqi out of book: %s" % lines[-3:])
    x.send("quit")
    x.proc.wait(timeout=10)
    passed += 1
    print("%d passed, 0 failed" % passed)


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print("FAIL: %s" % failure)
        print("0 passed, 1 failed")
        sys.exit(1)
