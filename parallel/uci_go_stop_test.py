#!/usr/bin/env python3
"""go/stop cycles over UCI against the splitlab binary, with the parallel strategies.

Drives `splitlab` (no arguments: the UCI engine) through CYCLES `go` / `stop` cycles in total,
spread over the thread counts of --threads (default Threads 2 and 3) and the strategies of
--strategies (default every SplitStrategy the engine lists; SplitNodes and MinSplitDepth
vary between segments), with a random delay of 0..5 ms between `go` and `stop` and
a random position each time (the start position plus a few random legal moves, or a FEN from
tests/data/middlegames.epd). It checks that:

  * every `go` is answered by exactly one `bestmove` (none missing, none extra: an `isready`
    after each cycle must come back before any further `bestmove`, and the total matches);
  * every best move is legal in its position; the legal moves of each distinct position come
    from `splitlab perft --depth 1 --divide --stdin` (one process answers them all, each
    position once, before the engine starts; the move generator is perft-tested on its own);
  * `isready` sent during a search is answered (`readyok`) while the search runs;
  * nothing hangs: every wait is bounded, and a timeout fails the test with the engine's stderr;
  * the engine prints no "info string error" and quits cleanly with exit code 0 (under the
    sanitizer configs a sanitizer report makes the process exit non-zero, or is seen on stderr).

Run by the sh_test //parallel:uci_go_stop_test with the binary built in the test's config, so
`bazel test --config=tsan //parallel/...` runs these cycles under ThreadSanitizer.
"""

import argparse
import os
import queue
import random
import subprocess
import sys
import threading
import time

# The protocol tests' legality oracle (engine/protocol/legal_moves.py, in this test's runfiles).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine",
                                "protocol"))
from legal_moves import LegalMoves, OracleError  # noqa: E402

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# Bounds on every wait (seconds). Generous so that a sanitized build with more threads than
# cores passes; a real hang still fails the test within the overall deadline.
REPLY_TIMEOUT = float(os.environ.get("UCI_TEST_REPLY_TIMEOUT", "15"))
OVERALL_DEADLINE = 240.0

SANITIZER_MARKS = ("WARNING: ThreadSanitizer", "ERROR: AddressSanitizer",
                   "ERROR: LeakSanitizer", "runtime error:", "SUMMARY: ")


class TestFailure(Exception):
    pass


def find_binary(explicit):
    candidates = [explicit] if explicit else []
    srcdir = os.environ.get("TEST_SRCDIR")
    if srcdir:
        candidates.append(os.path.join(srcdir, os.environ.get("TEST_WORKSPACE", "splitlab"),
                                       "splitlab"))
    candidates += ["./splitlab", "bazel-bin/splitlab"]
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    raise TestFailure("cannot find the splitlab binary (tried %s)" % candidates)


_oracles = {}


def legal_moves(binary, fen, moves):
    """The legal moves of FEN after MOVES, from the perft-tested move generator."""
    oracle = _oracles.setdefault(binary, LegalMoves(binary, "chess", timeout=60))
    try:
        return set(oracle.of(fen, moves))
    except OracleError as error:
        raise TestFailure(str(error))


def make_positions(binary, epd_path, rng, random_lines):
    """(uci_position_command, legal move set) for the test positions."""
    positions = []
    # The start position plus random legal lines of 1..8 plies (each ply's moves come from perft).
    for _ in range(random_lines):
        line = []
        legal = legal_moves(binary, START_FEN, line)
        for _ in range(rng.randint(1, 8)):
            line.append(rng.choice(sorted(legal)))
            legal = legal_moves(binary, START_FEN, line)
            if not legal:
                line.pop()
                legal = legal_moves(binary, START_FEN, line)
                break
        command = "position startpos" + (" moves " + " ".join(line) if line else "")
        positions.append((command, legal))
    positions.append(("position startpos", legal_moves(binary, START_FEN, [])))
    with open(epd_path) as f:
        for record in f:
            fields = record.split()
            if len(fields) < 4:
                continue
            fen = " ".join(fields[:4]) + " 0 1"
            positions.append(("position fen " + fen, legal_moves(binary, fen, [])))
    for command, legal in positions:
        if not legal:
            raise TestFailure("no legal moves for '%s'" % command)
    return positions


class Engine:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.stderr = []
        self.transcript = []  # The last lines sent and received, for failure reports.
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # End of output.

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.rstrip("\n"))

    def _log(self, text):
        self.transcript.append(text)
        del self.transcript[:-60]

    def send(self, command):
        self._log("> " + command)
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise TestFailure("the engine closed its input (%s) at '%s'" % (e, command))

    def read(self, deadline, what):
        """The next line of output; fails the test if none comes before DEADLINE."""
        remaining = deadline - time.monotonic()
        try:
            line = self.lines.get(timeout=max(remaining, 0.001))
        except queue.Empty:
            raise TestFailure("timed out after %.1f s waiting for %s" % (REPLY_TIMEOUT, what))
        if line is None:
            raise TestFailure("the engine exited (code %s) while we waited for %s" %
                              (self.proc.poll(), what))
        self._log("< " + line)
        if line.startswith("info string error"):
            raise TestFailure("engine error: " + line)
        return line

    def wait_for(self, prefix, what, forbid=()):
        """Reads up to a line starting with PREFIX; a line starting with one of FORBID fails."""
        deadline = time.monotonic() + REPLY_TIMEOUT
        while True:
            line = self.read(deadline, what)
            if line.startswith(prefix):
                return line
            for f in forbid:
                if line.startswith(f):
                    raise TestFailure("unexpected '%s' while waiting for %s" % (line, what))

    def report(self):
        text = "last lines exchanged:\n  " + "\n  ".join(self.transcript)
        if self.stderr:
            text += "\nengine stderr:\n  " + "\n  ".join(self.stderr[-200:])
        return text


def engine_strategies(binary):
    """Every SplitStrategy value the engine's `uci` answer lists (its registry)."""
    out = subprocess.run([binary], input="uci\nquit\n", capture_output=True, text=True,
                         timeout=60)
    for line in out.stdout.splitlines():
        if line.startswith("option name SplitStrategy type combo"):
            return line.split(" var ")[1:]
    raise SystemExit("uci_go_stop_test: no SplitStrategy combo in the engine's uci answer")


def run(args):
    rng = random.Random(args.seed)
    binary = find_binary(args.binary)
    start = time.monotonic()
    positions = make_positions(binary, args.epd, rng, args.random_lines)
    print("%d positions, legal moves from perft in %.1f s" %
          (len(positions), time.monotonic() - start), flush=True)

    # Segments: every (threads, strategy) pair at least once, then random ones.
    strategies = args.strategies or engine_strategies(binary)
    combos = [(t, s) for t in args.threads for s in strategies]
    segments = list(combos)
    rng.shuffle(segments)
    while len(segments) < args.segments:
        segments.append(rng.choice(combos))
    per_segment = [args.cycles // len(segments)] * len(segments)
    for i in range(args.cycles - sum(per_segment)):
        per_segment[i] += 1

    engine = Engine(binary)
    gos = bestmoves = readies_in_search = 0
    counts = {}
    try:
        engine.send("uci")
        engine.wait_for("uciok", "uciok")
        engine.send("setoption name Hash value 8")
        for (threads, strategy), cycles in zip(segments, per_segment):
            if time.monotonic() - start > OVERALL_DEADLINE:
                raise TestFailure("over the overall deadline of %.0f s" % OVERALL_DEADLINE)
            split_nodes = rng.choice(("pv-all", "any"))
            min_split = rng.choice((1, 2, 3, 4))
            helpers = rng.choice((1, 2, 8))
            ordering = rng.choice(("copy", "own", "shared"))
            join = rng.choice(("booked", "late"))
            choice = rng.choice(("own", "tree"))
            form = rng.choice(("marks", "kerrigan"))
            for name, value in (("Threads", threads), ("SplitStrategy", strategy),
                                ("SplitNodes", split_nodes), ("MinSplitDepth", min_split),
                                ("MaxHelpersPerSplit", helpers), ("OrderingMemory", ordering),
                                ("SplitJoin", join), ("SplitChoice", choice),
                                ("AbdadaForm", form)):
                engine.send("setoption name %s value %s" % (name, value))
            if rng.random() < 0.5:
                engine.send("ucinewgame")
            engine.send("isready")
            engine.wait_for("readyok", "readyok after setoption", forbid=("bestmove",))
            label = ("Threads %d %s SplitNodes %s MinSplitDepth %d MaxHelpersPerSplit %d "
                     "OrderingMemory %s SplitJoin %s SplitChoice %s AbdadaForm %s" % (
                         threads, strategy, split_nodes, min_split, helpers, ordering, join,
                         choice, form))
            for _ in range(cycles):
                command, legal = rng.choice(positions)
                kind = rng.random()
                if kind < 0.75:
                    go = "go infinite"
                elif kind < 0.85:
                    go = "go depth %d" % rng.randint(1, 6)
                elif kind < 0.95:
                    go = "go movetime %d" % rng.randint(1, 20)
                else:
                    go = "go wtime %d btime %d" % (rng.randint(10, 2000), rng.randint(10, 2000))
                delay = rng.uniform(0.0, 0.005)
                ask_ready = rng.random() < 0.2
                engine.send(command)
                engine.send(go)
                gos += 1
                line = None
                if ask_ready:
                    # isready during the search is answered at once (the search goes on). A
                    # finite search may end first: then its bestmove comes before readyok.
                    engine.send("isready")
                    what = "readyok during '%s' (%s, %s)" % (go, label, command)
                    deadline = time.monotonic() + REPLY_TIMEOUT
                    while True:
                        reply = engine.read(deadline, what)
                        if reply.startswith("readyok"):
                            break
                        if reply.startswith("bestmove"):
                            if go == "go infinite":
                                raise TestFailure("bestmove before stop in '%s': %s" %
                                                  (go, reply))
                            if line is not None:
                                raise TestFailure("two bestmoves for one go: %s, %s" %
                                                  (line, reply))
                            line = reply
                    readies_in_search += 1
                time.sleep(delay)
                engine.send("stop")
                if line is None:
                    line = engine.wait_for("bestmove", "bestmove after '%s' + stop (%s, %s)" %
                                           (go, label, command))
                bestmoves += 1
                move = line.split()[1] if len(line.split()) > 1 else ""
                if move not in legal:
                    raise TestFailure("illegal bestmove '%s' in '%s' after '%s' (%s); legal: %s"
                                      % (move, command, go, label, " ".join(sorted(legal))))
                # Nothing more for this go: the next readyok comes before any other bestmove.
                engine.send("isready")
                engine.wait_for("readyok", "readyok after bestmove",
                                forbid=("bestmove",))
                counts[(threads, strategy)] = counts.get((threads, strategy), 0) + 1
        engine.send("isready")
        engine.wait_for("readyok", "final readyok", forbid=("bestmove",))
        engine.send("quit")
        try:
            code = engine.proc.wait(timeout=REPLY_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise TestFailure("the engine did not exit within %.0f s of quit" % REPLY_TIMEOUT)
        # Drain what is left of stdout: no further bestmove may appear.
        while True:
            try:
                line = engine.lines.get(timeout=REPLY_TIMEOUT)
            except queue.Empty:
                raise TestFailure("stdout not closed after the engine exited")
            if line is None:
                break
            engine._log("< " + line)
            if line.startswith("bestmove"):
                raise TestFailure("an extra bestmove after the last cycle: " + line)
        if code != 0:
            raise TestFailure("the engine exited with code %d" % code)
        time.sleep(0.1)  # Let the stderr reader finish.
        marks = [l for l in engine.stderr if any(m in l for m in SANITIZER_MARKS)]
        if marks:
            raise TestFailure("sanitizer output on stderr: " + marks[0])
        if gos != bestmoves:
            raise TestFailure("%d go commands but %d bestmoves" % (gos, bestmoves))
    except TestFailure as e:
        if engine.proc.poll() is None:
            engine.proc.kill()
            engine.proc.wait()
        time.sleep(0.2)
        print("FAILED: %s\n%s" % (e, engine.report()), file=sys.stderr, flush=True)
        return 1
    summary = ", ".join("Threads %d %s: %d" % (t, s, n) for (t, s), n in sorted(counts.items()))
    print("OK: %d go/stop cycles (%s), %d isready answered during searches, %.1f s" %
          (gos, summary, readies_in_search, time.monotonic() - start), flush=True)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default="")
    parser.add_argument("--epd", default="tests/data/middlegames.epd")
    parser.add_argument("--cycles", type=int, default=1000)
    parser.add_argument("--segments", type=int, default=16)
    parser.add_argument("--threads", type=lambda text: [int(t) for t in text.split(",")],
                        default=[2, 3], help="thread counts, comma-separated (default 2,3)")
    parser.add_argument("--strategies", type=lambda text: text.split(","),
                        default=None,
                        help="SplitStrategy values, comma-separated (default all the engine has)")
    parser.add_argument("--random-lines", type=int, default=8)
    parser.add_argument("--seed", type=int,
                        default=int(os.environ.get("SPLITLAB_TEST_SEED", "20240611")))
    args = parser.parse_args()
    print("seed %d (set SPLITLAB_TEST_SEED to change it)" % args.seed, flush=True)
    try:
        return run(args)
    except TestFailure as e:
        print("FAILED: %s" % e, file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
