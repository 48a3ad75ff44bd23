#!/usr/bin/python3
"""Makes Splitlab's xiangqi opening book (xiangqi_own.book) from the committed xiangqi games.

    xiangqi_own_book.py SPLITLAB OUT.book GAMES.pgn [GAMES.pgn ...]

The committed xiangqi matches start from the positions of the default xiangqi book
(xiangqi_book.epd), eight plies from the start; the EPD's `c0 "moves ..."` keeps those plies. So
each game is written again from the start position (the opening's moves, then the game's own) and
`splitlab book make --game xiangqi` builds the book from them with MAX_PLY and MIN_GAMES below: a
move is in the book when it was played at least MIN_GAMES times within MAX_PLY plies of the
start, weighted 2 per win and 1 per draw for its side (docs/book.md). A game whose start is not a
book position is left out and counted. The output is the same bytes for the same games, so
//bench/book:xiangqi_own_book_test can rebuild the committed file and compare.
"""
import os
import re
import subprocess
import sys
import tempfile

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MAX_PLY = 30
MIN_GAMES = 3
EPD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "xiangqi_book.epd")


def openings(epd_path):
    """The book's positions (board and side to move) and the moves that reach each."""
    found = {}
    for line in open(epd_path):
        if line.startswith("#") or not line.strip():
            continue
        moves = re.search(r'c0 "moves ([^,"]+)', line)
        if not moves:
            sys.exit("%s: no c0 \"moves ...\" in: %s" % (epd_path, line.strip()[:120]))
        found[" ".join(line.split()[:2])] = moves.group(1).split()
    return found


def games_from_start(pgn_paths, book):
    """Each game as (result, moves from the start); and how many games had another start."""
    games, other_start = [], 0
    for path in pgn_paths:
        text = open(path).read().strip()
        for chunk in re.split(r"\n\n(?=\[Event )", text):
            head, _, body = chunk.partition("\n\n")
            if '[Variant "xiangqi"]' not in head:
                continue
            fen = re.search(r'\[FEN "([^"]+)"', head)
            prefix = book.get(" ".join(fen.group(1).split()[:2])) if fen else []
            if prefix is None:
                other_start += 1
                continue
            result = re.search(r'\[Result "([^"]+)"', head).group(1)
            body = re.sub(r"\{[^}]*\}", " ", body)
            own = [t for t in body.split() if not re.fullmatch(r"\d+\.(\.\.)?", t)
                   and t not in ("1-0", "0-1", "1/2-1/2", "*")]
            games.append((result, prefix + own))
    return games, other_start


def write_pgn(games, path):
    with open(path, "w") as f:
        for result, moves in games:
            movetext = []
            for i, move in enumerate(moves):
                if i % 2 == 0:
                    movetext.append("%d." % (i // 2 + 1))
                movetext.append(move)
            f.write('[Event "?"]\n[Result "%s"]\n[SetUp "1"]\n[FEN "%s"]\n[Variant "xiangqi"]\n\n'
                    '%s %s\n\n' % (result, START_FEN, " ".join(movetext), result))


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    splitlab, out, pgn_paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    games, other_start = games_from_start(pgn_paths, openings(EPD))
    print("%d xiangqi games from the default book's positions, %d from elsewhere (left out)"
          % (len(games), other_start))
    with tempfile.TemporaryDirectory() as work:
        pgn = os.path.join(work, "from-start.pgn")
        write_pgn(games, pgn)
        made = subprocess.run([splitlab, "book", "make", "--game", "xiangqi", "--pgn", pgn,
                               "--out", out, "--max-ply", str(MAX_PLY), "--min-games",
                               str(MIN_GAMES)], capture_output=True, text=True)
    sys.stdout.write(made.stdout)
    sys.stderr.write(made.stderr)
    sys.exit(made.returncode)


if __name__ == "__main__":
    main()
