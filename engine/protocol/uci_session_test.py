#!/usr/bin/env python3
"""Drives the `splitlab` binary as a UCI engine through a pipe, as a GUI would.

Usage: uci_session_test.py PATH/TO/splitlab

Every wait is bounded (a reader thread feeds a queue; each read has a deadline), every engine
process is killed at the end, and the whole run takes well under a minute. Legality of the
engine's moves is never asked of the UCI engine itself: the legal moves of a position come from
`splitlab perft --fen FEN --moves "..." --depth 1 --divide` (the perft-tested move generator).

Exit code 0 when every check passes; 1 with a list of failures otherwise.
"""

import os
import queue
import re
import subprocess
import sys
import threading
import time
import traceback

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BINARY = None
FAILURES = []
TEST_DEADLINE = time.monotonic() + 55.0  # The whole run must stop by itself.


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# ------------------------------------------------------------------------------------------------
# The legality oracle.

_legal_cache = {}


def legal_moves(fen=START_FEN, moves=()):
    """The legal moves after `moves` from `fen`, from `splitlab perft --divide`."""
    key = (fen, tuple(moves))
    if key in _legal_cache:
        return _legal_cache[key]
    args = [BINARY, "perft", "--fen", fen, "--depth", "1", "--divide"]
    if moves:
        args += ["--moves", " ".join(moves)]
    out = subprocess.run(args, capture_output=True, text=True, timeout=10)
    if out.returncode != 0:
        raise Failure("perft failed on %s moves %s: %s" % (fen, list(moves), out.stderr.strip()))
    result = set()
    for line in out.stdout.splitlines():
        m = re.match(r"^([a-h][1-8][a-h][1-8][nbrq]?): \d+$", line)
        if m:
            result.add(m.group(1))
    _legal_cache[key] = result
    return result


def check_legal(move, fen=START_FEN, moves=(), what="bestmove"):
    legal = legal_moves(fen, moves)
    check(move in legal, "%s '%s' is not legal after %s from %s (legal: %s)"
          % (what, move, list(moves), fen, " ".join(sorted(legal))))


def check_pv_legal(pv, fen=START_FEN, moves=()):
    played = list(moves)
    for i, m in enumerate(pv):
        check_legal(m, fen, played, what="pv move %d" % (i + 1))
        played.append(m)


# ------------------------------------------------------------------------------------------------
# The engine under test.

class Engine:
    def __init__(self):
        self.proc = subprocess.Popen([BINARY], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.log = []  # Everything seen, for failure messages.
        self.stderr = []
        threading.Thread(target=self._read, args=(self.proc.stdout, self.lines),
                         daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    @staticmethod
    def _read(stream, q):
        for line in stream:
            q.put((time.monotonic(), line.rstrip("\r\n")))
        q.put((time.monotonic(), None))  # End of output.

    def _drain(self):
        for line in self.proc.stderr:
            self.stderr.append(line.rstrip("\n"))

    def send(self, *lines):
        text = "".join(l + "\n" for l in lines)
        self.log.append(">> " + text.rstrip("\n").replace("\n", "\n>> "))
        try:
            self.proc.stdin.write(text)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise Failure("cannot write %r to the engine: %s" % (text, e))
        return time.monotonic()

    def next_line(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None, None
        try:
            t, line = self.lines.get(timeout=remaining)
        except queue.Empty:
            return None, None
        if line is None:
            raise Failure("the engine closed its output (exit code %s); last lines:\n%s"
                          % (self.proc.poll(), self.tail()))
        self.log.append("<< " + line)
        return t, line

    def wait_for(self, predicate, timeout, what):
        """Reads lines until one satisfies `predicate`; returns (lines read, time of match)."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            t, line = self.next_line(deadline)
            if line is None:
                raise Failure("no %s within %.1f s; last lines:\n%s" % (what, timeout, self.tail()))
            seen.append(line)
            if predicate(line):
                return seen, t

    def collect_for(self, seconds):
        """All lines that arrive within `seconds`."""
        deadline = time.monotonic() + seconds
        seen = []
        while True:
            t, line = self.next_line(deadline)
            if line is None:
                return seen
            seen.append(line)

    def bestmove(self, timeout, what="bestmove"):
        """Waits for `bestmove`; returns (move, ponder or None, lines, time of arrival)."""
        seen, t = self.wait_for(lambda l: l.startswith("bestmove"), timeout, what)
        parts = seen[-1].split()
        check(len(parts) in (2, 4), "malformed bestmove line '%s'" % seen[-1])
        ponder = None
        if len(parts) == 4:
            check(parts[2] == "ponder", "malformed bestmove line '%s'" % seen[-1])
            ponder = parts[3]
        return parts[1], ponder, seen, t

    def isready(self, timeout=2.0):
        sent = self.send("isready")
        seen, t = self.wait_for(lambda l: l == "readyok", timeout, "readyok")
        return seen, t - sent

    def tail(self, n=25):
        return "\n".join(self.log[-n:])

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError):
                pass
            try:
                self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)


def info_strings(lines):
    return [l for l in lines if l.startswith("info string")]


def errors_in(lines):
    """Error reports: "info string error: ..." (the engine may send other info strings)."""
    return [l for l in lines if l.startswith("info string") and "error" in l.lower()]


def no_bestmove_in(lines, what):
    for l in lines:
        check(not l.startswith("bestmove"), "%s: unexpected '%s'" % (what, l))


INFO_FIELDS = ["depth", "seldepth", "score", "nodes", "nps", "hashfull", "time", "pv"]


def parse_info(line):
    """The fields of an `info depth ...` line: ints, score as (kind, value), pv as a list."""
    words = line.split()
    check(words[0] == "info", "not an info line: " + line)
    info = {}
    i = 1
    while i < len(words):
        w = words[i]
        if w == "score":
            check(i + 2 < len(words) and words[i + 1] in ("cp", "mate"),
                  "bad score in '%s'" % line)
            info["score"] = (words[i + 1], int(words[i + 2]))
            i += 3
            while i < len(words) and words[i] in ("lowerbound", "upperbound"):
                info[words[i]] = True
                i += 1
        elif w == "pv":
            info["pv"] = words[i + 1:]
            break
        elif w in ("depth", "seldepth", "nodes", "nps", "hashfull", "time", "multipv"):
            info[w] = int(words[i + 1])
            i += 2
        else:
            i += 1
    return info


# ------------------------------------------------------------------------------------------------
# The checks. Each takes a fresh engine.

EXPECTED_OPTIONS = ["Hash", "Threads", "SplitStrategy", "TTEntry", "TTReplace", "SplitNodes",
                    "MinSplitDepth", "MaxHelpersPerSplit", "OrderingMemory", "Clear Hash"]


def test_uci_handshake(e):
    e.send("uci")
    seen, _ = e.wait_for(lambda l: l == "uciok", 3, "uciok")
    check(any(l.startswith("id name ") and len(l) > 8 for l in seen), "no 'id name' line")
    check(any(l.startswith("id author ") for l in seen), "no 'id author' line")
    options = {}
    for l in seen:
        m = re.match(r"^option name (.+?) type (spin|check|combo|button|string)\b(.*)$", l)
        if m:
            options[m.group(1)] = (m.group(2), m.group(3))
    for name in EXPECTED_OPTIONS:
        check(name in options, "no option line for '%s' (got %s)" % (name, sorted(options)))
    check(options["Hash"][0] == "spin", "Hash is not a spin")
    check(options["Threads"][0] == "spin", "Threads is not a spin")
    check(options["Clear Hash"][0] == "button", "Clear Hash is not a button")
    for name, values in (("SplitStrategy", ["none", "ybwc", "dts", "lazy"]),
                         ("TTEntry", ["xor", "bracket", "locked", "raw"]),
                         ("TTReplace", ["deep", "new", "old", "big1", "bigall", "twodeep",
                                        "twobig1", "bucket", "depth-age"]),
                         ("SplitNodes", ["pv-all", "any"]),
                         ("OrderingMemory", ["copy", "own", "shared"])):
        check(options[name][0] == "combo", "%s is not a combo" % name)
        vars_ = re.findall(r"\bvar (\S+)", options[name][1])
        check(sorted(vars_) == sorted(values), "%s vars %s, expected %s" % (name, vars_, values))
    for name in ("MinSplitDepth", "MaxHelpersPerSplit"):
        check(options[name][0] == "spin", "%s is not a spin" % name)
    check(seen[-1] == "uciok", "uciok is not last")
    check(not errors_in(seen), "errors in the handshake: %s" % errors_in(seen))


def test_isready_idle_and_during_search(e):
    _, latency = e.isready()
    check(latency < 1.0, "readyok took %.2f s when idle" % latency)
    e.send("position startpos", "go infinite")
    time.sleep(0.3)
    seen, latency = e.isready(timeout=2.0)
    check(latency < 1.0, "readyok took %.2f s during a search" % latency)
    no_bestmove_in(seen, "go infinite before stop")
    seen = e.collect_for(0.5)
    no_bestmove_in(seen, "go infinite before stop")
    sent = e.send("stop")
    move, ponder, _, t = e.bestmove(2.0, "bestmove after stop")
    check(t - sent < 1.0, "bestmove came %.2f s after stop" % (t - sent))
    check_legal(move)
    if ponder:
        check_legal(ponder, moves=[move], what="ponder move")
    _, latency = e.isready()


def test_info_lines(e):
    moves = ["e2e4", "e7e5"]
    e.send("position startpos moves " + " ".join(moves), "go depth 6")
    move, ponder, seen, _ = e.bestmove(15)
    infos = [l for l in seen if l.startswith("info depth")]
    check(infos, "no info lines")
    depths = []
    for l in infos:
        info = parse_info(l)
        for f in INFO_FIELDS:
            check(f in info, "info line lacks '%s': %s" % (f, l))
        check(info["seldepth"] >= info["depth"] or info["score"][0] == "mate",
              "seldepth < depth in: " + l)
        check(0 <= info["hashfull"] <= 1000, "hashfull out of range: " + l)
        check(info["nodes"] > 0 and info["nps"] >= 0 and info["time"] >= 0, "bad counts: " + l)
        check(len(info["pv"]) >= 1, "empty pv: " + l)
        depths.append(info["depth"])
    check(depths == sorted(depths), "depths go backwards: %s" % depths)
    check(max(depths) == 6, "depth 6 was not reported (got %s)" % depths)
    last = parse_info(infos[-1])
    check(last["depth"] == 6, "the last info is not depth 6")
    check(last["pv"][0] == move, "bestmove %s is not the last pv's first move %s"
          % (move, last["pv"][0]))
    check_legal(move, moves=moves)
    check_pv_legal(last["pv"], moves=moves)
    if ponder:
        check(len(last["pv"]) > 1 and ponder == last["pv"][1], "ponder move is not pv[1]")


def expect_search(e, go, moves=(), fen=None, timeout=10.0):
    """Sends position + go; returns (bestmove, lines, seconds from go to bestmove)."""
    if fen is None:
        e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    else:
        e.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
    sent = e.send(go)
    move, ponder, seen, t = e.bestmove(timeout, "bestmove for '%s'" % go)
    check_legal(move, fen or START_FEN, moves, what="bestmove for '%s'" % go)
    if ponder:
        check_legal(ponder, fen or START_FEN, list(moves) + [move], what="ponder for '%s'" % go)
    check(not errors_in(seen), "'%s' gave %s" % (go, errors_in(seen)))
    return move, seen, t - sent


def last_info(seen):
    infos = [l for l in seen if l.startswith("info depth")]
    return parse_info(infos[-1]) if infos else None


def test_go_variants(e):
    # Clock, increments, moves to go.
    _, _, s = expect_search(e, "go wtime 2000 btime 2000 winc 20 binc 20")
    check(s < 2.0, "go wtime 2000 took %.2f s" % s)
    _, _, s = expect_search(e, "go wtime 3000 btime 500 winc 0 binc 0", moves=["e2e4"])
    check(s < 0.5, "black with 500 ms took %.2f s" % s)
    _, _, s = expect_search(e, "go wtime 1000 btime 1000 movestogo 2")
    check(s < 1.0, "movestogo 2 with 1000 ms took %.2f s" % s)
    _, _, s = expect_search(e, "go btime 800 wtime 800 binc 100 winc 100 movestogo 10",
                            moves=["d2d4", "g8f6"])
    check(s < 0.8, "took %.2f s of 800 ms" % s)
    # Depth.
    _, seen, _ = expect_search(e, "go depth 5")
    check(last_info(seen)["depth"] == 5, "go depth 5 did not end at depth 5")
    # Nodes.
    _, seen, _ = expect_search(e, "go nodes 20000")
    nodes = last_info(seen)["nodes"]
    check(nodes <= 2 * 20000 + 4096, "go nodes 20000 searched %d nodes" % nodes)
    # Movetime.
    _, _, s = expect_search(e, "go movetime 300")
    check(0.15 <= s < 1.0, "go movetime 300 took %.3f s" % s)
    # Mate: Stockfish 15.1 (go depth 32) reports mate 2 with d5f6 here.
    mate2 = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
    move, seen, s = expect_search(e, "go mate 2", fen=mate2)
    check(last_info(seen)["score"] == ("mate", 2), "go mate 2: %s" % last_info(seen))
    check(s < 5.0, "go mate 2 took %.2f s" % s)
    check_pv_legal(last_info(seen)["pv"], fen=mate2)
    # Searchmoves, before and after other parameters.
    move, _, _ = expect_search(e, "go depth 5 searchmoves a2a3 h2h3")
    check(move in ("a2a3", "h2h3"), "searchmoves a2a3 h2h3 gave %s" % move)
    move, seen, _ = expect_search(e, "go searchmoves g2g4 depth 4")
    check(move == "g2g4", "searchmoves g2g4 gave %s" % move)
    check(last_info(seen)["depth"] == 4, "depth after searchmoves was ignored")
    # Infinite + stop: no bestmove until stop, also when the search has nothing left to do
    # (a bare-kings position completes every iteration at once).
    for fen in (START_FEN, "8/8/4k3/8/8/4K3/8/8 w - - 0 1"):
        e.send("position fen " + fen, "go infinite")
        no_bestmove_in(e.collect_for(0.7), "go infinite on " + fen)
        sent = e.send("stop")
        move, _, _, t = e.bestmove(2.0)
        check(t - sent < 1.0, "bestmove %.2f s after stop" % (t - sent))
        check_legal(move, fen)
    # Ponder + ponderhit with a clock: nothing before ponderhit, then it ends by itself.
    e.send("position startpos moves e2e4 e7e5", "go ponder wtime 1000 btime 1000 winc 10 binc 10")
    no_bestmove_in(e.collect_for(1.2), "go ponder before ponderhit")
    sent = e.send("ponderhit")
    move, _, _, t = e.bestmove(3.0, "bestmove after ponderhit")
    check(t - sent < 1.0, "bestmove %.2f s after ponderhit with 1000 ms on the clock"
          % (t - sent))
    check_legal(move, moves=["e2e4", "e7e5"])
    # Ponder + stop.
    e.send("position startpos moves d2d4", "go ponder wtime 1000 btime 1000")
    no_bestmove_in(e.collect_for(0.8), "go ponder before stop")
    sent = e.send("stop")
    move, _, _, t = e.bestmove(2.0, "bestmove after stop while pondering")
    check(t - sent < 1.0, "bestmove %.2f s after stop" % (t - sent))
    check_legal(move, moves=["d2d4"])
    # Ponder on a search that finishes early (depth 3): still nothing before ponderhit.
    e.send("position startpos", "go ponder depth 3")
    no_bestmove_in(e.collect_for(0.8), "go ponder depth 3 before ponderhit")
    sent = e.send("ponderhit")
    move, _, _, t = e.bestmove(2.0, "bestmove after ponderhit")
    check(t - sent < 1.0, "bestmove %.2f s after ponderhit" % (t - sent))
    check_legal(move)
    _, latency = e.isready()


def test_stop_right_after_go(e):
    positions = [(START_FEN, []), (START_FEN, ["e2e4", "c7c5", "g1f3"]),
                 ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [])]
    for i in range(50):
        fen, moves = positions[i % len(positions)]
        go = ["go infinite", "go depth 30", "go wtime 100000 btime 100000", "go movetime 5000",
              "go ponder wtime 10000 btime 10000"][i % 5]
        e.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))
        sent = e.send(go, "stop")  # One write: no delay between them.
        move, _, _, t = e.bestmove(3.0, "bestmove %d after '%s' + stop" % (i, go))
        check(t - sent < 2.0, "bestmove %.2f s after go+stop" % (t - sent))
        check_legal(move, fen, moves)
    _, latency = e.isready()
    check(latency < 1.0, "readyok took %.2f s" % latency)


def test_garbage(e):
    cases = [
        ("flurble", ["flurble"]),
        ("position fen garbage", ["position"]),
        ("position startpos moves e2e5", ["e2e5"]),
        ("setoption name Hash value abc", ["Hash", "abc"]),
        ("setoption name Nope value 1", ["Nope"]),
        ("go depth x", ["depth", "x"]),
        ("go wtime", ["wtime"]),
        ("go depth", ["depth"]),
        ("go nodes -5", ["nodes"]),
        ("setoption name TTEntry value sideways", ["TTEntry", "sideways"]),
        ("setoption name Clear Hash value 3", ["Clear Hash"]),
        ("go searchmoves e2e5", ["e2e5"]),
        ("go frobnicate", ["frobnicate"]),
    ]
    for command, words in cases:
        e.send("position startpos")
        e.send(command)
        seen, _ = e.isready()
        errors = info_strings(seen)
        check(errors, "'%s' gave no info string line (got %s)" % (command, seen))
        for w in words:
            check(any(w in l for l in errors), "the error for '%s' does not name '%s': %s"
                  % (command, w, errors))
        # A rejected go must not leave a search running: the next search works.
        move, _, _ = expect_search(e, "go depth 3")
    # After a bad move list the engine still plays from a position it accepts.
    e.send("position startpos moves e2e4 e7e5 g1f3")
    e.send("position startpos moves e2e4 zz99")
    seen, _ = e.isready()
    check(any("zz99" in l for l in info_strings(seen)), "'moves e2e4 zz99' gave no info string")
    expect_search(e, "go depth 4", moves=["e2e4", "e7e5"])
    # Empty lines and extra whitespace are harmless.
    e.send("", "   ", "  isready  ")
    e.wait_for(lambda l: l == "readyok", 2, "readyok after whitespace")


def test_options(e):
    for opt in ("setoption name Hash value 64", "setoption name Clear Hash",
                "setoption name TTEntry value bracket", "setoption name TTReplace value depth-age",
                "setoption name Threads value 2", "setoption name SplitStrategy value lazy",
                "setoption name SplitNodes value any", "setoption name MinSplitDepth value 6",
                "setoption name MaxHelpersPerSplit value 3",
                "setoption name OrderingMemory value shared", "setoption name hash value 32"):
        e.send(opt)
        seen, _ = e.isready()
        check(not errors_in(seen), "'%s' gave %s" % (opt, errors_in(seen)))
    expect_search(e, "go depth 6", moves=["e2e4"])
    # Each split strategy with two threads plays a legal move; then back to one thread.
    for strategy in ("ybwc", "dts", "lazy", "none"):
        e.send("setoption name SplitStrategy value " + strategy)
        expect_search(e, "go depth 7", moves=["e2e4", "c7c5"])
        e.send("position startpos", "go infinite")
        time.sleep(0.1)
        sent = e.send("stop")
        move, _, _, t = e.bestmove(2.0, "bestmove after stop (%s, 2 threads)" % strategy)
        check(t - sent < 1.0, "bestmove %.2f s after stop (%s)" % (t - sent, strategy))
        check_legal(move)
    e.send("setoption name Threads value 1")
    for scheme in ("xor", "bracket", "locked", "raw"):
        for policy in ("deep", "new", "old", "big1", "bigall", "twodeep", "twobig1", "bucket",
                       "depth-age"):
            e.send("setoption name TTEntry value " + scheme,
                   "setoption name TTReplace value " + policy)
            _, seen, _ = expect_search(e, "go depth 4", moves=["d2d4"])
    e.send("setoption name Hash value 1", "setoption name TTReplace value bucket")
    e.send("ucinewgame")
    seen, _ = e.isready()
    check(not errors_in(seen), "ucinewgame gave %s" % errors_in(seen))
    expect_search(e, "go depth 5")
    # Options cannot change during a search; the search is unharmed.
    e.send("position startpos", "go infinite")
    e.send("setoption name Hash value 8")
    seen, _ = e.isready()
    e.send("stop")
    move, _, _, _ = e.bestmove(2.0)
    check_legal(move)
    # ucinewgame during a search stops it (with its bestmove) and resets.
    e.send("position startpos", "go infinite")
    time.sleep(0.1)
    e.send("ucinewgame")
    move, _, _, _ = e.bestmove(2.0, "bestmove after ucinewgame during a search")
    check_legal(move)
    e.isready()


def test_quit(e):
    e.isready()
    sent = e.send("quit")
    try:
        code = e.proc.wait(timeout=2)
    except subprocess.TimeoutExpired:
        raise Failure("quit did not end the process within 2 s")
    check(code == 0, "exit code %d after quit" % code)
    check(time.monotonic() - sent < 2.0, "quit was slow")


def test_quit_during_search(e):
    e.send("position startpos", "go infinite")
    time.sleep(0.2)
    e.send("quit")
    try:
        code = e.proc.wait(timeout=2)
    except subprocess.TimeoutExpired:
        raise Failure("quit during a search did not end the process within 2 s")
    check(code == 0, "exit code %d after quit during a search" % code)


def test_end_of_input(e):
    e.send("position startpos", "go depth 30")
    time.sleep(0.1)
    e.proc.stdin.close()
    try:
        code = e.proc.wait(timeout=3)
    except subprocess.TimeoutExpired:
        raise Failure("end of input did not end the process within 3 s")
    check(code == 0, "exit code %d at end of input" % code)


def play_game(e, initial_ms, inc_ms, plies, movestogo=None):
    """Plays both sides with the engine; a side whose clock goes below zero loses the test.

    The clock is charged with the time the test measures from sending `go` to reading
    `bestmove` (so the engine's own overhead and the pipe count against it, as in a GUI)."""
    moves = []
    clock = [initial_ms, initial_ms]
    slowest = 0.0
    lowest = float(initial_ms)
    e.send("ucinewgame")
    e.isready()
    for ply in range(plies):
        legal = legal_moves(START_FEN, moves)
        if not legal:
            break  # Mate or stalemate: the game is over.
        side = ply % 2
        go = "go wtime %d btime %d winc %d binc %d" % (clock[0], clock[1], inc_ms, inc_ms)
        if movestogo:
            go += " movestogo %d" % (movestogo - (ply // 2) % movestogo)
        e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        sent = e.send(go)
        move, _, _, t = e.bestmove(clock[side] / 1000.0 + 1.0,
                                   "bestmove at ply %d (clock %d ms)" % (ply, clock[side]))
        used_ms = (t - sent) * 1000.0
        slowest = max(slowest, used_ms)
        clock[side] -= used_ms
        check(clock[side] >= 0, "%s lost on time at ply %d: used %.1f ms, clock %.1f ms (%s)"
              % ("white" if side == 0 else "black", ply, used_ms, clock[side], go))
        check(move in legal, "illegal move %s at ply %d after %s" % (move, ply, moves))
        lowest = min(lowest, clock[side])
        clock[side] += inc_ms
        if movestogo and side == 1 and (ply // 2 + 1) % movestogo == 0:
            clock[0] += initial_ms
            clock[1] += initial_ms
        moves.append(move)
    return moves, clock, slowest, lowest


def test_time_control(e):
    # The clock is charged with wall time measured here, which on a loaded 2-core CI machine
    # (several builds and engines at once) includes scheduling stalls of 10-20 ms beyond the
    # engine's own budget; the engine's default Move Overhead (50 ms) exists for that, and the
    # clocks themselves get no margin here.
    moves, clock, slowest, lowest = play_game(e, 1000, 10, 80)
    print("  1000+10 game: %d plies, clocks left %.0f / %.0f ms, slowest move %.0f ms, "
          "lowest clock %.1f ms" % (len(moves), clock[0], clock[1], slowest, lowest))
    check(len(moves) >= 20, "the game ended after %d plies" % len(moves))
    moves, clock, slowest, lowest = play_game(e, 2000, 0, 80)
    print("  2000+0 game: %d plies, clocks left %.0f / %.0f ms, slowest move %.0f ms, "
          "lowest clock %.1f ms" % (len(moves), clock[0], clock[1], slowest, lowest))


TESTS = [
    test_uci_handshake,
    test_isready_idle_and_during_search,
    test_info_lines,
    test_go_variants,
    test_stop_right_after_go,
    test_garbage,
    test_options,
    test_quit,
    test_quit_during_search,
    test_end_of_input,
    test_time_control,
]


def main():
    global BINARY
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    BINARY = os.path.abspath(sys.argv[1])
    only = os.environ.get("UCI_TEST_ONLY")
    for test in TESTS:
        if only and test.__name__ != only:
            continue
        if time.monotonic() > TEST_DEADLINE:
            FAILURES.append("%s: not run, the test ran out of time" % test.__name__)
            continue
        start = time.monotonic()
        e = Engine()
        try:
            test(e)
            print("PASS %s (%.2f s)" % (test.__name__, time.monotonic() - start))
        except Failure as f:
            FAILURES.append("%s: %s" % (test.__name__, f))
            print("FAIL %s: %s" % (test.__name__, f))
            print("  engine conversation (last lines):\n    " + e.tail(40).replace("\n", "\n    "))
        except Exception:  # A bug in the test itself, or a crash: report it as a failure.
            FAILURES.append("%s: %s" % (test.__name__, traceback.format_exc()))
            print("ERROR %s:\n%s" % (test.__name__, traceback.format_exc()))
        finally:
            e.close()
            if e.stderr:
                print("  stderr of the engine: " + " | ".join(e.stderr[-5:]))
        sys.stdout.flush()
    if FAILURES:
        print("\n%d FAILED:" % len(FAILURES))
        for f in FAILURES:
            print("  " + f)
        return 1
    print("\nall UCI session checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
