#!/usr/bin/env python3
"""Times `splitlab perft` against Stockfish's `go perft` on the same positions, in one run; with
--game xiangqi, `splitlab perft --game xiangqi` against Fairy-Stockfish's (UCI_Variant xiangqi).

Both engines count the leaves of the legal move tree with bulk counting at the last ply, in one
thread. The comparison is arranged to be fair to Stockfish and conservative against Splitlab:

  * Stockfish is started once and kept open over a pipe, so its start-up and NNUE loading are not
    timed. After `position ...` and `isready`/`readyok`, the clock runs from writing `go perft N` to
    reading the `Nodes searched: N` line.
  * Splitlab is timed as a whole process, `splitlab perft --fen F --depth N` (wall clock), so its
    own start-up is counted against it.
  * Each measurement is repeated K times (--repeats), alternating which engine goes first, and the
    median of each engine's times is used (the minimum is written to CSV/JSON as well).

The ratio is stockfish_time / splitlab_time: >= 1.0 means Splitlab is at least as fast (the
targets: 1.0 for chess, 3.0 against Fairy-Stockfish for xiangqi). The node
counts of both engines must agree with each other and with the published count of the position;
if they do not, the script stops with an error. A ratio below 1.0 is reported, never an error.

Exit status: 0 when every count agreed; 1 when a count disagreed or an engine failed; 2 when an
engine is missing or the arguments are wrong.

Python 3 standard library only. Example:
  bazel build //:splitlab && bench/perft_vs_stockfish.py --repeats 3 --csv /tmp/perft.csv
  bench/perft_vs_stockfish.py --game xiangqi --repeats 3
"""

import argparse
import os
import platform
import statistics
import sys
import time

# benchlib.py sits beside this script; said explicitly so that python3 -I or -m finds it too.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import benchlib  # noqa: E402
from benchlib import Failure, progress  # noqa: E402

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

XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# The start and two middlegames of the verified suite (tests/data/xiangqi_perft.epd: its counts).
XIANGQI_POSITIONS = [
    ("startpos", XIANGQI_START, 5, 3, {3: 79666, 4: 3290240, 5: 133312995}),
    ("perft.2", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 5, 3,
     {3: 43929, 4: 1339047}),
    ("perft.12",
     "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", 5, 3,
     {3: 100326, 4: 4485547}),
]

# What differs per game: positions, the start FEN that is sent as "startpos", the referee's
# default path and UCI_Variant, the positions with a target and the ratio each must reach.
GAMES = {
    "chess": {"positions": POSITIONS, "start": START_FEN, "reference": "stockfish",
              "variant": "", "targets": TARGETS, "target_ratio": 1.0},
    "xiangqi": {"positions": XIANGQI_POSITIONS, "start": XIANGQI_START,
                "reference": "fairy-stockfish", "variant": "xiangqi",
                "targets": ["startpos", "perft.2", "perft.12"], "target_ratio": 3.0},
}


class Stockfish(benchlib.UciEngine):
    """One Stockfish process kept open over a pipe (UCI)."""

    def __init__(self, path, timeout, variant="", start=START_FEN):
        super().__init__("stockfish", [path], timeout)
        self.start = start
        if variant:
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Threads value 1")
        self.wait_ready()
        # Stockfish 14 and later name the instruction sets they were built for (Debian's 15.1:
        # "64bit SSE2", no POPCNT/BMI2); older versions answer "Unknown command", which is ignored.
        self.build = ""
        self.send("compiler")
        for line in self.wait_ready(30):
            if line.startswith("Compilation settings include:"):
                self.build = line.split(":", 1)[1].strip()

    def timeout_message(self):
        return f"stockfish did not answer within {self.timeout} s"

    def perft(self, fen, depth):
        """Returns (nodes, seconds): the clock covers `go perft` up to the `Nodes searched` line."""
        self.send("position startpos" if fen == self.start else f"position fen {fen}")
        self.wait_ready()  # the position is set up before the clock starts
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        lines = self.read_until(lambda line: line.startswith("Nodes searched:"), self.timeout)
        seconds = time.perf_counter() - start
        return int(lines[-1].split(":", 1)[1]), seconds


def splitlab_perft(path, fen, depth, timeout, game="chess"):
    """Returns (nodes, seconds): the wall time of the whole `splitlab perft` process."""
    command = [path, "perft", "--game", game, "--fen", fen, "--depth", str(depth)]
    stdout, seconds = benchlib.run_to_end(command, timeout)
    for line in stdout.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":", 1)[1]), seconds
    raise Failure(f"splitlab perft printed no 'Nodes searched:' line: {' '.join(command)}")


def find_splitlab(requested):
    path = benchlib.splitlab_binary(requested, build="bazel build //:splitlab")
    real = os.path.realpath(path)
    if "-dbg/" in real or "-fastbuild/" in real:
        progress(f"warning: {real} is not an optimised build (measure with the default -c opt)")
    return path


CSV_FIELDS = ["position", "fen", "depth", "nodes", "splitlab_median_s", "splitlab_min_s",
              "stockfish_median_s", "stockfish_min_s", "splitlab_nps", "stockfish_nps", "ratio",
              "ratio_min", "splitlab_times_s", "stockfish_times_s"]


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Time `splitlab perft` against Stockfish's `go perft` on the same positions. "
                    "ratio = stockfish_time / splitlab_time (>= 1.0: Splitlab at least as fast).")
    parser.add_argument("--game", choices=sorted(GAMES), default="chess",
                        help="chess against Stockfish (default), or xiangqi against "
                             "Fairy-Stockfish")
    benchlib.add_binary_arguments(parser, "stockfish")
    parser.add_argument("--repeats", type=int, default=3,
                        help="measurements per engine and position (default 3); the median is used")
    parser.add_argument("--quick", action="store_true",
                        help="smaller depths, for a smoke run (targets are then not judged)")
    benchlib.add_output_arguments(parser, "position")
    parser.add_argument("--timeout", type=float, default=1800,
                        help="seconds allowed for one perft of one engine (default 1800)")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    return args


def run_meta(args, game, splitlab, stockfish_path, stockfish, startup):
    """What was run, with what settings and on which machine: the "meta" of the JSON document."""
    return {
        "game": args.game,
        "target_ratio": game["target_ratio"],
        "targets": game["targets"],
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


def time_position(args, splitlab, stockfish, position, index, count, measured_nodes, eta):
    """Times both engines' perft of one position, --repeats times each, checking that the node
    counts agree with each other and with the published count; returns (nodes, times)."""
    name, fen, depth, counts = position
    times = {"splitlab": [], "stockfish": []}
    nodes_seen = {}
    for repeat in range(args.repeats):
        # Alternate which engine goes first, so neither always runs on a warmer machine.
        order = ["splitlab", "stockfish"] if repeat % 2 == 0 else ["stockfish", "splitlab"]
        for engine in order:
            if engine == "splitlab":
                nodes, seconds = splitlab_perft(splitlab, fen, depth, args.timeout, args.game)
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
        progress(f"[{index + 1}/{count}] {name} d{depth} repeat "
                 f"{repeat + 1}/{args.repeats}: splitlab {times['splitlab'][-1]:.3f} s, "
                 f"stockfish {times['stockfish'][-1]:.3f} s; {eta.text(done)}")
    return nodes_seen["splitlab"], times


def position_row(name, fen, depth, nodes, times):
    """A position's row: median and fastest times of each engine, and their ratios."""
    sl = statistics.median(times["splitlab"])
    sf = statistics.median(times["stockfish"])
    return {
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


def run(args):
    game = GAMES[args.game]
    splitlab = find_splitlab(args.splitlab)
    stockfish_path = benchlib.find_reference_engine(game["reference"], args.stockfish)
    positions = [(name, fen, quick if args.quick else full, counts)
                 for name, fen, full, quick, counts in game["positions"]]

    # Splitlab's start-up, for the record: the whole-process time of a depth-1 perft.
    startup = min(splitlab_perft(splitlab, game["start"], 1, 60, args.game)[1] for _ in range(5))

    stockfish = Stockfish(stockfish_path, args.timeout, game["variant"], game["start"])
    try:
        meta = run_meta(args, game, splitlab, stockfish_path, stockfish, startup)
        progress(f"splitlab:  {splitlab} (process start-up {startup * 1000:.1f} ms)")
        progress(f"stockfish: {stockfish_path} ({stockfish.name}"
                 f"{', built for ' + stockfish.build if stockfish.build else ''})")
        output = benchlib.Output(args.csv, args.json, CSV_FIELDS)
        rows = []
        measured_nodes = 0
        eta = benchlib.Eta(sum(counts.get(depth, 0) for _, _, depth, counts in positions))
        for index, (name, fen, depth, counts) in enumerate(positions):
            nodes, times = time_position(args, splitlab, stockfish, (name, fen, depth, counts),
                                         index, len(positions), measured_nodes, eta)
            measured_nodes += nodes
            row = position_row(name, fen, depth, nodes, times)
            rows.append(row)
            output.row(row)
            output.document({"meta": meta, "positions": rows})
        output.close()
    finally:
        stockfish.close()

    print_report(meta, rows, args.quick)
    if args.json:
        meta["geomean_ratio"] = round(benchlib.geometric_mean([row["ratio"] for row in rows]), 4)
        meta["targets_met"] = None if args.quick else targets_met(rows, meta)
        benchlib.write_json(args.json, {"meta": meta, "positions": rows})
    return 0


def targets_met(rows, meta):
    by_name = {row["position"]: row for row in rows}
    return all(by_name[name]["ratio"] >= meta["target_ratio"] for name in meta["targets"])


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
    print(f"geometric mean of the ratios: {benchlib.geometric_mean(ratios):.2f}  "
          f"(ratio = stockfish time / splitlab time; >= 1.00: splitlab at least as fast)")
    print("node counts: splitlab and stockfish agree on every position, and with the published "
          "counts")
    print()
    if quick:
        print("targets: not judged in a --quick run (they are " + ", ".join(meta["targets"]) +
              " at their full depths)")
        return
    by_name = {row["position"]: row for row in rows}
    goal = meta["target_ratio"]
    for name in meta["targets"]:
        row = by_name[name]
        verdict = "MET" if row["ratio"] >= goal else "NOT MET"
        print(f"target {name} d{row['depth']} ratio >= {goal:.2f}: {verdict} ({row['ratio']:.2f})")
    print(f"targets: {'all met' if targets_met(rows, meta) else 'NOT all met'}")


def main(argv):
    return benchlib.main("perft_vs_stockfish", parse_args, run, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
