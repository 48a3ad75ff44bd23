#!/usr/bin/env python3
"""A UCCI session with the built `splitlab ucci` through a pipe, as a xiangqi GUI would drive it:
the handshake and its options, searches by depth, by the clock and until stop, banmoves, a lost
position (nobestmove), probe, bad input (an error line, and the engine carries on), position/go
pairs sent back to back (each go waits its turn), and quit (the search it cuts short answers once,
with a searched move, then bye). Legality of the engine's moves comes from `splitlab perft --game
xiangqi --divide --stdin` (the move generator, perft-checked against Fairy-Stockfish;
legal_moves.py), never from the engine under test.
Every wait is bounded. Usage: ucci_session_test.py SPLITLAB
"""
import queue
import re
import subprocess
import sys
import threading
import time

from legal_moves import LegalMoves, OracleError  # The same directory.

BINARY = None
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
LOST = "3k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1"  # Black, not in check, has no legal move.


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


_oracle = None


def legal_moves(fen=START, moves=()):
    global _oracle
    if _oracle is None:
        _oracle = LegalMoves(BINARY, "xiangqi", timeout=60)
    try:
        return set(_oracle.of(fen, moves))
    except OracleError as error:
        check(False, "perft failed: %s" % error)


class Ucci:
    def __init__(self):
        self.proc = subprocess.Popen([BINARY, "ucci"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        self.log = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines):
        for line in lines:
            self.log.append(">> " + line)
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, predicate, timeout, what):
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            remaining = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(remaining, 0.001))
            except queue.Empty:
                line = ""
            if line is None:
                raise Failure("the engine closed its output; last lines:\n" + self.tail())
            if line == "" and time.monotonic() >= deadline:
                raise Failure("no %s within %.1f s; last lines:\n%s" % (what, timeout, self.tail()))
            if line == "":
                continue
            self.log.append("<< " + line)
            seen.append(line)
            if predicate(line):
                return seen

    def handshake(self):
        self.send("ucci")
        return self.wait_for(lambda l: l == "ucciok", 10, "ucciok")

    def isready(self):
        self.send("isready")
        return self.wait_for(lambda l: l == "readyok", 10, "readyok")

    def answer(self, timeout):
        """The lines up to bestmove or nobestmove; returns (move or None, lines)."""
        seen = self.wait_for(lambda l: l.startswith("bestmove") or l == "nobestmove", timeout,
                             "bestmove")
        last = seen[-1].split()
        return (None if last[0] == "nobestmove" else last[1]), seen

    def tail(self, n=20):
        return "\n".join(self.log[-n:])

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=5)
            except Exception:
                self.proc.kill()


def errors(lines):
    return [l for l in lines if l.startswith("info string error")]


def test_handshake_and_options(e):
    seen = e.handshake()
    check(any(l.startswith("id name Splitlab") for l in seen), "no id name: %s" % seen)
    options = [l for l in seen if l.startswith("option ")]
    check(any(re.fullmatch(r"option hashsize type spin min 1 max \d+ default 16", l)
              for l in options), "no UCCI hashsize option: %s" % options)
    check(any(l.startswith("option splitstrategy type combo var none var ybwc") for l in options),
          "no splitstrategy combo: %s" % options)
    check(not any(" name " in l for l in options), "UCI-style declarations: %s" % options)
    e.send("setoption hashsize 32", "setoption threads 2", "setoption splitstrategy dts",
           "setoption usemillisec true", "setoption newgame")
    check(not errors(e.isready()), "options gave errors:\n" + e.tail())


def test_search_by_depth(e):
    e.handshake()
    e.send("position startpos moves h2e2", "go depth 5")
    move, seen = e.answer(60)
    infos = [l for l in seen if l.startswith("info depth")]
    check(infos, "no info depth lines")
    check(all(re.match(r"info depth \d+ score -?\d+ time \d+ nodes \d+ pv( [a-i]\d[a-i]\d)+$", l)
              for l in infos), "malformed info lines: %s" % infos)
    check(move in legal_moves(START, ["h2e2"]), "bestmove %s is not legal after h2e2" % move)
    # probe: the table knows this position now.
    e.send("probe")
    pop = e.wait_for(lambda l: l.startswith("pophash"), 5, "pophash")[-1]
    check(re.match(r"pophash( bestmove [a-i]\d[a-i]\d)?( (lower|upper)bound -?\d+ depth \d+)*$",
                   pop), "malformed pophash line '%s'" % pop)


def test_banmoves(e):
    e.handshake()
    # Ban the move the search chooses, then the next one it chooses, and so on: each answer
    # must be legal and none of the banned (so the check fails if bans were ignored).
    banned = []
    for _ in range(3):
        e.send("position startpos", "banmoves " + " ".join(banned) if banned else "isready")
        e.send("go depth 5")
        move, _ = e.answer(60)
        check(move in legal_moves() and move not in banned,
              "bestmove %s with %s banned" % (move, banned))
        banned.append(move)
    # A new position clears the bans: the same search may now choose any move.
    e.send("position startpos", "go depth 2")
    move, _ = e.answer(30)
    check(move in legal_moves(), "bestmove %s" % move)


def test_lost_position_and_clock(e):
    e.handshake()
    e.send("position fen " + LOST, "go depth 3")
    move, _ = e.answer(10)
    check(move is None, "a side without a legal move answered %s, not nobestmove" % move)
    e.send("position startpos", "go time 3000 increment 0 opptime 3000 oppincrement 0")
    start = time.monotonic()
    move, _ = e.answer(10)
    spent = time.monotonic() - start
    check(move in legal_moves(), "bestmove %s" % move)
    check(spent < 2.5, "a move on a 3 s clock took %.2f s" % spent)
    e.send("position startpos", "go depth infinite")
    time.sleep(0.3)
    e.send("stop")
    move, _ = e.answer(5)
    check(move in legal_moves(), "bestmove %s after stop" % move)


def test_bad_input(e):
    e.handshake()
    for bad, mentions in [("position fen rnbakabnr/9 w", "FEN"),
                          ("position startpos moves h2h8", "h2h8"),
                          ("banmoves z9z9", "z9z9"),
                          ("setoption bogus 1", "bogus"),
                          ("setoption usemillisec false", "milliseconds"),
                          ("go depth x", "depth"),
                          ("go time -", "time"),
                          ("frobnicate", "frobnicate")]:
        e.send(bad)
        seen = e.isready()
        errs = errors(seen)
        check(errs and mentions in errs[0], "'%s' gave %s" % (bad, errs))
    e.send("position startpos", "go depth 3")
    move, _ = e.answer(30)
    check(move in legal_moves(), "after bad input: bestmove %s" % move)


def test_quit_says_bye(e):
    # quit in the same write as go, before the search's first node: the search finishes its first
    # iteration and answers once, then bye (it once left with bye alone, and before that
    # answered "info nodes 0" and "bestmove a0a1", a move of a search that never ran).
    e.handshake()
    e.send("position startpos", "go depth 30", "quit")
    seen = e.wait_for(lambda l: l == "bye", 5, "bye")
    e.proc.wait(timeout=5)
    check(e.proc.returncode == 0, "exit code %s" % e.proc.returncode)
    answered = [l for l in seen if l.startswith(("bestmove", "nobestmove"))]
    check(len(answered) == 1, "quit during a search was answered %d times: %s"
          % (len(answered), answered))
    check(answered[0].split()[1] in legal_moves(), "quit's answer %s is not legal" % answered[0])
    check(any(l.startswith("info depth") for l in seen[:seen.index(answered[0])]),
          "quit's answer came without a completed depth: %s" % seen[-4:])


def test_go_pairs_back_to_back(e):
    # A script's position/go pairs in one write, each search ending by itself (depth, time): each
    # go waits for the search before it, and every one is answered, in order, legally.
    e.handshake()
    pairs = [([], "go depth 6"), (["h2e2"], "go time 300 increment 0"),
             (["h2e2", "h9g7"], "go depth 1"), (["b2e2"], "go depth 4")]
    commands = []
    for moves, go in pairs:
        commands += ["position startpos" + (" moves " + " ".join(moves) if moves else ""), go]
    e.send(*commands)
    for moves, go in pairs:
        move, seen = e.answer(60)
        check(not errors(seen), "'%s' after another search gave %s" % (go, errors(seen)))
        check(move in legal_moves(START, moves), "bestmove %s for '%s' is not legal after %s"
              % (move, go, moves))
    lines = e.isready()
    check(not any(l.startswith("bestmove") for l in lines), "a fifth answer: %s" % lines)


def main():
    global BINARY
    BINARY = sys.argv[1]
    tests = [test_handshake_and_options, test_search_by_depth, test_banmoves,
             test_lost_position_and_clock, test_bad_input, test_quit_says_bye,
             test_go_pairs_back_to_back]
    failed = 0
    for test in tests:
        e = Ucci()
        try:
            test(e)
            print("ok  ", test.__name__)
        except Failure as f:
            failed += 1
            print("FAIL", test.__name__, "\n", f)
        finally:
            e.close()
    print("%d passed, %d failed" % (len(tests) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
