"""What the UCI session tests share: the built `splitlab` driven through a pipe, as a GUI would.

Every wait is bounded (a reader thread feeds a queue; each read has a deadline), and every engine
process is killed at the end. Legality of the engine's moves is never asked of the UCI engine
itself: the legal moves of a position come from `splitlab perft --depth 1 --divide --stdin` (the
perft-tested move generator; legal_moves.py).

A test script lists its checks (functions taking a fresh Engine) and calls run_tests().
"""

import os
import queue
import re
import subprocess
import sys
import threading
import time
import traceback

from legal_moves import LegalMoves, OracleError  # The same directory.

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BINARY = None  # Set by run_tests().
# Every wait for an answer is a bound, not a measurement: a test fails only when it runs out.
# On a machine whose cores are busy with other work, and under a sanitizer (10-50 times slower),
# an answer that takes a second alone can take ten (a variant switch with Threads 2 and Hash 32
# under TSan beside other tests once missed its 10 s readyok): the bounds stretch by this factor.
# Tests that measure time (a quit within 2 s, tiny clocks) measure it apart, unstretched.
SANITIZED = any(name in os.environ for name in ("TSAN_OPTIONS", "ASAN_OPTIONS"))
WAIT_SCALE = 6.0 if SANITIZED else 3.0


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# ------------------------------------------------------------------------------------------------
# The legality oracle.

_oracle = None


def generated_moves(fen=START_FEN, moves=()):
    """The legal moves after `moves` from `fen`, in the order the engine generates them (the
    order of `splitlab perft --divide`, and of a search's root moves before it orders them)."""
    global _oracle
    if _oracle is None:
        _oracle = LegalMoves(BINARY, "chess", timeout=10 * WAIT_SCALE)
    try:
        return _oracle.of(fen, moves)
    except OracleError as error:
        raise Failure("perft failed on %s moves %s: %s" % (fen, list(moves), error))


def legal_moves(fen=START_FEN, moves=()):
    """The legal moves after `moves` from `fen`, from `splitlab perft --divide`."""
    return set(generated_moves(fen, moves))


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
        """Reads lines until one satisfies `predicate`; returns (lines read, time of match).
        `timeout` is stretched by WAIT_SCALE."""
        timeout *= WAIT_SCALE
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

    def isready(self, timeout=10.0):
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
            except (BrokenPipeError, OSError, ValueError):  # ValueError: input already closed.
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


def split_strategies():
    """The values of the engine's SplitStrategy combo, as its `uci` answer lists them (its
    registry of strategies): every check that runs each strategy takes them from here."""
    out = subprocess.run([BINARY], input="uci\nquit\n", capture_output=True, text=True,
                         timeout=60)
    for line in out.stdout.splitlines():
        if line.startswith("option name SplitStrategy type combo"):
            return re.findall(r"\bvar (\S+)", line)
    raise Failure("no SplitStrategy combo in the engine's uci answer:\n" + out.stdout[-2000:])


def run_tests(tests, usage, seconds, clocked=()):
    """Runs each check on a fresh engine (UCI_TEST_ONLY=name runs one); returns the exit code.
    `tests` is a list, or a function that makes it once the binary is known.

    `clocked` names the checks that hold the engine's answers to wall time (a check made by
    configured() goes by its function's name). UCI_TEST_CLOCKED=only runs just those, and
    UCI_TEST_CLOCKED=skip the others: Bazel runs the first part alone (tags exclusive), so that
    no other test stalls a clock, and the second beside other tests. Unset, every check runs.

    argv[1] is the binary. The whole run stops by itself after `seconds`: checks not started
    by then fail."""
    global BINARY
    if len(sys.argv) != 2:
        print(usage)
        return 2
    BINARY = os.path.abspath(sys.argv[1])
    if callable(tests):
        tests = tests()
    part = os.environ.get("UCI_TEST_CLOCKED", "")
    if part not in ("", "only", "skip"):
        print("UCI_TEST_CLOCKED must be 'only' or 'skip', not '%s'" % part)
        return 2
    if part:
        tests = [t for t in tests if (t.__name__.split("[")[0] in clocked) == (part == "only")]
    if not tests:
        print("no check selected (UCI_TEST_CLOCKED=%s)" % part)
        return 1
    deadline = time.monotonic() + seconds
    failures = []
    only = os.environ.get("UCI_TEST_ONLY")
    for test in tests:
        if only and test.__name__ != only:
            continue
        if time.monotonic() > deadline:
            failures.append("%s: not run, the test ran out of time" % test.__name__)
            continue
        start = time.monotonic()
        e = Engine()
        try:
            test(e)
            print("PASS %s (%.2f s)" % (test.__name__, time.monotonic() - start))
        except Failure as f:
            failures.append("%s: %s" % (test.__name__, f))
            print("FAIL %s: %s" % (test.__name__, f))
            print("  engine conversation (last lines):\n    " + e.tail(40).replace("\n", "\n    "))
        except Exception:  # A bug in the test itself, or a crash: report it as a failure.
            failures.append("%s: %s" % (test.__name__, traceback.format_exc()))
            print("ERROR %s:\n%s" % (test.__name__, traceback.format_exc()))
        finally:
            e.close()
            if e.stderr:
                print("  stderr of the engine: " + " | ".join(e.stderr[-5:]))
        sys.stdout.flush()
    if failures:
        print("\n%d FAILED:" % len(failures))
        for f in failures:
            print("  " + f)
        return 1
    print("\nall checks passed")
    return 0
