#!/usr/bin/python3
"""Polyglot books made by Splitlab against those made by Debian's polyglot, the format's own tool,
from the same games (issue 51).

    referee.py SPLITLAB BOOK_EPD OUT_DIR MATCH.pgn [MATCH.pgn ...]

The games: Splitlab's matches start from the positions of its default book (BOOK_EPD), whose
`c0 "moves ..."` operation keeps the moves from the standard start; each game is written again
from the start (those moves, then the game's own) and put into SAN by pgn-extract, because
polyglot make-book reads games from the standard start only. Then, for several --max-ply and
--min-games settings, `polyglot make-book` and `splitlab book make` make a book from the same
file, and their entries (key, move, weight, learn) must be the same; the order of entries of one
key with equal weight is left out, as Polyglot's own follows its hash table. Then `splitlab book
probe`, Splitlab's reader, must give for sampled positions the moves and weights of polyglot's
book, read here by hand from the file. A canary, a book with one weight changed, must be told
apart. Ends with "N passed, N failed"; exit 1 on any failure.
"""
import os
import re
import struct
import subprocess
import sys

POLYGLOT = "/usr/games/polyglot"
PGN_EXTRACT = "/usr/games/pgn-extract"
SETTINGS = [(1024, 3), (30, 1), (1024, 1)]  # (max ply, min games); polyglot's default first
# Under the sanitizers (QUICK=1 from referee_test.sh) one setting and fewer probes: the same
# code paths, a tenth of the time, so the suite stays within its budget.
QUICK = os.environ.get("QUICK") == "1"
if QUICK:
    SETTINGS = [(30, 1)]


def start_position_games(book_epd, pgn_paths, out_path):
    """Writes the matches' games from the standard start (coordinate prefix, SAN after)."""
    openings = {}
    for line in open(book_epd):
        if line.startswith("#") or not line.strip():
            continue
        moves = re.search(r'c0 "moves ([^,"]+)', line)
        openings[" ".join(line.split()[:4])] = moves.group(1).split()
    games = []
    for path in pgn_paths:
        text = open(path).read()
        for chunk in re.split(r"\n\n(?=\[Event )", text.strip()):
            head, body = chunk.split("\n\n", 1)
            fen = re.search(r'\[FEN "([^"]+)"', head)
            prefix = openings[" ".join(fen.group(1).split()[:4])] if fen else []
            result = re.search(r'\[Result "([^"]+)"', head).group(1)
            body = re.sub(r"\{[^}]*\}", " ", body)
            own = [t for t in body.split()
                   if not re.fullmatch(r"\d+\.(\.\.)?", t) and t not in ("1-0", "0-1", "1/2-1/2", "*")]
            movetext = []
            for i, move in enumerate(prefix + own):
                if i % 2 == 0:
                    movetext.append("%d." % (i // 2 + 1))
                movetext.append(move)
            games.append('[Event "?"]\n[Result "%s"]\n\n%s %s\n' % (result, " ".join(movetext), result))
    mixed = out_path + ".mixed"
    with open(mixed, "w") as f:
        f.write("\n".join(games))
    subprocess.run([PGN_EXTRACT, "-s", "-Wsan", "-w80", "-o" + out_path, mixed], check=True,
                   capture_output=True)
    return len(games)


def entries(path):
    data = open(path, "rb").read()
    return [struct.unpack(">QHHI", data[i:i + 16]) for i in range(0, len(data), 16)]


def main():
    splitlab, book_epd, out = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(("ok   " if ok else "FAIL ") + what)
        if ok:
            passed += 1
        else:
            failed += 1

    games_path = os.path.join(out, "games.pgn")
    count = start_position_games(book_epd, sys.argv[4:], games_path)
    read_back = len(re.findall(r"^\[Event ", open(games_path).read(), re.M))
    check(count >= 1000 and read_back == count, "%d games from the start position (%d read back)" % (count, read_back))
    for max_ply, min_games in SETTINGS:
        theirs = os.path.join(out, "polyglot-%d-%d.bin" % (max_ply, min_games))
        ours = os.path.join(out, "splitlab-%d-%d.bin" % (max_ply, min_games))
        subprocess.run([POLYGLOT, "make-book", "-pgn", games_path, "-bin", theirs, "-max-ply",
                        str(max_ply), "-min-game", str(min_games)], check=True, capture_output=True)
        subprocess.run([splitlab, "book", "make", "--pgn", games_path, "--out", ours, "--max-ply",
                        str(max_ply), "--min-games", str(min_games)], check=True, capture_output=True)
        a, b = entries(theirs), entries(ours)
        keys_sorted = all(x[0] <= y[0] for x, y in zip(b, b[1:]))
        check(len(a) > 100 and sorted(a) == sorted(b) and keys_sorted,
              "max-ply %d, min-games %d: polyglot %d entries, splitlab %d, the same: %s" %
              (max_ply, min_games, len(a), len(b), sorted(a) == sorted(b)))
        if (max_ply, min_games) == (30, 1):
            # Splitlab's reader on polyglot's book: every position of the first 40 games' first
            # 12 plies, its moves and weights against the file's entries for its key.
            by_key = {}
            for key, move, weight, _ in a:
                by_key.setdefault(key, {})[move] = weight
            text = open(games_path).read()
            probed = mismatches = 0
            for chunk in re.split(r"\n\n(?=\[Event )", text.strip())[:8 if QUICK else 40]:
                body = chunk.split("\n\n", 1)[1]
                sans = [t for t in body.split() if not re.fullmatch(r"\d+\.(\.\.)?", t)][:-1]
                uci = uci_moves(splitlab, sans[:12])
                for ply in range(len(uci) + 1):
                    result = subprocess.run([splitlab, "book", "probe", "--book", theirs, "--moves",
                                             " ".join(uci[:ply])], capture_output=True, text=True)
                    lines = result.stdout.split("\n")
                    key = int(lines[0].split()[1].rstrip(":"), 16)
                    want = by_key.get(key, {})
                    got = {}
                    for line in lines[1:]:
                        if line.strip():
                            move, weight = line.split()
                            got[polyglot_word(move, want)] = int(weight)
                    probed += 1
                    if got != want:
                        mismatches += 1
            check(probed > (40 if QUICK else 200) and mismatches == 0,
                  "splitlab's reader on polyglot's book: %d positions, moves and weights, %d differ"
                  % (probed, mismatches))
            # Canary: one weight changed must show as a difference.
            changed = list(b)
            changed[len(changed) // 2] = changed[len(changed) // 2][:2] + (changed[len(changed) // 2][2] + 1, 0)
            check(sorted(changed) != sorted(a), "canary: a book with one weight changed differs")
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


UCI_CACHE = {}
CASTLING = {"e1g1": "e1h1", "e1c1": "e1a1", "e8g8": "e8h8", "e8c8": "e8a8"}


def polyglot_word(uci, entries):
    """A UCI move as Polyglot encodes it; a king's castling move as the king taking its rook when
    the position's entries hold that word (a rook could make the same move otherwise)."""
    def word(text):
        square = lambda s: (ord(s[0]) - ord("a")) + 8 * (int(s[1]) - 1)
        promotion = " nbrq".index(text[4]) if len(text) == 5 else 0
        return square(text[2:4]) | (square(text[0:2]) << 6) | (promotion << 12)
    if uci in CASTLING and word(CASTLING[uci]) in entries:
        return word(CASTLING[uci])
    return word(uci)


def uci_moves(splitlab, sans):
    """The SAN moves as UCI, through pgn-extract's long algebraic output."""
    key = " ".join(sans)
    if key not in UCI_CACHE:
        pgn = '[Event "?"]\n[Result "*"]\n\n' + " ".join(sans) + " *\n"
        result = subprocess.run([PGN_EXTRACT, "-s", "-Wuci", "-w1000"], input=pgn, text=True,
                                capture_output=True)
        body = result.stdout.split("\n\n", 1)[1]
        UCI_CACHE[key] = [t for t in body.split() if t != "*"]
    return UCI_CACHE[key]


if __name__ == "__main__":
    main()
