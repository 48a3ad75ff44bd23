#!/usr/bin/python3
"""Pipelined command sequences: every search an engine starts must answer, once (issue 70).

    pipelined_sequences.py SPLITLAB [--protocol uci|ucci] [--sequences N] [--seed S]
                           [--max-threads T] [--jobs J] [--json FILE] [--failures FILE]

A sequence is what a script or a GUI writes to an engine process from its start to its end:
options, positions, `go` with every limit, `stop`, `ponderhit`, `isready`, `setoption`, and then
`quit` or the end of input. It is written either in one write (the engine reads a command behind
a stop before the stopped search has answered) or line by line with short random pauses.

The model (expected_answers) counts the searches a sequence starts: every `go` is one, except a
`go` sent while a search runs that only `stop` ends (`go infinite`, or `go ponder` before
`ponderhit`), which the engine refuses with an error. The count does not depend on timing, so a
sequence gets the same count in one write and with pauses. For each sequence the checks are:
  * the process ends by itself (exit status 0) within a bound;
  * as many answers (`bestmove`, UCCI's `nobestmove`) as the model's searches, no more, no less;
  * every answer comes after a completed depth of its own search (an `info depth` line since the
    previous answer): never a move that was not searched;
  * every answer is legal in the position of the `go` it answers (legal moves from
    `splitlab perft --divide`, never from the engine under test);
  * UCCI: `bye` is the last line, after `quit` and after the end of input alike.

Run as a program it makes --sequences random sequences from --seed (Threads 1..T, every
SplitStrategy the engine lists, every go limit, both endings, both ways of writing) and runs them,
--jobs at a time, printing progress and an ETA on stderr, a summary on stdout, and the summary as
JSON to --json. Every failing sequence is written whole to --failures (one JSON object a line)
as soon as it fails, so it can be replayed. The soak (protocol_soak.py) mixes these sequences
into its stream, and every_search_answers_test.py runs fixed ones beside Stockfish.
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from legal_moves import LegalMoves  # noqa: E402  (the same directory)

CHESS_FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
]
XIANGQI_FENS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
]
MOVE = re.compile(r"^[a-i]\d+[a-i]\d+[nbrq]?$")


class Oracle(LegalMoves):
    """Legal moves from `splitlab perft --divide --stdin` (legal_moves.py), cached per position
    (thread-safe)."""

    def legal(self, fen, moves=()):
        return self.of(fen, moves)


# ------------------------------------------------------------------------------------------------
# The model.

def parse_position(line, start_fen):
    """(fen, moves) of a `position` line, or None if it is not one this module writes."""
    words = line.split()
    if len(words) < 2 or words[0] != "position":
        return None
    if words[1] == "startpos":
        rest = words[2:]
        fen = start_fen
    elif words[1] == "fen" and "moves" in words:
        i = words.index("moves")
        fen, rest = " ".join(words[2:i]), words[i:]
    elif words[1] == "fen":
        fen, rest = " ".join(words[2:]), []
    else:
        return None
    moves = rest[1:] if rest and rest[0] == "moves" else []
    return fen, moves


def go_runs_until_stop(line):
    words = line.split()
    return "infinite" in words or "ponder" in words


def expected_answers(lines, start_fen):
    """The searches `lines` start, in order: a list of (go line, (fen, moves)). A go while a
    search runs until stop is refused; stop, ucinewgame and ponderhit end or change that state;
    quit ends the sequence (what follows it is never read)."""
    searches = []
    position = (start_fen, [])
    state = None  # None, "finite", or "until_stop"
    for line in lines:
        word = line.split()[0] if line.split() else ""
        if line.split()[:2] == ["setoption", "newgame"]:  # UCCI's ucinewgame.
            word = "ucinewgame"
        if word == "quit":
            break
        if word == "position":
            parsed = parse_position(line, start_fen)
            if parsed:
                position = parsed
        elif word == "go":
            if state == "until_stop":
                continue  # Refused: "send stop first".
            searches.append((line, position))
            state = "until_stop" if go_runs_until_stop(line) else "finite"
        elif word in ("stop", "ucinewgame"):
            state = None
            if word == "ucinewgame":
                position = (start_fen, [])
        elif word == "ponderhit":
            if state == "until_stop" and searches and "ponder" in searches[-1][0].split():
                state = "finite"
    return searches


def ends_with_quit(lines):
    return any(l.split()[:1] == ["quit"] for l in lines)


# ------------------------------------------------------------------------------------------------
# Running a sequence.

class Outcome:
    def __init__(self, output, exit_code, seconds, timed_out):
        self.output, self.exit_code, self.seconds, self.timed_out = (output, exit_code, seconds,
                                                                    timed_out)


def run_sequence(argv, lines, pauses=None, timeout=60.0, env=None):
    """Starts `argv`, writes `lines` (in one write when `pauses` is None, otherwise line by line,
    sleeping pauses[i] seconds before line i), closes its input, and reads its output to the end.
    The process is killed past `timeout`."""
    started = time.monotonic()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)
    output = []

    def read():
        for raw in proc.stdout:
            output.append(raw.decode("utf-8", "replace").rstrip("\r\n"))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        if pauses is None:
            os.write(proc.stdin.fileno(), "".join(l + "\n" for l in lines).encode())
        else:
            for line, pause in zip(lines, pauses):
                if pause > 0:
                    time.sleep(pause)
                os.write(proc.stdin.fileno(), (line + "\n").encode())
    except (BrokenPipeError, OSError):
        pass  # It left after quit, before reading what followed.
    try:
        proc.stdin.close()
    except (BrokenPipeError, OSError):
        pass
    timed_out = False
    try:
        proc.wait(timeout=max(0.1, timeout - (time.monotonic() - started)))
    except subprocess.TimeoutExpired:
        timed_out = True
        proc.kill()
        proc.wait()
    reader.join(timeout=10)
    return Outcome(output, proc.returncode, time.monotonic() - started, timed_out)


def is_answer(line):
    return line.startswith("bestmove") or line == "nobestmove"


def check_outcome(outcome, lines, start_fen, oracle, ucci):
    """The problems with `outcome` (a list of strings; empty when every check holds). `oracle`
    None: answers are counted and checked for a completed depth, not for legality."""
    problems = []
    searches = expected_answers(lines, start_fen)
    if outcome.timed_out:
        problems.append("the engine did not end within %.0f s" % outcome.seconds)
    elif outcome.exit_code != 0:
        problems.append("exit status %s" % outcome.exit_code)
    answers = []  # (line, searched since the previous answer)
    searched = False
    for line in outcome.output:
        if line.startswith("info depth ") or line.startswith("info string book move "):
            searched = True  # A completed depth, or a move the engine's own book chose.
        elif is_answer(line):
            answers.append((line, searched))
            searched = False
    if len(answers) != len(searches):
        problems.append("%d searches started, %d answered (%s)"
                        % (len(searches), len(answers), ", ".join(a for a, _ in answers) or "none"))
    for i, ((answer, searched), (go, (fen, moves))) in enumerate(zip(answers, searches)):
        words = answer.split()
        if oracle is None:  # Counted only (a move text the oracle does not speak).
            if not searched and words[1:2] != ["0000"]:
                problems.append("answer %d '%s' to '%s' came without a completed depth"
                                % (i + 1, answer, go))
            continue
        legal = oracle.legal(fen, moves)
        allowed = legal
        if "searchmoves" in go.split():
            listed = go.split()[go.split().index("searchmoves") + 1:]
            allowed = [m for m in listed if MOVE.match(m)]
        if answer == "nobestmove" or words[1] == "0000":
            if legal:
                problems.append("answer %d '%s' to '%s' with legal moves" % (i + 1, answer, go))
            continue
        if words[1] not in allowed:
            problems.append("answer %d '%s' to '%s' is not among the allowed moves %s"
                            % (i + 1, answer, go, allowed[:12]))
        if not searched:
            problems.append("answer %d '%s' to '%s' came without a completed depth"
                            % (i + 1, answer, go))
    if ucci and (not outcome.output or outcome.output[-1] != "bye"):
        problems.append("UCCI: the last line is %r, not 'bye'"
                        % (outcome.output[-1] if outcome.output else None))
    return problems


# ------------------------------------------------------------------------------------------------
# Random sequences.

class Generator:
    def __init__(self, rng, oracle, ucci, strategies, max_threads, pool_size=24):
        self.rng, self.oracle, self.ucci = rng, oracle, ucci
        self.strategies, self.max_threads = strategies, max_threads
        self.fens = XIANGQI_FENS if ucci else CHESS_FENS
        self.pool = []
        for _ in range(pool_size):
            fen, moves = rng.choice(self.fens), []
            for _ in range(rng.randint(0, 8)):
                legal = oracle.legal(fen, moves)
                if not legal:
                    break
                moves.append(rng.choice(legal))
            if oracle.legal(fen, moves):  # Positions with a move to answer with.
                self.pool.append((fen, moves))

    def option(self, name, value):
        if self.ucci:
            return "setoption %s %s" % ({"Hash": "hashsize"}.get(name, name.lower()), value)
        return "setoption name %s value %s" % (name, value)

    def position(self):
        fen, moves = self.rng.choice(self.pool)
        start = "startpos" if fen == self.fens[0] and self.rng.random() < 0.5 else "fen " + fen
        return "position %s%s" % (start, " moves " + " ".join(moves) if moves else ""), (fen, moves)

    def go(self, position):
        r, rng = self.rng.random(), self.rng
        if self.ucci:
            if r < 0.2:
                return "go depth infinite"
            if r < 0.3:
                return "go ponder time %d increment 0" % rng.randint(200, 2000)
            if r < 0.55:
                return "go depth %d" % rng.randint(1, 5)
            if r < 0.8:
                return "go time %d increment %d" % (rng.randint(200, 2000), rng.randint(0, 50))
            return "go nodes %d" % rng.randint(1, 30000)
        if r < 0.18:
            return "go infinite"
        if r < 0.3:
            return "go ponder wtime %d btime %d" % (rng.randint(200, 2000), rng.randint(200, 2000))
        if r < 0.5:
            limit = "depth %d" % rng.randint(1, 6)
        elif r < 0.62:
            limit = "nodes %d" % rng.randint(1, 30000)
        elif r < 0.74:
            limit = "movetime %d" % rng.randint(20, 150)
        elif r < 0.9:
            limit = "wtime %d btime %d winc %d binc %d" % (
                rng.randint(200, 3000), rng.randint(200, 3000), rng.randint(0, 30),
                rng.randint(0, 30))
            if rng.random() < 0.3:
                limit += " movestogo %d" % rng.randint(1, 40)
        else:
            limit = "mate %d depth %d" % (rng.randint(1, 3), rng.randint(1, 5))
        legal = self.oracle.legal(*position)
        if legal and rng.random() < 0.15:
            limit += " searchmoves " + " ".join(rng.sample(legal, rng.randint(1, min(4, len(legal)))))
        return "go " + limit

    def sequence(self):
        """(lines, pauses or None, threads, strategy)."""
        rng = self.rng
        threads = rng.randint(1, self.max_threads)
        strategy = rng.choice(self.strategies)
        lines = []
        if rng.random() < 0.5:
            lines.append("ucci" if self.ucci else "uci")
        lines += [self.option("Threads", threads), self.option("SplitStrategy", strategy)]
        text, position = self.position()
        lines.append(text)
        for _ in range(rng.randint(1, 8)):
            r = rng.random()
            if r < 0.4:
                lines.append(self.go(position))
            elif r < 0.62:
                lines.append("stop")
            elif r < 0.72:
                lines.append("isready")
            elif r < 0.8:
                text, position = self.position()
                lines.append(text)
            elif r < 0.88:
                name = rng.choice(["Threads", "Hash", "SplitStrategy", "TTEntry"])
                value = {"Threads": lambda: rng.randint(1, self.max_threads),
                         "Hash": lambda: rng.choice([1, 4, 16]),
                         "SplitStrategy": lambda: rng.choice(self.strategies),
                         "TTEntry": lambda: rng.choice(["xor", "bracket", "locked"])}[name]()
                lines.append(self.option(name, value))
            elif r < 0.94:
                lines.append("ponderhit")
            else:
                lines.append("ucinewgame")
                position = (self.fens[0], [])  # Its searchmoves must be legal there.
        if rng.random() < 0.5:
            lines.append("quit")
            if rng.random() < 0.2:
                lines.append(self.go(position))  # Never read: quit came first.
        pauses = None
        if rng.random() < 0.5:
            pauses = [rng.choice([0.0, 0.0, rng.uniform(0, 0.01), rng.uniform(0, 0.1)])
                      for _ in lines]
        return lines, pauses, threads, strategy


def engine_strategies(binary, ucci):
    out = subprocess.run([binary] + (["ucci"] if ucci else []),
                         input=("ucci\n" if ucci else "uci\n") + "quit\n", capture_output=True,
                         text=True, timeout=120)
    for line in out.stdout.splitlines():
        if re.match(r"option (name )?splitstrategy type combo", line, re.I):
            return re.findall(r"\bvar (\S+)", line)
    raise RuntimeError("no SplitStrategy combo in the engine's handshake")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--protocol", choices=["uci", "ucci"], default="uci")
    parser.add_argument("--sequences", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-threads", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds a sequence may take before it counts as a hang")
    parser.add_argument("--json")
    parser.add_argument("--failures", help="append each failing sequence here (JSON lines)")
    return parser.parse_args()


def record_outcome(args, start_fen, lock, done, item, outcome, problems, totals, by_threads,
                   by_strategy):
    """Adds one finished sequence to the totals; prints it, and appends it to --failures,
    when it failed."""
    lines, pauses, threads, strategy = item
    searches = len(expected_answers(lines, start_fen))
    answers = sum(1 for l in outcome.output if is_answer(l))
    with lock:
        totals["sequences"] += 1
        totals["searches"] += searches
        totals["answers"] += answers
        totals["one_write" if pauses is None else "with_pauses"] += 1
        totals["ended_by_quit" if ends_with_quit(lines) else "ended_by_end_of_input"] += 1
        totals["unanswered_searches"] += max(0, searches - answers)
        totals["extra_answers"] += max(0, answers - searches)
        totals["unsearched_answers"] += sum("without a completed depth" in p for p in problems)
        totals["illegal_answers"] += sum("not among" in p or "with legal moves" in p
                                         for p in problems)
        totals["hangs"] += int(outcome.timed_out)
        totals["bad_exits"] += int(not outcome.timed_out and outcome.exit_code != 0)
        totals["slowest_s"] = round(max(totals["slowest_s"], outcome.seconds), 2)
        by_threads[threads] = by_threads.get(threads, 0) + 1
        by_strategy[strategy] = by_strategy.get(strategy, 0) + 1
        if problems:
            totals["failed"] += 1
            print("FAIL sequence %d (Threads %d, %s, %s): %s\n  sent: %s\n  last lines: %s"
                  % (done, threads, strategy, "one write" if pauses is None else "pauses",
                     "; ".join(problems), " | ".join(lines),
                     " | ".join(outcome.output[-6:])), flush=True)
            if args.failures:
                with open(args.failures, "a") as f:
                    f.write(json.dumps({"lines": lines, "pauses": pauses,
                                        "problems": problems,
                                        "output": outcome.output}) + "\n")


def main():
    args = parse_args()
    binary = os.path.abspath(args.binary)
    ucci = args.protocol == "ucci"
    rng = random.Random(args.seed)
    oracle = Oracle(binary, "xiangqi" if ucci else "chess")
    generator = Generator(rng, oracle, ucci, engine_strategies(binary, ucci), args.max_threads)
    argv = [binary] + (["ucci"] if ucci else [])
    start_fen = generator.fens[0]
    sequences = [generator.sequence() for _ in range(args.sequences)]

    totals = {"sequences": 0, "failed": 0, "searches": 0, "answers": 0, "one_write": 0,
              "with_pauses": 0, "ended_by_quit": 0, "ended_by_end_of_input": 0,
              "unanswered_searches": 0, "extra_answers": 0, "unsearched_answers": 0,
              "illegal_answers": 0, "hangs": 0, "bad_exits": 0, "slowest_s": 0.0}
    by_threads = {}
    by_strategy = {}
    lock = threading.Lock()
    started = time.monotonic()

    def one(item):
        lines, pauses, threads, strategy = item
        outcome = run_sequence(argv, lines, pauses, timeout=args.timeout)
        return item, outcome, check_outcome(outcome, lines, start_fen, oracle, ucci)

    next_report = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for done, (item, outcome, problems) in enumerate(pool.map(one, sequences), 1):
            record_outcome(args, start_fen, lock, done, item, outcome, problems, totals,
                           by_threads, by_strategy)
            if done >= next_report or done == len(sequences):
                elapsed = time.monotonic() - started
                eta = elapsed / done * (len(sequences) - done)
                print("pipelined: %5.1f%%  %d of %d sequences  %d failed  elapsed %.0f s  ETA %.0f s"
                      % (100.0 * done / len(sequences), done, len(sequences), totals["failed"],
                         elapsed, eta), file=sys.stderr, flush=True)
                next_report += max(1, len(sequences) // 50)
    summary = {"protocol": args.protocol, "seed": args.seed, "max_threads": args.max_threads,
               "jobs": args.jobs, "seconds": round(time.monotonic() - started, 1), **totals,
               "by_threads": dict(sorted(by_threads.items())),
               "by_strategy": dict(sorted(by_strategy.items()))}
    print(json.dumps(summary, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    return 0 if totals["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
