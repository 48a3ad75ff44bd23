#!/usr/bin/env python3
"""`splitlab uci` as a xiangqi engine: "setoption name UCI_Variant value xiangqi" switches the game,
and moves are written the way Fairy-Stockfish writes them under UCI (ranks 1..10: "h3e3",
"h10g8"). Legality of every xiangqi move the engine sends comes from Fairy-Stockfish itself (`go
perft 1` with UCI_Variant xiangqi), so the notation is checked against the engine it must talk
to; chess moves are checked by `splitlab perft --divide` (uci_test_support.py). Also: the options
set before the switch hold after it, each game declares its own search defaults, a bad variant or
a switch during a running search is refused with an error, the switch back to chess, and a short
game against Fairy-Stockfish.

Usage: uci_variant_test.py PATH/TO/splitlab
"""

import os
import re
import sys
import time

# The Fairy-Stockfish client beside the xiangqi tests (in the runfiles, or in the source tree).
HERE = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "xiangqi"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "xiangqi"))
from fairy_client import Fairy, FairyError  # noqa: E402
from uci_test_support import (Failure, check, check_legal, errors_in, expect_search, last_info,
                              parse_info, run_tests)

REFEREE = None


def referee():
    global REFEREE
    if REFEREE is None:
        REFEREE = Fairy()
    return REFEREE


def check_xiangqi_legal(move, moves, what, fen=None):
    try:
        legal = referee().legal(moves, fen)
    except FairyError as e:
        raise Failure("the referee failed: %s" % e)
    check(move in legal, "%s '%s' is not legal after %s for Fairy-Stockfish (legal: %s)"
          % (what, move, list(moves), " ".join(sorted(legal))))


def to_xiangqi(e, *options):
    for line in options:
        e.send(line)
    e.send("setoption name UCI_Variant value xiangqi")
    seen, _ = e.isready()
    check(not errors_in(seen), "switching to xiangqi gave %s" % errors_in(seen))


def xiangqi_search(e, moves, go, fen=None, timeout=20.0):
    """position + go under UCI_Variant xiangqi; checks bestmove and pv against the referee."""
    where = "fen " + fen if fen else "startpos"
    e.send("position %s%s" % (where, " moves " + " ".join(moves) if moves else ""))
    e.send(go)
    move, ponder, seen, _ = e.bestmove(timeout, "bestmove for '%s'" % go)
    check(not errors_in(seen), "'%s' gave %s" % (go, errors_in(seen)))
    check_xiangqi_legal(move, moves, "bestmove", fen)
    info = last_info(seen)
    check(info is not None and info.get("pv"), "no info line with a pv: %s" % seen[-5:])
    played = list(moves)
    for i, m in enumerate(info["pv"][:6]):
        check_xiangqi_legal(m, played, "pv move %d" % (i + 1), fen)
        played.append(m)
    return move, seen


# ------------------------------------------------------------------------------------------------
# The checks. Each takes a fresh engine.

def test_variant_option_is_declared(e):
    e.send("uci")
    seen, _ = e.wait_for(lambda l: l == "uciok", 10, "uciok")
    lines = [l for l in seen if l.startswith("option name UCI_Variant ")]
    check(len(lines) == 1, "no single UCI_Variant option line: %s" % lines)
    check(re.search(r"type combo default chess\b", lines[0]), "not a combo, default chess: " + lines[0])
    check(sorted(re.findall(r"\bvar (\S+)", lines[0])) == ["chess", "xiangqi"], lines[0])


def test_xiangqi_moves_in_uci_ranks(e):
    e.send("uci")
    e.wait_for(lambda l: l == "uciok", 10, "uciok")
    to_xiangqi(e)
    # Red's central cannon, then Black's horse from rank 10: only ranks 1..10 parse.
    xiangqi_search(e, ["h3e3", "h10g8"], "go depth 6")
    xiangqi_search(e, ["h3e3"], "go depth 5")  # Black to move: its moves come from ranks 6..10.
    # The same cannon move in UCCI's ranks 0..9 names an empty square here: refused, by name.
    e.send("position startpos moves h2e2")
    seen, _ = e.isready()
    errs = errors_in(seen)
    check(len(errs) == 1 and "h2e2" in errs[0], "expected one error naming h2e2, got %s" % seen)


def test_options_set_before_the_switch_hold(e):
    to_xiangqi(e, "setoption name Threads value 2", "setoption name SplitStrategy value dts",
               "setoption name Hash value 32")
    _, seen = xiangqi_search(e, [], "go depth 7")
    threads = [l for l in seen if l.startswith("info string thread ")]
    check(len(threads) == 2, "expected a report line per thread (2), got %s" % threads)


def test_search_from_a_fen_finds_the_mate(e):
    # Red mates in one (the chariots on ranks 9 and 1 against a bare general); the referee
    # confirms it: after the engine's move Black has no legal move.
    fen = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"
    to_xiangqi(e)
    move, seen = xiangqi_search(e, [], "go depth 5", fen=fen)
    info = last_info(seen)
    check(info["score"] == ("mate", 1), "score %s, expected mate 1" % (info["score"],))
    check(not referee().legal([move], fen), "%s does not mate: Black still has moves" % move)


def test_bad_variant_and_switch_during_search_are_refused(e):
    e.send("setoption name UCI_Variant value shogi")
    seen, _ = e.isready()
    errs = errors_in(seen)
    check(len(errs) == 1 and "shogi" in errs[0], "expected an error naming shogi, got %s" % seen)
    e.send("position startpos", "go infinite")
    time.sleep(0.2)
    e.send("setoption name UCI_Variant value xiangqi")
    seen, _ = e.isready()
    errs = errors_in(seen)
    check(len(errs) == 1 and "search is running" in errs[0], "expected a refusal, got %s" % seen)
    e.send("stop")
    move, _, _, _ = e.bestmove(10)
    check_legal(move, what="bestmove of the chess search")  # Still chess.


def test_each_game_declares_its_own_defaults(e):
    """The search's features and tuned parameters have a default per game (search_features.h,
    search_tuning.h): `uci` after a switch lists the new game's, and an option left at its
    default is not carried over as if it had been set."""
    def declared():
        e.send("uci")
        seen, _ = e.wait_for(lambda l: l == "uciok", 10, "uciok")
        found = {}
        for l in seen:
            m = re.match(r"option name (SearchFeatures|LmrBase|LmrDivisor|LmrHistoryDivisor) "
                         r"type \S+ default (\S+)", l)
            if m:
                found[m.group(1)] = m.group(2)
        return found
    chess = {"SearchFeatures": "futility,lmp,razoring,iir,history-lmr,counter-moves,"
                               "singular-extension,qsearch-checks,smart-time-2",
             "LmrBase": "57", "LmrDivisor": "165", "LmrHistoryDivisor": "2393"}
    xiangqi = {"SearchFeatures": "futility,lmp,iir", "LmrBase": "50", "LmrDivisor": "200",
               "LmrHistoryDivisor": "2000"}
    got = declared()
    check(got == chess, "chess declares %s, expected %s" % (got, chess))
    to_xiangqi(e)
    got = declared()
    check(got == xiangqi, "xiangqi declares %s, expected %s" % (got, xiangqi))
    e.send("setoption name UCI_Variant value chess")
    e.isready()
    got = declared()
    check(got == chess, "back in chess it declares %s, expected %s" % (got, chess))


def test_back_to_chess(e):
    to_xiangqi(e)
    xiangqi_search(e, [], "go depth 4")
    e.send("setoption name UCI_Variant value chess")
    expect_search(e, "go depth 5", moves=["e2e4", "e7e5"])


def test_a_game_against_fairy_stockfish(e):
    """Twenty plies, Splitlab as Red, each move refereed by Fairy-Stockfish."""
    to_xiangqi(e, "setoption name Hash value 8")
    e.send("ucinewgame")
    moves = []
    for ply in range(20):
        if not referee().legal(moves):
            break  # The side to move has lost.
        if ply % 2 == 0:
            e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""),
                   "go movetime 40")
            move, _, seen, _ = e.bestmove(10)
            check(not errors_in(seen), "errors: %s" % errors_in(seen))
            check_xiangqi_legal(move, moves, "Splitlab's move at ply %d" % (ply + 1))
        else:
            move = referee().best(moves)
        moves.append(move)
    check(len(moves) >= 10, "the game ended after %d plies: %s" % (len(moves), moves))


def main():
    try:
        return run_tests([test_variant_option_is_declared, test_xiangqi_moves_in_uci_ranks,
                          test_options_set_before_the_switch_hold,
                          test_search_from_a_fen_finds_the_mate,
                          test_bad_variant_and_switch_during_search_are_refused,
                          test_each_game_declares_its_own_defaults,
                          test_back_to_chess, test_a_game_against_fairy_stockfish],
                         "usage: uci_variant_test.py SPLITLAB", seconds=150)
    finally:
        if REFEREE is not None:
            REFEREE.close()


if __name__ == "__main__":
    sys.exit(main())
