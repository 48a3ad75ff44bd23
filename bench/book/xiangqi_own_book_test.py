#!/usr/bin/python3
"""The committed xiangqi book (xiangqi_own.book) against the games it is made from, and in play.

    xiangqi_own_book_test.py SPLITLAB BOOK TMP GAMES.pgn [GAMES.pgn ...]

1. xiangqi_own_book.py, run again on the committed games, makes the committed file byte for byte;
   a copy with one weight changed is told apart (the canary of that comparison).
2. `splitlab book probe --game xiangqi` finds moves for the start position, from more than one
   opening, and for the position after the heaviest of them; `--stdin` gives the same for both
   in one process.
3. The engine plays the book's moves with the same options in both protocols: over UCCI
   (`setoption bookfile`, `setoption ownbook true`, ranks 0..9) and over UCI with UCI_Variant
   xiangqi (`BookFile`, `OwnBook`, ranks 1..10). Its answer in the start position is reported
   as a book move: the heaviest with BookMoves best (the default), one of the book's with random.
Ends with "N passed, N failed"; exit 1 on any failure.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def probe(splitlab, book, moves=""):
    out = subprocess.run([splitlab, "book", "probe", "--game", "xiangqi", "--book", book,
                          "--moves", moves], capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise RuntimeError("book probe failed: " + out.stderr.strip())
    rows = [l.split() for l in out.stdout.splitlines()[1:] if l.strip()]
    return {move: int(weight) for move, weight in rows}


def one_rank_up(move):
    """A UCCI move (ranks 0..9) as UCI writes it for xiangqi (ranks 1..10)."""
    return "%s%d%s%d" % (move[0], int(move[1]) + 1, move[2], int(move[3]) + 1)


def first_answer(splitlab, args, commands):
    """Sends the commands, reads up to the first bestmove, then quits: (bestmove, lines)."""
    engine = subprocess.Popen([splitlab, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, bufsize=1)
    engine.stdin.write("\n".join(commands) + "\n")
    engine.stdin.flush()
    lines = []
    for line in engine.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("bestmove") or line.startswith("nobestmove"):
            break
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait(timeout=30)
    move = lines[-1].split()[1] if lines and lines[-1].startswith("bestmove") else None
    return move, lines


def main():
    splitlab, book, tmp, games = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(("ok   " if ok else "FAIL ") + what)
        passed, failed = passed + bool(ok), failed + (not ok)

    os.makedirs(tmp, exist_ok=True)
    rebuilt = os.path.join(tmp, "xiangqi_own.book")
    made = subprocess.run([sys.executable, os.path.join(HERE, "xiangqi_own_book.py"), splitlab,
                           rebuilt, *games], capture_output=True, text=True, timeout=600)
    print(made.stdout.strip())
    committed = open(book, "rb").read()
    ours = open(rebuilt, "rb").read() if made.returncode == 0 else b""
    check(made.returncode == 0 and ours == committed and len(committed) >= 16 * 100,
          "rebuilt from %d files: %d bytes, the committed book %d bytes, the same: %s %s"
          % (len(games), len(ours), len(committed), ours == committed, made.stderr.strip()))
    canary = bytearray(committed)
    canary[len(canary) // 32 * 16 + 13] ^= 1  # The low bit of one entry's weight.
    check(bytes(canary) != ours, "canary: a copy with one weight changed differs")

    start = probe(splitlab, book)
    heaviest = max(start, key=start.get) if start else None
    after = probe(splitlab, book, heaviest) if heaviest else {}
    check(len(start) >= 2 and after, "the start position's book moves %s; after %s: %s"
          % (start, heaviest, after))
    # The same two positions in one process, from standard input (book probe --stdin).
    both = subprocess.run([splitlab, "book", "probe", "--game", "xiangqi", "--book", book,
                           "--stdin"], input="startpos\nstartpos moves %s\n" % heaviest,
                          capture_output=True, text=True, timeout=60)
    blocks, block = [], None
    for line in both.stdout.splitlines():
        if line.startswith("key "):
            block = {}
            blocks.append(block)
        elif line.strip() and block is not None:
            move, weight = line.split()
            block[move] = int(weight)
    check(both.returncode == 0 and blocks == [start, after],
          "book probe --stdin on the same two positions: %s (exit %d %s)"
          % (blocks, both.returncode, both.stderr.strip()))

    options = {"ucci": ["ucci", "setoption bookfile " + book, "setoption ownbook true"],
               "uci": ["uci", "setoption name UCI_Variant value xiangqi",
                       "setoption name BookFile value " + book,
                       "setoption name OwnBook value true"]}
    for protocol, setup in options.items():
        wire = (lambda m: m) if protocol == "ucci" else one_rank_up
        for choice in ("best", "random"):  # Best is the default.
            extra = ([] if choice == "best" else
                     ["setoption bookmoves random" if protocol == "ucci"
                      else "setoption name BookMoves value random"])
            move, lines = first_answer(splitlab, [protocol],
                                       setup + extra + ["position startpos", "go depth 12"])
            top = max(start.values()) if start else None
            wanted = {wire(m) for m, w in start.items() if choice == "random" or w == top}
            reported = any(l.startswith("info string book move " + str(move)) for l in lines)
            check(move in wanted and reported, "%s, BookMoves %s: bestmove %s (the book has %s), "
                  "reported as a book move: %s" % (protocol, choice, move, sorted(wanted), reported))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
