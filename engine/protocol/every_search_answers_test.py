#!/usr/bin/python3
"""Every search answers, once, before the engine ends (issue 70).

Usage: every_search_answers_test.py PATH/TO/splitlab

Fixed sequences a script or GUI sends (`go` with each kind of limit, `stop`, `isready`,
`setoption`, `ponderhit`, `ucinewgame`, then `quit` or the end of input) are written to a fresh
engine in one write and line by line with pauses, at Threads 1, and at 2 and 8 under every
SplitStrategy the engine lists, over UCI and over UCCI (which runs where: runs()). For each run
(pipelined_sequences.py): as many answers as searches started, each after a completed depth of
its own search and legal in its position, exit status 0, and UCCI's `bye` last. The same UCI sequences go to Stockfish 15.1,
the referee of the count: it must give the number the model gives.

Canaries: the checks must catch an engine that drops the answer at quit and the end of input
(Splitlab before issue 70), one that answers without a completed depth, and one that answers a
stop twice (pipelined_canary_engine.py wraps the real engine to do each).

Exit 0 when every check holds, 1 with the failures listed.
"""
import concurrent.futures
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pipelined_sequences import (CHESS_FENS, XIANGQI_FENS, Oracle, check_outcome,  # noqa: E402
                                 engine_strategies, expected_answers, run_sequence)

STOCKFISH = "/usr/games/stockfish"
SANITIZED = any(name in os.environ for name in ("TSAN_OPTIONS", "ASAN_OPTIONS"))
# Under a sanitizer every node costs 10-50 times more: shallower self-ending searches.
DEEP = 8 if SANITIZED else 14
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"

# (name, lines), in UCI; ucci() writes them in UCCI's words. None has a go or a ucinewgame behind
# a search that only stop ends: Stockfish waits for that search forever there, where Splitlab
# refuses the go and stops the search for ucinewgame.
SEQUENCES = [
    ("go, then the end of input", ["position startpos", "go depth %d" % DEEP]),
    ("two stops, each before quit or go",
     ["go infinite", "isready", "stop", "go depth 30", "stop", "isready", "quit"]),
    ("stop, go, isready, quit", ["go infinite", "stop", "go depth 6", "isready", "quit"]),
    ("quit before the first iteration", ["position startpos", "go depth 30", "quit"]),
    ("go infinite, then the end of input", ["position startpos", "go infinite"]),
    ("ponder, then the end of input", ["go ponder wtime 1000 btime 1000"]),
    ("ponder, ponderhit, quit", ["go ponder wtime 1000 btime 1000", "ponderhit", "quit"]),
    ("a go behind a self-ending search", ["go movetime 100", "go depth 3"]),
    ("stop three times", ["go infinite", "stop", "stop", "stop", "quit"]),
    ("setoption behind a stop",
     ["go infinite", "stop", "setoption name Hash value 8", "go nodes 5000", "stop",
      "setoption name Threads value 2", "quit"]),
    ("three searches, each stopped",
     ["go depth 30", "stop", "go infinite", "stop", "go wtime 500 btime 500", "quit"]),
    ("no search", ["stop", "isready", "quit"]),
    ("three node limits, then the end of input", ["go nodes 1", "go nodes 1", "go nodes 1"]),
    ("ucinewgame between searches",
     ["ucinewgame", "go depth 3", "ucinewgame", "go infinite", "stop", "ucinewgame", "go depth 2",
      "quit"]),
    ("a mate search, quit", ["position fen " + MATE_IN_ONE, "go mate 1", "quit"]),
    ("a clock, then stop at once", ["position startpos moves e2e4", "go wtime 60000 btime 60000",
                                    "stop", "quit"]),
]


def ucci(lines):
    """The same commands in UCCI's words (no mate search: UCCI's mates are in plies)."""
    out = []
    for line in lines:
        w = line.split()
        if line.startswith("position fen " + MATE_IN_ONE) or w[:2] == ["go", "mate"]:
            return None
        if line == "go infinite":
            out.append("go depth infinite")
        elif w[:2] == ["go", "ponder"]:
            out.append("go ponder time %s increment 0" % w[3])
        elif w[:2] == ["go", "wtime"]:
            out.append("go time %s increment 0" % w[2])
        elif w[:2] == ["go", "movetime"]:
            out.append("go time %s increment 0" % w[2])
        elif w[:3] == ["setoption", "name", "Hash"]:
            out.append("setoption hashsize %s" % w[4])
        elif w[:2] == ["setoption", "name"]:
            out.append("setoption %s %s" % (w[2].lower(), w[4]))
        elif line == "ucinewgame":
            out.append("setoption newgame")
        elif w[:3] == ["position", "startpos", "moves"]:
            out.append("position startpos moves h2e2")
        else:
            out.append(line)
    return out


def pauses_for(lines):
    """Line by line: 30 ms before each line, 300 ms before quit (the search has started)."""
    return [0.3 if l == "quit" else 0.03 for l in lines]


def runs(strategies, index, ucci_dialect):
    """(Threads, SplitStrategy, pauses or not) for sequence number `index`. Over UCI, in one
    write: one thread, and every strategy at 2 threads and at 8; with pauses: one thread and one
    strategy at 2 threads, turn about by sequence. Over UCCI (the same protocol loop in its other
    dialect): one thread, and one strategy at 2 and another at 8, each both ways. Under a
    sanitizer (every search 10-50 times slower, beside other tests in CI's sanitizer passes):
    one strategy at 2 threads and another at 8, turn about, in one write, so that every strategy
    still runs under TSan at both counts, and one thread on every other sequence; over UCCI the
    first four sequences at 2 threads. pipelined_sequences.py's random runs cover 1-8 threads."""
    parallel = [s for s in strategies if s != "none"]
    turn, next_turn = parallel[index % len(parallel)], parallel[(index + 1) % len(parallel)]
    if SANITIZED:
        if ucci_dialect:
            return [(2, turn, False)] if index < 4 else []
        return ([(1, "none", False)] if index % 2 == 0 else []) + [(2, turn, False),
                                                                     (8, next_turn, False)]
    if ucci_dialect:
        return [(t, s, p) for t, s in ((1, "none"), (2, turn), (8, next_turn))
                for p in (False, True)]
    return ([(1, "none", False)] + [(2, s, False) for s in parallel] +
            [(8, s, False) for s in parallel] + [(1, "none", True), (2, turn, True)])


class Runner:
    def __init__(self, binary):
        self.binary = binary
        self.oracles = {False: Oracle(binary, "chess"), True: Oracle(binary, "xiangqi")}
        self.failures = []
        self.runs = 0
        self.searches = 0

    def check(self, argv, lines, pauses, ucci_dialect, what):
        start_fen = XIANGQI_FENS[0] if ucci_dialect else CHESS_FENS[0]
        outcome = run_sequence(argv, lines, pauses, timeout=120.0 if SANITIZED else 30.0)
        problems = check_outcome(outcome, lines, start_fen, self.oracles[ucci_dialect],
                                 ucci_dialect)
        return outcome, problems

    def splitlab_runs(self):
        jobs = []
        for dialect in (False, True):
            strategies = engine_strategies(self.binary, dialect)
            for index, (name, uci_lines) in enumerate(SEQUENCES):
                for threads, strategy, paused in runs(strategies, index, dialect):
                    lines = ucci(uci_lines) if dialect else list(uci_lines)
                    if lines is None:
                        continue
                    if dialect:
                        setup = ["setoption threads %d" % threads,
                                 "setoption splitstrategy " + strategy]
                    else:
                        setup = ["setoption name Threads value %d" % threads,
                                 "setoption name SplitStrategy value " + strategy]
                    full = setup + lines
                    jobs.append((("UCCI" if dialect else "UCI"), threads, strategy, name,
                                 full, pauses_for(full) if paused else None, dialect))
        return jobs

    def run_splitlab(self):
        jobs = self.splitlab_runs()

        def one(job):
            protocol, threads, strategy, name, lines, pauses, dialect = job
            argv = [self.binary] + (["ucci"] if dialect else [])
            _, problems = self.check(argv, lines, pauses, dialect, name)
            return job, problems

        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for job, problems in pool.map(one, jobs):
                protocol, threads, strategy, name, lines, pauses, dialect = job
                self.runs += 1
                start_fen = XIANGQI_FENS[0] if dialect else CHESS_FENS[0]
                self.searches += len(expected_answers(lines, start_fen))
                if problems:
                    self.failures.append("%s Threads %d %s, '%s' (%s): %s" % (
                        protocol, threads, strategy, name,
                        "one write" if pauses is None else "pauses", "; ".join(problems)))

    def run_referee(self):
        """Stockfish 15.1 gives the count the model gives, for every sequence, both ways."""
        if not os.access(STOCKFISH, os.X_OK):
            self.failures.append("the referee %s is missing (scripts/setup installs it)"
                                 % STOCKFISH)
            return
        for name, lines in SEQUENCES:
            expected = len(expected_answers(lines, CHESS_FENS[0]))
            for pauses in (None, pauses_for(lines)):
                outcome = run_sequence([STOCKFISH], lines, pauses, timeout=60.0)
                answers = sum(1 for l in outcome.output if l.startswith("bestmove"))
                if outcome.timed_out or answers != expected:
                    self.failures.append(
                        "referee: Stockfish answered '%s' (%s) %d times, the model expects %d%s"
                        % (name, "one write" if pauses is None else "pauses", answers, expected,
                           " (it hung)" if outcome.timed_out else ""))

    def run_canaries(self):
        """Each canary must be caught, with the problem it plants."""
        canary = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "pipelined_canary_engine.py")
        cases = [("silent-quit", "searches started", ["go, then the end of input",
                                                      "quit before the first iteration",
                                                      "two stops, each before quit or go"]),
                 ("unsearched", "without a completed depth", ["stop, go, isready, quit"]),
                 ("double-stop", "searches started", ["stop three times"])]
        by_name = dict(SEQUENCES)
        for mode, symptom, names in cases:
            for name in names:
                env = dict(os.environ, PIPELINED_CANARY=mode, PIPELINED_CANARY_BINARY=self.binary)
                outcome = run_sequence([sys.executable, canary], by_name[name], None,
                                       timeout=60.0, env=env)
                problems = check_outcome(outcome, by_name[name], CHESS_FENS[0],
                                         self.oracles[False], False)
                if not any(symptom in p for p in problems):
                    self.failures.append("canary %s on '%s' was not caught (problems seen: %s)"
                                         % (mode, name, problems or "none"))


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    started = time.monotonic()
    runner = Runner(os.path.abspath(sys.argv[1]))
    runner.run_splitlab()
    print("splitlab: %d runs, %d searches started (%.0f s)"
          % (runner.runs, runner.searches, time.monotonic() - started))
    if SANITIZED:
        # The referee's counts and the canaries test the checks, not this binary: the
        # optimised pass runs them.
        print("referee and canaries: run by the optimised pass")
    else:
        runner.run_referee()
        print("referee: Stockfish's counts checked (%.0f s)" % (time.monotonic() - started))
        runner.run_canaries()
        print("canaries checked (%.0f s)" % (time.monotonic() - started))
    if runner.failures:
        print("\n%d FAILED:" % len(runner.failures))
        for f in runner.failures:
            print("  " + f)
        return 1
    print("every search answered once, after a completed depth; the referee agreed; "
          "the canaries were caught")
    return 0


if __name__ == "__main__":
    sys.exit(main())
