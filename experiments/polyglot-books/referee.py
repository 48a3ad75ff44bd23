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
apart.

Then `polyglot dump-book`, the format's own lister, as the referee of both books' contents. It
lists every line of a book for one colour: the colour's book moves with their shares in percent,
the other side's moves that lead to a book position, each line ending at a leaf, a cycle or a
transposition. For each setting and colour, the dump of Splitlab's book must hold the same lines
as the dump of polyglot's: the same number, and, position by position, the same moves with the
same percentages. (The listings are not compared as text: which of two lines that transpose is
written first, and so which is cut with "{trans: line=N, ply=P}", follows the order of
equal-weight entries, and Polyglot's comes from its hash table.) Positions come from pgn-extract
(-Wepd, -Wuci), keyed as Polyglot keys them (an en-passant square only where a pawn could take).
And at every position of polyglot's own book where its dump lists the colour's moves,
`splitlab book probe` must give exactly those moves with those percentages. A canary, Splitlab's
book with every weight of the start position set to 1, must dump differently. Ends with "N passed, N
failed"; exit 1 on any failure.
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


def check_reader_on_polyglot_book(splitlab, games_path, theirs, a, b, check):
    """Checks Splitlab's reader on polyglot's book `theirs`, then a canary; a and b are the
    entries of polyglot's book and of Splitlab's."""
    # Splitlab's reader on polyglot's book: every position of the first 40 games' first
    # 12 plies, its moves and weights against the file's entries for its key.
    by_key = {}
    for key, move, weight, _ in a:
        by_key.setdefault(key, {})[move] = weight
    text = open(games_path).read()
    questions = []
    for chunk in re.split(r"\n\n(?=\[Event )", text.strip())[:8 if QUICK else 40]:
        body = chunk.split("\n\n", 1)[1]
        sans = [t for t in body.split() if not re.fullmatch(r"\d+\.(\.\.)?", t)][:-1]
        uci = uci_moves(splitlab, sans[:12])
        questions += ["startpos moves " + " ".join(uci[:ply]) for ply in range(len(uci) + 1)]
    probed = mismatches = 0
    for key, moves in probe_many(splitlab, theirs, questions):
        want = by_key.get(key, {})
        got = {polyglot_word(move, want): weight for move, weight in moves.items()}
        probed += 1
        if got != want:
            mismatches += 1
    check(probed > (40 if QUICK else 200) and mismatches == 0,
          "splitlab's reader on polyglot's book: %d positions, moves and weights, %d differ"
          % (probed, mismatches))
    # Canary: one weight changed must show as a difference.
    changed = list(b)
    changed[len(changed) // 2] = (changed[len(changed) // 2][:2]
                                  + (changed[len(changed) // 2][2] + 1, 0))
    check(sorted(changed) != sorted(a), "canary: a book with one weight changed differs")


def check_dumps(splitlab, out, theirs, ours, b, max_ply, min_games, check):
    """Checks that dump-book lists the same for both books, per colour; under the first setting,
    also Splitlab's reader against the dump, and a canary. b: the entries of Splitlab's book."""
    for colour in ("white", "black"):
        lines_theirs, edges_theirs, fens = dump_edges(theirs, colour, out)
        lines_ours, edges_ours, _ = dump_edges(ours, colour, out)
        differ = sorted(k for k in set(edges_theirs) | set(edges_ours)
                        if edges_theirs.get(k) != edges_ours.get(k))
        check(lines_theirs > 50 and lines_theirs == lines_ours and not differ,
              "max-ply %d, min-games %d, dump-book for %s: polyglot's book %d lines, %d "
              "positions; Splitlab's %d lines, %d positions; %d positions differ%s"
              % (max_ply, min_games, colour, lines_theirs, len(edges_theirs), lines_ours,
                 len(edges_ours), len(differ), (" (first: %s)" % fens.get(differ[0], differ[0])
                                                if differ else "")))
        if (max_ply, min_games) == SETTINGS[0]:
            probed, wrong = probe_against_dump(splitlab, theirs, edges_theirs, fens)
            check(probed >= (20 if QUICK else 200) and not wrong,
                  "splitlab's reader against dump-book for %s on polyglot's book: %d "
                  "positions, %d differ%s" % (colour, probed, len(wrong),
                                              " (first: %s)" % wrong[0] if wrong else ""))
        if colour == "white" and (max_ply, min_games) == SETTINGS[0]:
            canary = os.path.join(out, "canary-%d-%d.bin" % (max_ply, min_games))
            write_entries(canary, [(k, m, 1 if k == START_KEY else w, l) for k, m, w, l in b])
            _, edges_canary, _ = dump_edges(canary, colour, out)
            check(edges_canary != edges_ours, "canary: the dump of a book whose start position "
                  "has every weight 1 differs")


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
            check_reader_on_polyglot_book(splitlab, games_path, theirs, a, b, check)
        check_dumps(splitlab, out, theirs, ours, b, max_ply, min_games, check)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


START_KEY = 0x463B96181691FC9C  # The standard start position's Polyglot key.


def write_entries(path, rows):
    with open(path, "wb") as f:
        for row in sorted(rows, key=lambda r: (r[0], -r[2])):
            f.write(struct.pack(">QHHI", *row))


def polyglot_position(epd):
    """An EPD's position as Polyglot keys it: placement, side, castling, and the en-passant
    square only where a pawn of the side to move stands beside the pawn that just moved."""
    board, side, castling, ep = epd.split()[:4]
    if ep != "-":
        rows = []
        for rank in board.split("/"):
            rows.append("".join("." * int(c) if c.isdigit() else c for c in rank))
        file, rank = ord(ep[0]) - ord("a"), int(ep[1])
        pawn_row = 8 - (rank - 1 if side == "w" else rank + 1)  # Where the pawn that moved is.
        ours = "P" if side == "w" else "p"
        if not any(0 <= f < 8 and rows[pawn_row][f] == ours for f in (file - 1, file + 1)):
            ep = "-"
    return " ".join((board, side, castling, ep))


def dump_edges(book, colour, work):
    """`polyglot dump-book` of `book` for `colour`, read back: (number of lines, {position:
    {uci move: percent, or None for the other side's moves}}, {position: FEN})."""
    listing = os.path.join(work, "dump-%s.txt" % colour)
    subprocess.run([POLYGLOT, "dump-book", "-bin", book, "-color", colour, "-out", listing],
                   check=True, capture_output=True)
    games, shares = [], []
    for line in open(listing):
        match = re.match(r"(\d+): (.*)$", line.rstrip("\n"))
        if not match:
            continue  # The header, "Dump of ...".
        text = re.sub(r"\{(trans|cycle):[^}]*\}", " ", match.group(2))
        sans, percents = [], []
        for token in text.split():
            if re.fullmatch(r"\d+\.", token):
                continue
            move = re.fullmatch(r"([^{]+)(?:\{(\d+)%\})?", token)
            sans.append(move.group(1))
            percents.append(move.group(2))
        games.append(sans)
        shares.append(percents)
    pgn = os.path.join(work, "dump-%s.pgn" % colour)
    with open(pgn, "w") as f:
        for sans in games:
            moves = " ".join(("%d. " % (i // 2 + 1) if i % 2 == 0 else "") + san
                             for i, san in enumerate(sans))
            f.write('[Event "?"]\n[Result "*"]\n\n%s *\n\n' % moves)
    epds = subprocess.run([PGN_EXTRACT, "-s", "-Wepd", pgn], check=True, capture_output=True,
                          text=True).stdout.strip().split("\n\n")
    ucis = re.split(r"\n\n(?=\[Event )", subprocess.run(
        [PGN_EXTRACT, "-s", "-Wuci", "-w100000", pgn], check=True, capture_output=True,
        text=True).stdout.strip())
    if not (len(epds) == len(ucis) == len(games)):
        raise RuntimeError("pgn-extract read %d and %d of the %d lines of %s"
                           % (len(epds), len(ucis), len(games), listing))
    edges, fens = {}, {}
    for percents, epd_text, uci_text in zip(shares, epds, ucis):
        positions = [l for l in epd_text.split("\n") if l.strip()]
        moves = [t for t in uci_text.split("\n\n", 1)[1].split() if t != "*"]
        for ply, (move, percent) in enumerate(zip(moves, percents)):
            key = polyglot_position(positions[ply])
            fens[key] = " ".join(positions[ply].split()[:4]) + " 0 1"
            listed = edges.setdefault(key, {})
            if listed.get(move, percent) != percent:
                raise RuntimeError("%s lists %s at %s as %s%% and %s%%"
                                   % (listing, move, key, listed[move], percent))
            listed[move] = percent
    return len(games), edges, fens


def probe_against_dump(splitlab, book, edges, fens):
    """`splitlab book probe` at every position where the dump lists the colour's moves (a sample
    under QUICK): the same moves, and percentages as dump-book prints them. (probed, wrong)."""
    keys = sorted(k for k, moves in edges.items() if any(p is not None for p in moves.values()))
    if QUICK:
        keys = keys[::max(1, len(keys) // 25)]
    wrong = []
    answers = probe_many(splitlab, book, ["fen " + fens[key] for key in keys])
    for key, (_, weights) in zip(keys, answers):
        total = sum(weights.values())
        got = {move: "%.0f" % (100 * (w / total)) for move, w in weights.items()}
        if got != edges[key]:
            wrong.append("%s: probe %s, dump-book %s" % (fens[key], got, edges[key]))
    return len(keys), wrong


def probe_many(splitlab, book, questions):
    """`splitlab book probe --stdin` on each position ("startpos moves ...", "fen FEN"), one
    process for them all: [(Polyglot key, {uci move: weight})], in the questions' order."""
    result = subprocess.run([splitlab, "book", "probe", "--book", book, "--stdin"],
                            input="\n".join(questions) + "\n", capture_output=True, text=True)
    lines = result.stdout.split("\n")
    answers = []
    while lines and lines[0].startswith("key "):
        head = lines.pop(0).split()  # "key 463b96181691fc9c: 2 book moves"
        count = int(head[2])
        moves = {}
        for line in lines[:count]:
            move, weight = line.split()
            moves[move] = int(weight)
        del lines[:count]
        answers.append((int(head[1].rstrip(":"), 16), moves))
    if result.returncode != 0 or len(answers) != len(questions):
        raise RuntimeError("book probe --stdin answered %d of %d positions (exit %d): %s"
                           % (len(answers), len(questions), result.returncode,
                              result.stderr.strip()))
    return answers


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
