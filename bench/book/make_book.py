#!/usr/bin/env python3
"""Makes Splitlab's default opening books with a referee engine: bench/book/splitlab_book.epd for
chess with Stockfish, and with --variant xiangqi bench/book/xiangqi_book.epd with Fairy-Stockfish
(UCI_Variant xiangqi; moves in its UCI text, ranks 1..10). "Stockfish" below means the referee.

Method. Each candidate opening is a random walk of --plies half-moves from the start position.
At every ply Stockfish searches the position to --walk-depth with MultiPV --multipv, and the walk
plays one of the moves it scores within --margin-cp of its best, chosen uniformly at random. The
end position is kept when it is new (by the first four FEN fields), the side to move is not in
check and has at least --min-legal-moves legal moves, and Stockfish's evaluation at
--eval-depth is within +/- --threshold-cp (no mate scores). Walking stops after --count kept
positions. Every search runs with Threads 1 and Hash --hash-mb, after `ucinewgame` (which clears
the table and the histories), so each result depends only on the position searched: rerunning
the script with its defaults and the same Stockfish build reproduces the book byte for byte.
Candidate i draws its moves from random.Random("<seed>:<i>"), so an interrupted run resumes
from its journal (<out>.journal, one JSON line per candidate) and still reproduces the book.

The book's lines keep the order in which positions were found (a random order): the first N
lines are a fair sample of the whole book. Each line is
  FEN4 id "book-NNN"; c0 "moves e2e4 c7c5 ..., sf15.1 depth 16 +0.12"; D1 31;
with the evaluation from White's point of view in pawns, and D1 the number of legal moves
(Stockfish's `go perft 1`), so that `splitlab perft --suite` can check the book.

While /tmp/splitlab-quiet exists (timing experiments on the machine) the script waits before
each search. Python 3 standard library only. Run it from the repository root:
  nice -n 10 python3 bench/book/make_book.py
  nice -n 10 python3 bench/book/make_book.py --variant xiangqi
"""

import argparse
import json
import os
import random
import select
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
QUIET_FILE = "/tmp/splitlab-quiet"
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MATE_CP = 100000  # A mate score, as centipawns, for comparing candidate moves.

# The parameters that decide the book's content, in the order the header lists them.
BOOK_PARAMETERS = ["seed", "plies", "multipv", "walk_depth", "margin_cp", "eval_depth",
                   "threshold_cp", "min_legal_moves", "hash_mb", "count"]
# What differs for xiangqi: the referee, the book, and a shallower final evaluation (Fairy-Stockfish
# searches xiangqi's wider tree more slowly; depth 12 still sees the opening's tactics).
VARIANT_DEFAULTS = {
    "chess": {"stockfish": "/usr/games/stockfish", "out": "splitlab_book.epd", "eval_depth": 16},
    "xiangqi": {"stockfish": "/usr/games/fairy-stockfish", "out": "xiangqi_book.epd",
                "eval_depth": 12},
}


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Makes the balanced opening book of `splitlab match` with Stockfish as referee.")
    parser.add_argument("--seed", type=int, default=9, help="random seed (default 9)")
    parser.add_argument("--plies", type=int, default=8, help="half-moves walked from the start")
    parser.add_argument("--multipv", type=int, default=5,
                        help="moves Stockfish scores at each ply of the walk")
    parser.add_argument("--walk-depth", type=int, default=8,
                        help="Stockfish's depth for the walk's MultiPV searches")
    parser.add_argument("--margin-cp", type=int, default=30,
                        help="a walk move must score within this many centipawns of the best")
    parser.add_argument("--eval-depth", type=int, default=None,
                        help="Stockfish's depth for the final evaluation (chess 16, xiangqi 12)")
    parser.add_argument("--threshold-cp", type=int, default=50,
                        help="keep a position when |evaluation| <= this many centipawns")
    parser.add_argument("--min-legal-moves", type=int, default=10,
                        help="keep a position only with at least this many legal moves")
    parser.add_argument("--hash-mb", type=int, default=64, help="Stockfish's Hash in MB")
    parser.add_argument("--count", type=int, default=520, help="positions in the book")
    parser.add_argument("--variant", choices=sorted(VARIANT_DEFAULTS), default="chess",
                        help="the game (default chess)")
    parser.add_argument("--stockfish", default=None,
                        help="the referee engine (default: stockfish, or fairy-stockfish for xiangqi)")
    parser.add_argument("--out", default=None,
                        help="the book to write (default: bench/book/splitlab_book.epd, or "
                             "xiangqi_book.epd)")
    parser.add_argument("--restart", action="store_true",
                        help="ignore an existing journal instead of resuming from it")
    args = parser.parse_args(argv)
    defaults = VARIANT_DEFAULTS[args.variant]
    if args.eval_depth is None:
        args.eval_depth = defaults["eval_depth"]
    if args.stockfish is None:
        args.stockfish = defaults["stockfish"]
    if args.out is None:
        args.out = os.path.join(HERE, defaults["out"])
    if args.plies < 1 or args.multipv < 1 or args.count < 1 or args.walk_depth < 1 \
            or args.eval_depth < 1:
        parser.error("--plies, --multipv, --count and the depths must be positive")
    return args


def book_parameters(args):
    """The parameters that decide the book (the variant only when it is not chess, so that the
    chess book's header is unchanged)."""
    parameters = {name: getattr(args, name) for name in BOOK_PARAMETERS}
    if args.variant != "chess":
        parameters = {"variant": args.variant, **parameters}
    return parameters


def parameters_command_line(parameters):
    return " ".join(f"--{name.replace('_', '-')} {value}" for name, value in parameters.items())


paused_s = 0.0  # Time spent waiting for the quiet file to go, left out of the ETA.


def wait_while_quiet():
    """Timing experiments own the machine while the quiet file exists."""
    global paused_s
    announced = False
    started = time.monotonic()
    while os.path.exists(QUIET_FILE):
        if not announced:
            print(f"make_book: paused while {QUIET_FILE} exists", file=sys.stderr, flush=True)
            announced = True
        time.sleep(15)
    paused_s += time.monotonic() - started


class Stockfish:
    """A UCI engine over a pipe; every search starts from a cleared table and cleared histories."""

    def __init__(self, path, hash_mb, multipv, variant="chess"):
        try:
            self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True)
        except OSError as error:
            raise SystemExit(f"make_book: cannot start {path}: {error}")
        self.stdout_fd = self.process.stdout.fileno()
        self.pending = b""  # Read from the pipe but not yet split into lines.
        self.send("uci")
        self.name = ""
        for line in self.read_until("uciok", 30):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()
        if variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send(f"setoption name MultiPV value {multipv}")
        self.ready()

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix, timeout_s):
        """The lines up to and including the first that starts with `prefix`."""
        deadline = time.monotonic() + timeout_s
        lines = []
        while True:
            # Raw reads: a buffered reader could hold lines that select() does not see.
            while b"\n" not in self.pending:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([self.stdout_fd], [], [], remaining)[0]:
                    raise SystemExit(
                        f"make_book: Stockfish did not answer '{prefix}' in {timeout_s} s")
                chunk = os.read(self.stdout_fd, 65536)
                if not chunk:
                    raise SystemExit("make_book: Stockfish exited")
                self.pending += chunk
            raw, self.pending = self.pending.split(b"\n", 1)
            line = raw.decode().rstrip("\r")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send("isready")
        self.read_until("readyok", 60)

    def set_position(self, fen=None, moves=()):
        self.send("ucinewgame")
        head = f"position fen {fen}" if fen else "position startpos"
        self.send(head + (" moves " + " ".join(moves) if moves else ""))
        self.ready()

    def search(self, depth):
        """{multipv index: (move, score in cp for the side to move)} at the last depth reached."""
        wait_while_quiet()
        self.send(f"go depth {depth}")
        lines = self.read_until("bestmove", 3600)
        best_depth = {}
        found = {}
        for line in lines:
            words = line.split()
            if not words or words[0] != "info" or "score" not in words or "pv" not in words:
                continue
            if "lowerbound" in words or "upperbound" in words:
                continue
            line_depth = int(words[words.index("depth") + 1])
            index = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            kind, value = words[words.index("score") + 1], int(words[words.index("score") + 2])
            if kind == "mate":
                value = MATE_CP - abs(value) if value > 0 else -MATE_CP + abs(value)
            if line_depth >= best_depth.get(index, 0):
                best_depth[index] = line_depth
                found[index] = (words[words.index("pv") + 1], value)
        return found

    def describe(self):
        """(FEN, whether the side to move is in check) of the current position, from `d`."""
        self.send("d")
        lines = self.read_until("Checkers:", 10)
        fen = next(line[len("Fen: "):] for line in lines if line.startswith("Fen: "))
        checkers = lines[-1][len("Checkers:"):].strip()
        return fen, bool(checkers)

    def legal_move_count(self):
        self.send("go perft 1")
        lines = self.read_until("Nodes searched:", 10)
        return int(lines[-1].split(":")[1])

    def quit(self):
        try:
            self.send("quit")
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


class Generator:
    """Walks candidates and judges them; remembers every search so that none is repeated."""

    def __init__(self, args):
        self.args = args
        self.walker = Stockfish(args.stockfish, args.hash_mb, args.multipv, args.variant)
        self.judge = Stockfish(args.stockfish, args.hash_mb, 1, args.variant)
        self.walk_cache = {}  # tuple of moves -> [(move, score)] from the MultiPV search
        self.verdicts = {}  # FEN4 -> the judge's record, for transpositions

    def walk_choices(self, moves):
        key = tuple(moves)
        if key not in self.walk_cache:
            self.walker.set_position(moves=moves)
            found = self.walker.search(self.args.walk_depth)
            self.walk_cache[key] = [found[i] for i in sorted(found)]
        lines = self.walk_cache[key]
        if not lines:
            return []
        best = max(score for _, score in lines)
        return [move for move, score in lines if score >= best - self.args.margin_cp]

    def candidate(self, index):
        """The journal record of candidate `index`: its moves, position and verdict."""
        rng = random.Random(f"{self.args.seed}:{index}")
        moves = []
        for _ in range(self.args.plies):
            choices = self.walk_choices(moves)
            if not choices:
                return {"index": index, "moves": moves, "verdict": "game over"}
            moves.append(rng.choice(choices))
        self.judge.set_position(moves=moves)
        fen, in_check = self.judge.describe()
        fen4 = " ".join(fen.split()[:4])
        record = {"index": index, "moves": moves, "fen": fen4}
        if fen4 not in self.verdicts:
            self.verdicts[fen4] = self.judge_position(fen4, in_check)
        record.update(self.verdicts[fen4])
        return record

    def judge_position(self, fen4, in_check):
        if in_check:
            return {"verdict": "in check"}
        self.judge.set_position(fen=fen4 + " 0 1")
        legal = self.judge.legal_move_count()
        if legal < self.args.min_legal_moves:
            return {"verdict": "few moves", "legal": legal}
        score = self.judge.search(self.args.eval_depth)[1][1]
        white_cp = score if fen4.split()[1] == "w" else -score
        verdict = "balanced" if abs(score) <= self.args.threshold_cp else "unbalanced"
        return {"verdict": verdict, "legal": legal, "white_cp": white_cp}

    def close(self):
        self.walker.quit()
        self.judge.quit()


def read_journal(path, parameters):
    """The records of an earlier run with the same parameters (none if there is no journal)."""
    if not os.path.exists(path):
        return []
    with open(path) as journal:
        lines = [line for line in journal.read().splitlines() if line.strip()]
    if not lines:
        return []
    if json.loads(lines[0]).get("parameters") != parameters:
        raise SystemExit(f"make_book: {path} was written with other parameters; "
                         "use --restart to begin again")
    records = []
    for line in lines[1:]:
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            break  # A line cut short by an interruption: that candidate is walked again.
    return records


def format_pawns(white_cp):
    return f"{white_cp / 100:+.2f}"


def book_text(records, parameters, engine_name, args):
    kept = [r for r in records if r.get("kept")]
    verdicts = {}
    for record in records:
        reason = "duplicate" if record.get("duplicate") else record["verdict"]
        verdicts[reason] = verdicts.get(reason, 0) + 1
    first_moves = {}
    for record in kept:
        first_moves[record["moves"][0]] = first_moves.get(record["moves"][0], 0) + 1
    if engine_name.startswith("Stockfish"):
        short_name = "sf" + engine_name.split()[-1]
    elif engine_name.startswith("Fairy-Stockfish"):
        short_name = "fsf" + engine_name.split()[1]
    else:
        short_name = "ref"
    what = ("the default opening book of `splitlab match`" if args.variant == "chess"
            else f"the default {args.variant} opening book of `splitlab match --variant {args.variant}`")
    header = [
        f"# {os.path.basename(args.out)}: {what}, made by",
        "# bench/book/make_book.py (its docstring describes the method). Each position: from the",
        f"# start position, {args.plies} plies, each chosen at random among the moves that {engine_name}'s",
        f"# MultiPV {args.multipv} search at depth {args.walk_depth} scores within {args.margin_cp} cp of its best;"
        " kept when new,",
        f"# not in check, with at least {args.min_legal_moves} legal moves, and evaluated within"
        f" +/-{args.threshold_cp} cp at depth {args.eval_depth}",
        f"# (Threads 1, Hash {args.hash_mb} MB, ucinewgame before every search). c0 gives the moves"
        " and the evaluation",
        "# (White's view, pawns); D1 is the number of legal moves.",
        f"# referee: {engine_name} ({args.stockfish})",
        f"# parameters: {parameters_command_line(parameters)}",
        f"# candidates: {len(records)} walked, {len(kept)} kept; "
        + ", ".join(f"{name} {n}" for name, n in sorted(verdicts.items())),
        "# first moves: " + ", ".join(
            f"{move} {n}" for move, n in sorted(first_moves.items(), key=lambda kv: (-kv[1], kv[0]))),
    ]
    lines = []
    for number, record in enumerate(kept, 1):
        lines.append(f'{record["fen"]} id "book-{number:03d}"; c0 "moves {" ".join(record["moves"])},'
                     f' {short_name} depth {args.eval_depth} {format_pawns(record["white_cp"])}";'
                     f' D1 {record["legal"]};')
    return "\n".join(header + lines) + "\n"


def run(args):
    parameters = book_parameters(args)
    journal_path = args.out + ".journal"
    records = [] if args.restart else read_journal(journal_path, parameters)
    kept_fens = {r["fen"] for r in records if r.get("kept")}
    generator = Generator(args)
    for record in records:  # Transpositions of earlier candidates need no new search.
        if "fen" in record and not record.get("duplicate"):
            generator.verdicts[record["fen"]] = {
                key: record[key] for key in ("verdict", "legal", "white_cp") if key in record}
    journal = open(journal_path, "w" if args.restart or not records else "a")
    if args.restart or not records:
        journal.write(json.dumps({"parameters": parameters}) + "\n")
    started = time.monotonic()
    resumed_kept = len(kept_fens)
    index = len(records)
    try:
        while len(kept_fens) < args.count:
            if index >= 50 * args.count:
                raise SystemExit("make_book: too few balanced positions; widen the parameters")
            record = generator.candidate(index)
            if record["verdict"] == "balanced":
                if record["fen"] in kept_fens:
                    record["duplicate"] = True
                else:
                    record["kept"] = True
                    kept_fens.add(record["fen"])
            records.append(record)
            journal.write(json.dumps(record) + "\n")
            journal.flush()
            index += 1
            new_kept = len(kept_fens) - resumed_kept
            elapsed = time.monotonic() - started - paused_s
            eta = elapsed / new_kept * (args.count - len(kept_fens)) if new_kept else 0
            print(f"make_book: candidate {index}: {len(kept_fens)}/{args.count} kept, "
                  f"{elapsed / 60:.1f} min, ETA {eta / 60:.1f} min "
                  f"({record['verdict']}{' duplicate' if record.get('duplicate') else ''})",
                  file=sys.stderr, flush=True)
        text = book_text(records, parameters, generator.judge.name, args)
    finally:
        journal.close()
        generator.close()
    temporary = args.out + ".tmp"
    with open(temporary, "w") as out:
        out.write(text)
    os.replace(temporary, args.out)
    os.remove(journal_path)
    print(f"make_book: wrote {args.out}: {args.count} positions from {len(records)} candidates "
          f"in {(time.monotonic() - started - paused_s) / 60:.1f} min of work "
          f"(and {paused_s / 60:.1f} min paused)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(run(parse_args(sys.argv[1:])))
    except KeyboardInterrupt:
        print("make_book: interrupted; rerun to resume from the journal", file=sys.stderr)
        sys.exit(130)
