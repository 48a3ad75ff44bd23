#!/usr/bin/env python3
"""Times `splitlab perft` against Stockfish's `go perft` on the same positions, in one run.

Both engines count the leaves of the legal move tree with bulk counting at the last ply, in one
thread. The comparison is arranged to be fair to Stockfish and conservative against Splitlab:

  * Stockfish is started once and kept open over a pipe, so its start-up and NNUE loading are not
    timed. After `position ...` and `isready`/`readyok`, the clock runs from writing `go perft N` to
    reading the `Nodes searched: N` line.
  * Splitlab is timed as a whole process, `splitlab perft --fen F --depth N` (wall clock), so its
    own start-up is counted against it.
  * Each measurement is repeated K times (--repeats), alternating which engine goes first, and the
    median of each engine's times is used (the minimum is written to CSV/JSON as well).

The ratio is stockfish_time / splitlab_time: >= 1.0 means Splitlab is at least as fast. The node
counts of both engines must agree with each other and with the published count of the position;
if they do not, the script stops with an error. A ratio below 1.0 is reported, never an error.

Exit status: 0 when every count agreed; 1 when a count disagreed or an engine failed; 2 when an
engine is missing or the arguments are wrong.

Python 3 standard library only. Example:
  bazel build //:splitlab && bench/perft_vs_stockfish.py --repeats 3 --csv /tmp/perft.csv
"""

import argparse
import json
import math
import os
import platform
import select
import shutil
import statistics
import subprocess
import sys
import time

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# name, FEN, depth, depth with --quick, {depth: published leaf count} (Chess Programming Wiki,
# "Perft Results"). The first two are the targets. Position 6 has Black's bishop on g4: copies of it
# without that bishop (rank 4 "2B1P3") circulate, and count 131966677 at depth 5, not 164075551.
POSITIONS = [
    ("startpos", START_FEN, 6, 4,
     {4: 197281, 5: 4865609, 6: 119060324}),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 3,
     {3: 97862, 4: 4085603, 5: 193690690}),
    ("cpw3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 4,
     {4: 43238, 5: 674624, 6: 11030083}),
    ("cpw4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 3,
     {3: 9467, 4: 422333, 5: 15833292}),
    ("cpw5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 3,
     {3: 62379, 4: 2103487, 5: 89941194}),
    ("cpw6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 3,
     {3: 89890, 4: 3894594, 5: 164075551}),
]
TARGETS = ["startpos", "kiwipete"]  # each must reach ratio >= 1.0 at its full depth


class Failure(Exception):
    """A failure with a message for the user and an exit status."""

    def __init__(self, message, status=1):
        super().__init__(message)
        self.status = status


def progress(message):
    print(message, file=sys.stderr, flush=True)


def format_seconds(seconds):
    if seconds < 60:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min"


class Stockfish:
    """One Stockfish process kept open over a pipe (UCI)."""

    def __init__(self, path, timeout):
        self.path = path
        self.timeout = timeout
        self.buffer = b""
        try:
            self.process = subprocess.Popen(
                [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, bufsize=0)
        except OSError as error:
            raise Failure(f"cannot start stockfish '{path}': {error}", 2)
        self.fd = self.process.stdout.fileno()
        self.name = "stockfish"
        self.send("uci")
        for line in self.read_until(lambda line: line == "uciok", 30):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        self.send("setoption name Threads value 1")
        self.wait_ready()
        # Stockfish 14 and later name the instruction sets they were built for (Debian's 15.1:
        # "64bit SSE2", no POPCNT/BMI2); older versions answer "Unknown command", which is ignored.
        self.build = ""
        self.send("compiler")
        self.send("isready")
        for line in self.read_until(lambda line: line == "readyok", 30):
            if line.startswith("Compilation settings include:"):
                self.build = line.split(":", 1)[1].strip()

    def send(self, command):
        try:
            self.process.stdin.write((command + "\n").encode())
        except (BrokenPipeError, OSError):
            raise Failure(f"stockfish '{self.path}' exited unexpectedly "
                          f"(status {self.process.poll()})")

    def read_line(self, deadline):
        while b"\n" not in self.buffer:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise Failure(f"stockfish did not answer within {self.timeout} s")
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise Failure(f"stockfish '{self.path}' exited unexpectedly "
                              f"(status {self.process.wait()})")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def read_until(self, is_last, timeout):
        """Returns the lines read up to and including the first for which is_last() holds."""
        deadline = time.perf_counter() + timeout
        lines = []
        while True:
            line = self.read_line(deadline)
            lines.append(line)
            if is_last(line):
                return lines

    def wait_ready(self):
        self.send("isready")
        self.read_until(lambda line: line == "readyok", 60)

    def perft(self, fen, depth):
        """Returns (nodes, seconds): the clock covers `go perft` up to the `Nodes searched` line."""
        self.send("position startpos" if fen == START_FEN else f"position fen {fen}")
        self.wait_ready()  # the position is set up before the clock starts
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        lines = self.read_until(lambda line: line.startswith("Nodes searched:"), self.timeout)
        seconds = time.perf_counter() - start
        return int(lines[-1].split(":", 1)[1]), seconds

    def close(self):
        if self.process.poll() is None:
            try:
                self.send("quit")
                self.process.stdin.close()
                self.process.wait(timeout=5)
            except (Failure, OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


def splitlab_perft(path, fen, depth, timeout):
    """Returns (nodes, seconds): the wall time of the whole `splitlab perft` process."""
    command = [path, "perft", "--fen", fen, "--depth", str(depth)]
    start = time.perf_counter()
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"splitlab perft did not finish within {timeout} s: {' '.join(command)}")
    seconds = time.perf_counter() - start
    stdout = result.stdout.decode(errors="replace")
    if result.returncode != 0:
        raise Failure(f"splitlab perft failed with status {result.returncode}: "
                      f"{result.stderr.decode(errors='replace').strip()}")
    for line in stdout.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":", 1)[1]), seconds
    raise Failure(f"splitlab perft printed no 'Nodes searched:' line: {' '.join(command)}")


def find_stockfish(requested):
    if requested:
        if os.path.isfile(requested) and os.access(requested, os.X_OK):
            return requested
        found = shutil.which(requested)
        if found:
            return found
        raise Failure(f"stockfish not found at '{requested}'", 2)
    if os.access("/usr/games/stockfish", os.X_OK):
        return "/usr/games/stockfish"
    found = shutil.which("stockfish")
    if found:
        return found
    raise Failure("stockfish not found (looked for /usr/games/stockfish and 'stockfish' on PATH); "
                  "install it with 'apt-get install stockfish' or pass --stockfish PATH", 2)


def find_splitlab(requested):
    path = requested or os.path.join(REPO_ROOT, "bazel-bin", "splitlab")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise Failure(f"splitlab binary not found at '{path}'; build it with "
                      f"'cd {REPO_ROOT} && bazel build //:splitlab' or pass --splitlab PATH", 2)
    real = os.path.realpath(path)
    if "-dbg/" in real or "-fastbuild/" in real:
        progress(f"warning: {real} is not an optimised build (measure with the default -c opt)")
    return path


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def write_json(path, meta, rows):
    with open(path + ".tmp", "w") as out:
        json.dump({"meta": meta, "positions": rows}, out, indent=2)
        out.write("\n")
    os.replace(path + ".tmp", path)  # a reader never sees a half-written file


CSV_FIELDS = ["position", "fen", "depth", "nodes", "splitlab_median_s", "splitlab_min_s",
              "stockfish_median_s", "stockfish_min_s", "splitlab_nps", "stockfish_nps", "ratio",
              "ratio_min", "splitlab_times_s", "stockfish_times_s"]


def csv_line(row):
    def field(value):
        text = str(value)
        if any(c in text for c in ',"\n'):
            text = '"' + text.replace('"', '""') + '"'
        return text
    return ",".join(field(row[name]) for name in CSV_FIELDS) + "\n"


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Time `splitlab perft` against Stockfish's `go perft` on the same positions. "
                    "ratio = stockfish_time / splitlab_time (>= 1.0: Splitlab at least as fast).")
    parser.add_argument("--splitlab", help="the splitlab binary (default: bazel-bin/splitlab of "
                                           "the repository that holds this script)")
    parser.add_argument("--stockfish", help="the stockfish binary (default: /usr/games/stockfish, "
                                            "else 'stockfish' on PATH)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="measurements per engine and position (default 3); the median is used")
    parser.add_argument("--quick", action="store_true",
                        help="smaller depths, for a smoke run (targets are then not judged)")
    parser.add_argument("--csv", metavar="PATH", help="write one row per position (as it goes)")
    parser.add_argument("--json", metavar="PATH", help="write the results as JSON (as it goes)")
    parser.add_argument("--timeout", type=float, default=1800,
                        help="seconds allowed for one perft of one engine (default 1800)")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    return args


def run(args):
    splitlab = find_splitlab(args.splitlab)
    stockfish_path = find_stockfish(args.stockfish)
    positions = [(name, fen, quick if args.quick else full, counts)
                 for name, fen, full, quick, counts in POSITIONS]

    # Splitlab's start-up, for the record: the whole-process time of a depth-1 perft.
    startup = min(splitlab_perft(splitlab, START_FEN, 1, 60)[1] for _ in range(5))

    stockfish = Stockfish(stockfish_path, args.timeout)
    try:
        meta = {
            "splitlab": os.path.realpath(splitlab),
            "stockfish": stockfish_path,
            "stockfish_id": stockfish.name,
            "stockfish_build": stockfish.build,
            "repeats": args.repeats,
            "quick": args.quick,
            "statistic": "median",
            "splitlab_timing": "wall time of the whole process (start-up included)",
            "stockfish_timing": "'go perft' written to 'Nodes searched' read, process kept open",
            "splitlab_startup_s": startup,
            "host": platform.node(),
            "cpus": os.cpu_count(),
            "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }
        progress(f"splitlab:  {splitlab} (process start-up {startup * 1000:.1f} ms)")
        progress(f"stockfish: {stockfish_path} ({stockfish.name}"
                 f"{', built for ' + stockfish.build if stockfish.build else ''})")
        csv = None
        if args.csv:
            csv = open(args.csv, "w")
            csv.write(",".join(CSV_FIELDS) + "\n")
            csv.flush()
        rows = []
        run_start = time.perf_counter()
        measured_nodes = 0
        total_nodes = sum(counts.get(depth, 0) for _, _, depth, counts in positions)
        for index, (name, fen, depth, counts) in enumerate(positions):
            times = {"splitlab": [], "stockfish": []}
            nodes_seen = {}
            for repeat in range(args.repeats):
                # Alternate which engine goes first, so neither always runs on a warmer machine.
                order = ["splitlab", "stockfish"] if repeat % 2 == 0 else ["stockfish", "splitlab"]
                for engine in order:
                    if engine == "splitlab":
                        nodes, seconds = splitlab_perft(splitlab, fen, depth, args.timeout)
                    else:
                        nodes, seconds = stockfish.perft(fen, depth)
                    times[engine].append(seconds)
                    nodes_seen.setdefault(engine, nodes)
                    if nodes != nodes_seen[engine]:
                        raise Failure(f"{name} depth {depth}: {engine} counted "
                                      f"{nodes_seen[engine]} nodes, then {nodes} in repeat "
                                      f"{repeat + 1}")
                if nodes_seen["splitlab"] != nodes_seen["stockfish"]:
                    raise Failure(f"node counts disagree on {name} depth {depth} ({fen}): "
                                  f"splitlab {nodes_seen['splitlab']}, "
                                  f"stockfish {nodes_seen['stockfish']}")
                expected = counts.get(depth)
                if expected is not None and nodes_seen["splitlab"] != expected:
                    raise Failure(f"{name} depth {depth}: both engines counted "
                                  f"{nodes_seen['splitlab']} nodes, the published count is "
                                  f"{expected}")
                done = measured_nodes + (repeat + 1) / args.repeats * nodes_seen["splitlab"]
                elapsed = time.perf_counter() - run_start
                eta = elapsed * (total_nodes - done) / done if total_nodes and done else 0
                progress(f"[{index + 1}/{len(positions)}] {name} d{depth} repeat "
                         f"{repeat + 1}/{args.repeats}: splitlab {times['splitlab'][-1]:.3f} s, "
                         f"stockfish {times['stockfish'][-1]:.3f} s; ETA {format_seconds(eta)}")
            nodes = nodes_seen["splitlab"]
            measured_nodes += nodes
            sl = statistics.median(times["splitlab"])
            sf = statistics.median(times["stockfish"])
            row = {
                "position": name, "fen": fen, "depth": depth, "nodes": nodes,
                "splitlab_median_s": round(sl, 6),
                "splitlab_min_s": round(min(times["splitlab"]), 6),
                "stockfish_median_s": round(sf, 6),
                "stockfish_min_s": round(min(times["stockfish"]), 6),
                "splitlab_nps": round(nodes / sl), "stockfish_nps": round(nodes / sf),
                "ratio": round(sf / sl, 4),
                "ratio_min": round(min(times["stockfish"]) / min(times["splitlab"]), 4),
                "splitlab_times_s": " ".join(f"{t:.6f}" for t in times["splitlab"]),
                "stockfish_times_s": " ".join(f"{t:.6f}" for t in times["stockfish"]),
            }
            rows.append(row)
            if csv:
                csv.write(csv_line(row))
                csv.flush()
            if args.json:
                write_json(args.json, meta, rows)
        if csv:
            csv.close()
    finally:
        stockfish.close()

    print_report(meta, rows, args.quick)
    if args.json:
        meta["geomean_ratio"] = round(geometric_mean([row["ratio"] for row in rows]), 4)
        meta["targets_met"] = None if args.quick else targets_met(rows)
        write_json(args.json, meta, rows)
    return 0


def targets_met(rows):
    by_name = {row["position"]: row for row in rows}
    return all(by_name[name]["ratio"] >= 1.0 for name in TARGETS)


def print_report(meta, rows, quick):
    build = f" (built for {meta['stockfish_build']})" if meta["stockfish_build"] else ""
    print(f"Perft, one thread, bulk-counted leaves: splitlab vs {meta['stockfish_id']}{build}")
    print(f"median of {meta['repeats']} runs each, interleaved; splitlab timed as a whole process "
          f"(start-up {meta['splitlab_startup_s'] * 1000:.1f} ms included), stockfish from "
          f"'go perft' to 'Nodes searched'")
    print()
    header = (f"{'position':<10} {'depth':>5} {'nodes':>12} {'splitlab s':>11} {'Mnodes/s':>9} "
              f"{'stockfish s':>12} {'Mnodes/s':>9} {'ratio':>7}")
    print(header)
    print("-" * len(header))
    for row in rows:
        print(f"{row['position']:<10} {row['depth']:>5} {row['nodes']:>12} "
              f"{row['splitlab_median_s']:>11.3f} {row['splitlab_nps'] / 1e6:>9.1f} "
              f"{row['stockfish_median_s']:>12.3f} {row['stockfish_nps'] / 1e6:>9.1f} "
              f"{row['ratio']:>7.2f}")
    print("-" * len(header))
    ratios = [row["ratio"] for row in rows]
    print(f"geometric mean of the ratios: {geometric_mean(ratios):.2f}  "
          f"(ratio = stockfish time / splitlab time; >= 1.00: splitlab at least as fast)")
    print("node counts: splitlab and stockfish agree on every position, and with the published "
          "counts")
    print()
    if quick:
        print("targets: not judged in a --quick run (they are startpos d6 and kiwipete d5)")
        return
    by_name = {row["position"]: row for row in rows}
    for name in TARGETS:
        row = by_name[name]
        verdict = "MET" if row["ratio"] >= 1.0 else "NOT MET"
        print(f"target {name} d{row['depth']} ratio >= 1.00: {verdict} ({row['ratio']:.2f})")
    print(f"targets: {'all met' if targets_met(rows) else 'NOT all met'}")


def main(argv):
    args = parse_args(argv)
    try:
        return run(args)
    except Failure as failure:
        print(f"perft_vs_stockfish: error: {failure}", file=sys.stderr)
        return failure.status
    except KeyboardInterrupt:
        print("perft_vs_stockfish: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
