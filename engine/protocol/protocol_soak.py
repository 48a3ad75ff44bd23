#!/usr/bin/python3
"""A protocol soak: a seeded stream of random UCI (or UCCI) commands, well-formed and malformed,
against one engine process, checking after every burst what a GUI relies on (issue 52 item 3).

    protocol_soak.py SPLITLAB [--protocol uci|ucci] [--commands N] [--seed S] [--max-threads T]
                     [--max-hash MB] [--pool N] [--ready-timeout SECONDS] [--rss-allowance MB]
                     [--json FILE] [--transcript FILE]

The commands: `position` with legal move lists and with an illegal or garbled move, `go` with
every limit (depth, nodes, movetime, clocks, movestogo, mate, searchmoves, infinite, ponder),
`stop`, `ponderhit`, `isready`, `ucinewgame`, `setoption` of Threads (1..T), Hash, SplitStrategy
and TTEntry between searches and during them, UCCI's `banmoves` and `probe`, and garbage lines.
One step in a hundred (--pipelined-share) runs instead a pipelined sequence in an engine process
of its own, ending with quit or the end of input (pipelined_sequences.py): every search it starts
must answer once, after a completed depth, with a legal move.

The driver keeps a model of what the engine must do with each command (engine/protocol/uci.h):
a `go` while a search runs until stop (infinite, or ponder before ponderhit) is refused with an
error; a `go` or `setoption` while a search that ends by itself runs waits for it; `stop`,
`ucinewgame` and `ponderhit` end or change the running search. From the model it knows, for every
`bestmove`, the `go` it answers and so the position and the moves it must be legal among
(searchmoves, UCCI's banmoves), and how many error lines each burst must bring.

Checked, at every `isready` (sent about every 20 commands, and answered within --ready-timeout of
the running search's last self-ending limit): no crash; every answer legal in its own position,
one per accepted `go`, in order; exactly the expected number of error lines; and at the end a
clean `quit` and the peak resident memory (VmHWM) under the largest Hash plus --rss-allowance
(256 MB). Legality
comes from `splitlab perft --divide`, never from the engine under test. Progress and an ETA go to
stderr; a JSON summary to --json. Exit 0 when every check held, 1 otherwise.
"""
import argparse
import collections
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pipelined_sequences  # noqa: E402  (the same directory: Bazel's runfiles, or a checkout)
from pipelined_sequences import Oracle  # noqa: E402

CHESS_FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # Stalemate: no legal move.
]
XIANGQI_FENS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
    "3k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1",  # Black has no legal move.
]
GARBAGE = ["frobnicate", "go depth", "go nodes -3", "go movetime soon", "go wtime", "position",
           "position fen", "position fen 8/8/8 w - -", "position sideways", "setoption name", "setoption name Hash value many",
           "setoption name NoSuchOption value 1", "setoption name Threads value 0",
           "go searchmoves zz", "\x01\x02", "go depth 3 bogus", "position startpos junk e2e4"]
UCCI_GARBAGE = ["frobnicate", "go depth", "go time -", "position fen", "banmoves z9z9",
                "setoption bogus 1", "setoption threads 0", "setoption hashsize lots",
                "position fen rnbakabnr/9 w", "go depth 3 bogus"]


class Violation(Exception):
    pass


class Engine:
    def __init__(self, binary, args, transcript=None):
        self.transcript = open(transcript, "w") if transcript else None  # Every line sent.
        self.proc = subprocess.Popen([binary, *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     bufsize=1, errors="replace")
        self.lines = queue.Queue()
        self.stderr = collections.deque(maxlen=50)
        self.recent = collections.deque(maxlen=60)
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _drain(self):
        for line in self.proc.stderr:
            self.stderr.append(line.rstrip("\n"))

    def send(self, line):
        self.recent.append(">> " + line)
        if self.transcript:
            self.transcript.write(line + "\n")
            self.transcript.flush()
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise Violation("the engine stopped reading (%s); exit code %s"
                            % (e, self.proc.poll()))

    def read(self, timeout):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return ""
        if line is None:
            raise Violation("the engine closed its output (exit code %s); stderr: %s"
                            % (self.proc.wait(), list(self.stderr)[-5:]))
        self.recent.append("<< " + line)
        return line

    def peak_rss_mb(self):
        try:
            with open("/proc/%d/status" % self.proc.pid) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024.0
        except OSError:
            pass
        return None


class Soak:
    def __init__(self, args):
        self.args = args
        self.ucci = args.protocol == "ucci"
        self.rng = random.Random(args.seed)
        self.oracle = Oracle(args.binary, "xiangqi" if self.ucci else "chess")
        self.engine = Engine(args.binary, ["ucci"] if self.ucci else [], args.transcript)
        self.fens = XIANGQI_FENS if self.ucci else CHESS_FENS
        self.position = (self.fens[0], [])  # What the next go searches.
        self.banned = []  # UCCI banmoves, cleared by position.
        self.pool = []  # The positions `position` sets (random_position).
        self.search = None  # None, "finite" or "until_stop" (infinite, or ponder not yet hit).
        self.waiting_for = collections.deque()  # Accepted gos without their answer yet.
        self.expected_errors = 0
        self.seen_errors = 0
        self.largest_hash = 16
        self.counts = collections.Counter()
        self.ready_latency = []
        self.pipelines = None  # The generator of pipelined sequences, made at the first.

    # ---- The model's commands.

    def set_option(self, name, value):
        if self.ucci:
            return "setoption %s %s" % ({"Hash": "hashsize"}.get(name, name.lower()), value)
        return "setoption name %s value %s" % (name, value)

    def random_position(self):
        """One of --pool positions, each a random walk of up to 12 plies from one of the FENs:
        made once, so the legality oracle's cost does not grow with the number of commands."""
        if not self.pool:
            for _ in range(self.args.pool):
                fen, moves = self.rng.choice(self.fens), []
                for _ in range(self.rng.randint(0, 12)):
                    legal = self.oracle.legal(fen, moves)
                    if not legal:
                        break
                    moves.append(self.rng.choice(legal))
                self.pool.append((fen, moves))
        fen, moves = self.rng.choice(self.pool)
        return fen, list(moves)

    def position_command(self, fen, moves):
        start = "startpos" if fen == self.fens[0] and self.rng.random() < 0.5 else "fen " + fen
        return "position %s%s" % (start, " moves " + " ".join(moves) if moves else "")

    def go_command(self):
        """A valid go: (text, kind) with kind "finite" or "until_stop", and its searchmoves."""
        r = self.rng.random()
        searchmoves = []
        if self.ucci:
            if r < 0.15:
                return "go depth infinite", "until_stop", []
            if r < 0.25:
                return "go ponder time %d increment 0" % self.rng.randint(50, 400), "until_stop", []
            if r < 0.55:
                return "go depth %d" % self.rng.randint(1, 5), "finite", []
            if r < 0.75:
                return "go time %d increment %d" % (self.rng.randint(20, 500),
                                                    self.rng.randint(0, 50)), "finite", []
            return "go nodes %d" % self.rng.randint(1, 20000), "finite", []
        if r < 0.15:
            return "go infinite", "until_stop", []
        if r < 0.25:
            return ("go ponder wtime %d btime %d" % (self.rng.randint(50, 500),
                                                     self.rng.randint(50, 500)), "until_stop", [])
        if r < 0.45:
            limit = "depth %d" % self.rng.randint(1, 5)
        elif r < 0.6:
            limit = "nodes %d" % self.rng.randint(1, 20000)
        elif r < 0.7:
            limit = "movetime %d" % self.rng.randint(1, 60)
        elif r < 0.85:
            limit = "wtime %d btime %d winc %d binc %d" % (
                self.rng.randint(10, 600), self.rng.randint(10, 600), self.rng.randint(0, 30),
                self.rng.randint(0, 30))
            if self.rng.random() < 0.3:
                limit += " movestogo %d" % self.rng.randint(1, 40)
        else:
            limit = "mate %d depth %d" % (self.rng.randint(1, 3), self.rng.randint(1, 5))
        legal = self.oracle.legal(*self.position)
        if legal and self.rng.random() < 0.15:
            searchmoves = self.rng.sample(legal, self.rng.randint(1, min(4, len(legal))))
            limit += " searchmoves " + " ".join(searchmoves)
        return "go " + limit, "finite", searchmoves

    def step(self):
        """Sends one random command and updates the model; or, with --pipelined-share, runs one
        pipelined sequence in an engine process of its own."""
        if self.rng.random() < self.args.pipelined_share:
            self.pipelined()
            return
        r = self.rng.random()
        if r < 0.18:  # position, legal
            fen, moves = self.random_position()
            self.send(self.position_command(fen, moves), "position")
            self.position, self.banned = (fen, moves), []
        elif r < 0.22:  # position with an illegal or garbled last move: refused, nothing changes
            fen, moves = self.random_position()
            bad = self.rng.choice(["a1a1", "z9z9", "e2e5", "h2h8", "i9i0", "xx"])
            if bad in self.oracle.legal(fen, moves):
                return
            self.send(self.position_command(fen, moves + [bad]), "position, illegal", errors=1)
        elif r < 0.42:  # go
            text, kind, searchmoves = self.go_command()
            if self.search == "until_stop":
                self.send(text, "go, refused (search until stop)", errors=1)
                return
            legal = self.oracle.legal(*self.position)
            allowed = [m for m in (searchmoves or legal) if m not in self.banned]
            self.send(text, "go " + kind)
            self.waiting_for.append((text, self.position, allowed))
            # Every legal move banned (UCCI): nobestmove at once, and no search runs.
            self.search = None if self.banned and not allowed else kind
        elif r < 0.55:
            self.send("stop", "stop")
            self.search = None
        elif r < 0.60:
            self.send("ponderhit", "ponderhit")
            if self.search == "until_stop" and "ponder" in self.last_go():
                self.search = "finite"
        elif r < 0.63:
            # It stops any search, waits for its answer, and goes back to the start position.
            self.send("ucinewgame", "ucinewgame")
            self.search, self.position, self.banned = None, (self.fens[0], []), []
        elif r < 0.75:  # setoption
            name = self.rng.choice(["Threads", "Hash", "SplitStrategy", "TTEntry"])
            value = {"Threads": lambda: self.rng.randint(1, self.args.max_threads),
                     "Hash": lambda: self.rng.choice([1, 2, 8, 16, self.args.max_hash]),
                     "SplitStrategy": lambda: self.rng.choice(self.strategies),
                     "TTEntry": lambda: self.rng.choice(self.entries)}[name]()
            refused = self.search == "until_stop"
            self.send(self.set_option(name, value), "setoption " + name, errors=int(refused))
            if name == "Hash" and not refused:
                self.largest_hash = max(self.largest_hash, int(value))
        elif r < 0.80 and self.ucci:  # banmoves
            legal = self.oracle.legal(*self.position)
            if legal:
                self.banned = self.rng.sample(legal, self.rng.randint(1, min(3, len(legal))))
                self.send("banmoves " + " ".join(self.banned), "banmoves")
        elif r < 0.80:
            self.send("debug " + self.rng.choice(["on", "off"]), "debug")
        elif r < 0.82 and self.ucci:
            self.send("probe", "probe")
        elif r < 0.90:  # garbage: one error line each
            line = self.rng.choice(UCCI_GARBAGE if self.ucci else GARBAGE)
            self.send(line, "garbage", errors=1)
        else:
            self.sync()

    def pipelined(self):
        """A random pipelined sequence (pipelined_sequences.py) from its start to quit or the end
        of its input, in a fresh process: every search it starts answered once, after a
        completed depth, legally."""
        if self.pipelines is None:
            self.pipelines = pipelined_sequences.Generator(
                random.Random(self.rng.random()), self.oracle, self.ucci, self.strategies,
                self.args.max_threads, pool_size=8)
        lines, pauses, threads, strategy = self.pipelines.sequence()
        outcome = pipelined_sequences.run_sequence(
            [self.args.binary] + (["ucci"] if self.ucci else []), lines, pauses,
            timeout=max(30.0, 15 * self.args.ready_timeout))
        problems = pipelined_sequences.check_outcome(outcome, lines, self.fens[0], self.oracle,
                                                     self.ucci)
        self.counts["pipelined sequences"] += 1
        self.counts["pipelined searches"] += len(
            pipelined_sequences.expected_answers(lines, self.fens[0]))
        if problems:
            raise Violation("pipelined sequence (Threads %d, %s, %s): %s\n  sent: %s\n  got: %s"
                            % (threads, strategy, "one write" if pauses is None else "pauses",
                               "; ".join(problems), " | ".join(lines),
                               " | ".join(outcome.output[-8:])))

    def last_go(self):
        return self.waiting_for[-1][0] if self.waiting_for else ""

    def send(self, line, kind, errors=0):
        self.engine.send(line)
        self.counts[kind] += 1
        self.expected_errors += errors

    # ---- Checks.

    def take(self, line):
        if line.startswith("info string error"):
            self.seen_errors += 1
        elif line.startswith("bestmove") or line == "nobestmove":
            if not self.waiting_for:
                raise Violation("an answer nobody asked for: " + line)
            go, (fen, moves), allowed = self.waiting_for.popleft()
            move = None if line == "nobestmove" else line.split()[1]
            if move in (None, "0000"):
                if allowed:
                    raise Violation("'%s' answered '%s' with legal moves %s (position %s %s)"
                                    % (go, line, allowed, fen, moves))
            elif move not in allowed:
                raise Violation("'%s' answered %s, not among %s (position %s moves %s)"
                                % (go, move, allowed, fen, " ".join(moves)))
            self.counts["answers"] += 1
            if not self.waiting_for and self.search == "finite":
                self.search = None

    def sync(self):
        """isready: its readyok within the timeout of the later of isready and the last answer
        (the engine reads isready only once the searches that gos ahead of it wait for have
        ended); errors and answers as the model says."""
        sent = time.monotonic()
        self.engine.send("isready")
        self.counts["isready"] += 1
        deadline = sent + self.args.ready_timeout
        while True:
            line = self.engine.read(max(0.0, deadline - time.monotonic()))
            if line == "" and time.monotonic() >= deadline:
                raise Violation("no readyok within %.1f s of isready or of the last answer"
                                % self.args.ready_timeout)
            if line == "readyok":
                break
            if line:
                self.take(line)
                if line.startswith("bestmove") or line == "nobestmove":
                    deadline = time.monotonic() + self.args.ready_timeout
        self.ready_latency.append(time.monotonic() - sent)
        if self.seen_errors != self.expected_errors:
            raise Violation("%d error lines, expected %d" % (self.seen_errors,
                                                               self.expected_errors))

    def settle(self):
        """Ends every search and collects every answer still owed."""
        self.engine.send("stop")
        self.search = None
        deadline = time.monotonic() + self.args.ready_timeout * 3
        while self.waiting_for:
            line = self.engine.read(max(0.0, deadline - time.monotonic()))
            if line == "" and time.monotonic() >= deadline:
                raise Violation("%d go(s) never answered: %s" % (
                    len(self.waiting_for), [g for g, _, _ in self.waiting_for]))
            if line:
                self.take(line)
        self.sync()

    def handshake(self):
        self.engine.send("ucci" if self.ucci else "uci")
        options = []
        while True:
            line = self.engine.read(60.0)
            if line == "":
                raise Violation("no %s within 60 s" % ("ucciok" if self.ucci else "uciok"))
            options.append(line)
            if line in ("uciok", "ucciok"):
                break
        def combo(name):
            for line in options:
                if re.match(r"option (name )?%s type combo" % name, line, re.I):
                    return re.findall(r"\bvar (\S+)", line)
            raise Violation("no %s combo in the handshake" % name)
        self.strategies = combo("SplitStrategy")
        self.entries = combo("TTEntry")
        if self.ucci:
            self.engine.send("setoption usemillisec true")
        self.sync()

    def run(self):
        started = time.monotonic()
        self.handshake()
        next_report = 0
        for i in range(self.args.commands):
            self.step()
            if i % 20 == 19:
                self.sync()
            if self.rng.random() < 0.3:
                time.sleep(self.rng.uniform(0, 0.002))
            if i >= next_report:
                elapsed = time.monotonic() - started
                eta = elapsed / max(i, 1) * (self.args.commands - i)
                print("soak: %5.1f%%  %d of %d commands  elapsed %.0f s  ETA %.0f s"
                      % (100.0 * i / self.args.commands, i, self.args.commands, elapsed, eta),
                      file=sys.stderr, flush=True)
                next_report += max(1, self.args.commands // 20)
        self.settle()
        peak = self.engine.peak_rss_mb()
        self.engine.send("quit")
        try:
            code = self.engine.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            raise Violation("quit did not end the engine within 10 s")
        if code != 0:
            raise Violation("exit code %d after quit; stderr: %s" % (code, list(self.engine.stderr)))
        bound = self.largest_hash + self.args.rss_allowance
        if peak is not None and peak > bound:
            raise Violation("peak resident memory %.0f MB over Hash %d MB + %d MB"
                            % (peak, self.largest_hash, self.args.rss_allowance))
        return {"protocol": self.args.protocol, "seed": self.args.seed,
                "commands": self.args.commands, "seconds": round(time.monotonic() - started, 1),
                "answers": self.counts["answers"], "errors": self.seen_errors,
                "isready": self.counts["isready"],
                "isready_max_s": round(max(self.ready_latency), 3),
                "peak_rss_mb": peak, "largest_hash_mb": self.largest_hash,
                "by_kind": dict(sorted(self.counts.items()))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--protocol", choices=["uci", "ucci"], default="uci")
    parser.add_argument("--commands", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-threads", type=int, default=8)
    parser.add_argument("--max-hash", type=int, default=64)
    # Positions `position` chooses from; making each costs up to 12 perft runs of the binary.
    parser.add_argument("--pool", type=int, default=40)
    # A second, as the issue asks, plus the longest search a soak go sets (a 600 ms clock).
    parser.add_argument("--ready-timeout", type=float, default=2.0)
    # Resident memory allowed beyond the largest Hash: threads, tables, the binary. A sanitizer's
    # shadow memory needs far more (about 500 MB under TSan with Hash 64).
    parser.add_argument("--rss-allowance", type=int, default=256, metavar="MB")
    # The share of steps that run a pipelined sequence (pipelined_sequences.py) in a process of
    # its own instead of sending a command: quit and the end of input end a process.
    parser.add_argument("--pipelined-share", type=float, default=0.01)
    parser.add_argument("--json")
    parser.add_argument("--transcript", help="write every line sent here (to replay a failure)")
    args = parser.parse_args()
    soak = Soak(args)
    try:
        summary = soak.run()
    except Violation as v:
        print("FAIL: %s\nlast lines:\n  %s" % (v, "\n  ".join(soak.engine.recent)))
        if soak.engine.proc.poll() is None:
            soak.engine.proc.kill()
        return 1
    print(json.dumps(summary, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
