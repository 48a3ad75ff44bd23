#!/usr/bin/env python3
"""Single-thread search speed (nodes per second) of Splitlab against Glaurung 2.2, in one run.

The target: "single-thread NPS on `bench` at least Glaurung 2.2's NPS on the same positions in the
same run". Both engines are driven the same way over UCI, on the 32 middlegames of `splitlab bench`
(tests/data/middlegames.epd, the same positions as engine/chess/bench_positions.h):

  * Each engine is started once and kept open over a pipe, with Threads = 1, Hash = 16 MB
    (Splitlab's default), Ponder off and Glaurung's own book off.
  * For every position: `ucinewgame`, `position fen F`, `isready`/`readyok`, then `go movetime T`
    (default 500 ms; or `go depth D` with --depth). The engines alternate which goes first, position
    by position and repeat by repeat, so neither always runs on a warmer or quieter machine.
  * The headline NPS is the engine's own: the `nodes` and `time` of its last `info` line that has
    both, summed over the positions (total nodes / total time). Each engine counts nodes its own way
    (Splitlab counts one on entering every search and quiescence node), so NPS compares engines
    only roughly; it is what the target asks for.
  * Also measured from outside: the engine process's CPU time (from /proc/PID/stat) from `go` to the
    arrival of that last info line, giving a CPU NPS that depends much less on how loaded the
    machine is, and "cpu%" = CPU time / engine-reported time (well below 100% means the engine
    waited for a core; CPU time comes in 10 ms ticks, so it is coarse for a search of a few tens of
    ms); and the wall time from writing `go` to reading `bestmove`. Wall NPS (reported nodes / wall
    time) understates an engine that does not report the nodes of an unfinished last iteration
    (Splitlab does not; Glaurung does), so in movetime mode it is a lower bound for Splitlab,
    printed for the record; in depth mode both engines report their last nodes and it is fair.
  * Then, unless --bench-depth 0, `splitlab bench --depth D --positions EPD` itself (its own NPS,
    which includes clearing the 16 MB table before each position) is run once per repeat, and
    compared with Glaurung's aggregate NPS from the UCI run.

The ratio is splitlab_nps / glaurung_nps: >= 1.0 means the target is met. The machine is shared and
may be loaded: every ratio compares figures measured side by side in this run. A ratio below 1.0 is
reported, never an error.

Exit status: 0 when the run completed (target met or not); 1 when an engine failed or misbehaved;
2 when an engine is missing or the arguments are wrong.

Python 3 standard library only. Example:
  bazel build -c opt //:splitlab && bench/nps_vs_glaurung.py --repeats 2 --csv /tmp/nps.csv
"""

import argparse
import hashlib
import os
import platform
import re
import resource
import shutil
import sys
import tempfile
import time

# benchlib.py sits beside this script; said explicitly so that python3 -I or -m finds it too.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import benchlib  # noqa: E402
from benchlib import Failure, progress  # noqa: E402

DEFAULT_POSITIONS = os.path.join(benchlib.REPO_ROOT, "tests", "data", "middlegames.epd")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
ENGINES = ["splitlab", "glaurung"]


def process_cpu_seconds(pid):
    """User + system CPU time of a running process (all its threads), in seconds."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            text = stat.read()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces: split after it.
    fields = text[text.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime (fields 14, 15)


class UciEngine(benchlib.UciEngine):
    """One UCI engine process kept open over a pipe."""

    ready_timeout = 120

    def __init__(self, label, command, timeout):
        super().__init__(label, command, timeout)
        self.wait_ready()

    def search(self, fen, go):
        """Runs one search from a new game; returns a dict of what was measured."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.wait_ready()  # the table is cleared and the position set before the clock starts
        pid = self.pid
        cpu_start = process_cpu_seconds(pid)
        start = time.perf_counter()
        self.send(f"go {go}")
        deadline = start + self.timeout
        last = None  # (nodes, time_ms, cpu seconds at that line)
        depth = 0
        while True:
            line = self.read_line(deadline)
            if line.startswith("bestmove"):
                wall = time.perf_counter() - start
                bestmove = benchlib.bestmove(line)
                break
            if not line.startswith("info "):
                continue
            values = benchlib.uci_values(line, ("depth", "nodes", "time"))
            if "depth" in values and "score" in line.split():
                depth = max(depth, values["depth"])
            if "nodes" in values and "time" in values:
                last = (values["nodes"], values["time"], process_cpu_seconds(pid))
        if not bestmove or bestmove in ("0000", "(none)"):
            raise Failure(f"{self.label} answered '{line}' on {fen}")
        if last is None or last[1] <= 0:
            raise Failure(f"{self.label} gave no 'info ... nodes N ... time T' line with T > 0 on "
                          f"{fen} ('go {go}'); search longer (--movetime or --depth)")
        nodes, time_ms, cpu_at_last = last
        cpu = None
        if cpu_start is not None and cpu_at_last is not None:
            cpu = cpu_at_last - cpu_start
        return {"depth": depth, "nodes": nodes, "time_s": time_ms / 1000,
                "wall_s": round(wall, 6), "cpu_s": None if cpu is None else round(cpu, 3),
                "bestmove": bestmove}


def read_positions(path, limit):
    """Returns [(id, fen)] from an EPD file (4 FEN fields, then operations such as id "x";)."""
    try:
        with open(path) as epd:
            lines = epd.read().splitlines()
    except OSError as error:
        raise Failure(f"cannot read positions '{path}': {error}", 2)
    positions = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        if len(fields) < 4:
            raise Failure(f"{path}:{number}: not an EPD line: {line}", 2)
        match = re.search(r'\bid\s+"([^"]*)"', line)
        name = match.group(1) if match else f"{os.path.basename(path)}:{number}"
        positions.append((name, " ".join(fields[:4]) + " 0 1"))
    if not positions:
        raise Failure(f"no positions in '{path}'", 2)
    return positions[:limit] if limit else positions


def snapshot(path, directory):
    """Copies the binary, so that a rebuild by someone else during the run cannot change it."""
    copy = os.path.join(directory, "splitlab")
    shutil.copy2(path, copy)
    with open(copy, "rb") as binary:
        digest = hashlib.sha256(binary.read()).hexdigest()
    return copy, digest


def run_splitlab_bench(path, depth, positions_file, timeout):
    """Runs `splitlab bench`; returns its nodes, its own time and NPS, and the process CPU time."""
    command = [path, "bench", "--depth", str(depth), "--positions", positions_file]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    stdout, wall = benchlib.run_to_end(command, timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    totals = {}
    for line in stdout.splitlines():
        for key, label in (("nodes", "Nodes searched:"), ("nps", "Nodes/second:"),
                           ("time_ms", "Total time (ms) :")):
            if line.startswith(label):
                totals[key] = float(line.split(":", 1)[1])
    if set(totals) != {"nodes", "nps", "time_ms"}:
        raise Failure(f"splitlab bench printed no 'Nodes searched:', 'Nodes/second:' and "
                      f"'Total time (ms) :' lines: {' '.join(command)}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return {"nodes": int(totals["nodes"]), "time_s": totals["time_ms"] / 1000,
            "nps": totals["nps"], "wall_s": round(wall, 6), "cpu_s": round(cpu, 3)}


def rate(nodes, seconds):
    return nodes / seconds if seconds else float("nan")


CSV_FIELDS = ["position", "repeat", "engine", "go", "depth", "nodes", "time_s", "nps", "cpu_s",
              "cpu_nps", "wall_s", "wall_nps", "bestmove", "fen"]


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Single-thread NPS of Splitlab against Glaurung 2.2 over UCI on the bench "
                    "positions, in one run. ratio = splitlab_nps / glaurung_nps (>= 1.0: target "
                    "met).")
    benchlib.add_binary_arguments(parser, "glaurung")
    parser.add_argument("--positions", default=DEFAULT_POSITIONS,
                        help="EPD file of positions (default: tests/data/middlegames.epd, the "
                             "positions of `splitlab bench`)")
    parser.add_argument("--limit", type=int, default=0,
                        help="use only the first N positions (default: all)")
    parser.add_argument("--movetime", type=int, default=500,
                        help="milliseconds per search, for both engines (default 500; the default "
                             "mode)")
    parser.add_argument("--depth", type=int,
                        help="search to this depth instead of for --movetime (both engines)")
    parser.add_argument("--splitlab-depth", type=int, help="Splitlab's depth (implies depth mode)")
    parser.add_argument("--glaurung-depth", type=int, help="Glaurung's depth (implies depth mode)")
    parser.add_argument("--hash", type=int, default=16,
                        help="Hash in MB for both engines (default 16, Splitlab's default)")
    parser.add_argument("--repeats", type=int, default=1,
                        help="searches per engine and position (default 1); the engines alternate "
                             "which goes first")
    parser.add_argument("--bench-depth", type=int, default=10,
                        help="depth of the `splitlab bench` run made once per repeat (default 10; "
                             "0 skips it)")
    benchlib.add_output_arguments(parser, "search")
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds allowed for one search of one engine (default 600)")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.movetime < 1:
        parser.error("--movetime must be at least 1")
    for name in ("depth", "splitlab_depth", "glaurung_depth"):
        value = getattr(args, name)
        if value is not None and value < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.bench_depth < 0 or args.limit < 0 or args.hash < 4:
        parser.error("--bench-depth and --limit must not be negative, --hash must be at least 4")
    return args


def go_commands(args):
    if args.depth is None and args.splitlab_depth is None and args.glaurung_depth is None:
        return {engine: f"movetime {args.movetime}" for engine in ENGINES}
    return {"splitlab": f"depth {args.splitlab_depth or args.depth or args.glaurung_depth}",
            "glaurung": f"depth {args.glaurung_depth or args.depth or args.splitlab_depth}"}


def start_engines(splitlab, glaurung_path, args):
    engines = {}
    try:
        engines["splitlab"] = UciEngine("splitlab", [splitlab], args.timeout)
        engines["glaurung"] = UciEngine("glaurung", [glaurung_path], args.timeout)
        for engine in engines.values():
            engine.set_option("Threads", 1, required=engine.label == "splitlab")
            engine.set_option("Hash", args.hash)
            engine.set_option("Ponder", "false", required=False)
            engine.set_option("OwnBook", "false", required=False)
            engine.set_option("Use Search Log", "false", required=False)
            engine.wait_ready()
        if not engines["glaurung"].has_option("Threads"):
            progress("warning: glaurung has no 'Threads' option; it may search with more than "
                     "one thread")
        return engines
    except BaseException:
        for engine in engines.values():
            engine.close()
        raise


def summarise(results, engine):
    """Total nodes over total time (engine-reported, CPU and wall) for a list of searches."""
    nodes = sum(r["nodes"] for r in results)
    time_s = sum(r["time_s"] for r in results)
    wall_s = sum(r["wall_s"] for r in results)
    cpu_known = all(r["cpu_s"] is not None for r in results)
    cpu_s = sum(r["cpu_s"] for r in results) if cpu_known else None
    return {"engine": engine, "searches": len(results), "nodes": nodes,
            "time_s": round(time_s, 3), "nps": round(rate(nodes, time_s)),
            "cpu_s": None if cpu_s is None else round(cpu_s, 3),
            "cpu_nps": None if not cpu_s else round(rate(nodes, cpu_s)),
            "cpu_share": None if cpu_s is None else round(cpu_s / time_s, 3),
            "wall_s": round(wall_s, 3), "wall_nps": round(rate(nodes, wall_s)),
            "max_depth": max(r["depth"] for r in results),
            "mean_depth": round(sum(r["depth"] for r in results) / len(results), 2)}


def ratio(a, b):
    if a is None or b is None or not b:
        return None
    return round(a / b, 4)


def run_meta(args, splitlab_real, digest, glaurung_path, glaurung_id, positions, go, load_start):
    """What was run, with what settings and on which machine: the "meta" of the JSON document."""
    return {
        "splitlab": splitlab_real,
        "splitlab_sha256": digest,
        "glaurung": glaurung_path,
        "glaurung_id": glaurung_id,
        "positions_file": os.path.abspath(args.positions),
        "positions": len(positions),
        "go": go,
        "hash_mb": args.hash,
        "threads": 1,
        "repeats": args.repeats,
        "bench_depth": args.bench_depth,
        "nps": "engine-reported: nodes and time of the last info line with both, "
               "total nodes / total time",
        "host": platform.node(),
        "cpus": os.cpu_count(),
        "loadavg_start": [round(x, 2) for x in load_start],
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def search_all(args, engines, splitlab, positions, go, output, document, searches, bench_runs):
    """Searches every position with both engines, repeat by repeat, then runs `splitlab bench`
    once per repeat; appends to searches, bench_runs and the document as it goes."""
    done = 0
    eta = benchlib.Eta(args.repeats * len(positions) * 2)
    for repeat in range(args.repeats):
        for index, (name, fen) in enumerate(positions):
            # Alternate which engine goes first, by position and by repeat.
            first = (index + repeat) % 2
            order = [ENGINES[first], ENGINES[1 - first]]
            for engine in order:
                result = engines[engine].search(fen, go[engine])
                searches[engine][name].append(result)
                row = {"position": name, "repeat": repeat + 1, "engine": engine,
                       "go": go[engine], "fen": fen, **result,
                       "nps": round(rate(result["nodes"], result["time_s"])),
                       "cpu_nps": (round(rate(result["nodes"], result["cpu_s"]))
                                   if result["cpu_s"] else None),
                       "wall_nps": round(rate(result["nodes"], result["wall_s"]))}
                document["searches"].append(row)
                output.row(row)
                done += 1
            output.document(document)
            sl, gl = (searches[e][name][-1] for e in ENGINES)
            progress(f"[{repeat + 1}/{args.repeats} {index + 1}/{len(positions)}] {name}: "
                     f"splitlab d{sl['depth']} {rate(sl['nodes'], sl['time_s']) / 1e3:.0f}"
                     f" kN/s, glaurung d{gl['depth']} "
                     f"{rate(gl['nodes'], gl['time_s']) / 1e3:.0f} kN/s; "
                     f"{eta.text(done)}")
        if args.bench_depth:
            progress(f"splitlab bench --depth {args.bench_depth} (repeat {repeat + 1})...")
            bench = run_splitlab_bench(splitlab, args.bench_depth, args.positions,
                                       args.timeout * len(positions))
            bench_runs.append(bench)
            progress(f"  {bench['nodes']} nodes, {bench['time_s']:.2f} s, "
                     f"{bench['nps'] / 1e3:.0f} kN/s (process CPU {bench['cpu_s']:.2f} s)")
            output.document(document)


def position_rows(positions, searches):
    """One row per position: each engine's totals over the repeats, and their ratio."""
    rows = []
    for name, fen in positions:
        row = {"position": name, "fen": fen}
        for engine in ENGINES:
            summary = summarise(searches[engine][name], engine)
            for key in ("nodes", "time_s", "nps", "cpu_share", "mean_depth"):
                row[f"{engine}_{key}"] = summary[key]
        row["ratio"] = ratio(row["splitlab_nps"], row["glaurung_nps"])
        rows.append(row)
    return rows


def summarise_bench(bench_runs, depth, glaurung_totals):
    """The `splitlab bench` runs together, against Glaurung's aggregate from the UCI run."""
    nodes = sum(b["nodes"] for b in bench_runs)
    time_s = sum(b["time_s"] for b in bench_runs)
    cpu_s = sum(b["cpu_s"] for b in bench_runs)
    return {"depth": depth, "runs": len(bench_runs), "nodes": nodes,
            "time_s": round(time_s, 3), "nps": round(rate(nodes, time_s)),
            "cpu_s": round(cpu_s, 3), "cpu_nps": round(rate(nodes, cpu_s)),
            "ratio": ratio(rate(nodes, time_s), glaurung_totals["nps"]),
            "cpu_ratio": ratio(rate(nodes, cpu_s), glaurung_totals["cpu_nps"])}


def run(args):
    splitlab_real = benchlib.find_splitlab(args.splitlab)
    glaurung_path = benchlib.find_reference_engine("glaurung", args.glaurung)
    positions = read_positions(args.positions, args.limit)
    go = go_commands(args)
    load_start = os.getloadavg()

    with tempfile.TemporaryDirectory(prefix="nps_vs_glaurung.") as directory:
        splitlab, digest = snapshot(splitlab_real, directory)
        engines = start_engines(splitlab, glaurung_path, args)
        try:
            meta = run_meta(args, splitlab_real, digest, glaurung_path, engines["glaurung"].name,
                            positions, go, load_start)
            progress(f"splitlab: {splitlab_real} (copied for the run; sha256 {digest[:12]})")
            progress(f"glaurung: {glaurung_path} ({engines['glaurung'].name})")
            progress(f"{len(positions)} positions from {args.positions}, go {go['splitlab']} "
                     f"(splitlab) / go {go['glaurung']} (glaurung), Hash {args.hash} MB, 1 thread, "
                     f"{args.repeats} repeat(s); load average {load_start[0]:.2f} on "
                     f"{os.cpu_count()} CPUs")
            output = benchlib.Output(args.csv, args.json, CSV_FIELDS)
            searches = {engine: {name: [] for name, _ in positions} for engine in ENGINES}
            bench_runs = []
            document = {"meta": meta, "searches": [], "bench": bench_runs}
            search_all(args, engines, splitlab, positions, go, output, document, searches,
                       bench_runs)
            output.close()
        finally:
            for engine in engines.values():
                engine.close()

    rows = position_rows(positions, searches)
    totals = {engine: summarise([r for results in searches[engine].values() for r in results],
                                engine) for engine in ENGINES}
    verdict = {
        "ratio": ratio(totals["splitlab"]["nps"], totals["glaurung"]["nps"]),
        "cpu_ratio": ratio(totals["splitlab"]["cpu_nps"], totals["glaurung"]["cpu_nps"]),
        "wall_ratio": ratio(totals["splitlab"]["wall_nps"], totals["glaurung"]["wall_nps"]),
        "geomean_position_ratio": round(benchlib.geometric_mean([r["ratio"] or 0 for r in rows]), 4),
    }
    bench_summary = None
    if bench_runs:
        bench_summary = summarise_bench(bench_runs, args.bench_depth, totals["glaurung"])
    verdict["target_met"] = verdict["ratio"] is not None and verdict["ratio"] >= 1.0
    meta["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    document.update({"positions": rows, "totals": totals, "bench_summary": bench_summary,
                     "verdict": verdict})
    print_report(meta, rows, totals, bench_summary, verdict)
    output.document(document)
    return 0


def print_report(meta, rows, totals, bench, verdict):
    go = meta["go"]
    print(f"Single-thread NPS over UCI: Splitlab vs {meta['glaurung_id']}, "
          f"{meta['positions']} positions, go {go['splitlab']} (splitlab) / go {go['glaurung']} "
          f"(glaurung), Hash {meta['hash_mb']} MB, {meta['repeats']} repeat(s), engines "
          f"alternating")
    print(f"NPS = the engine's own nodes / time from its last info line, summed over the searches; "
          f"cpu% = the process's CPU time / that time (load average {meta['loadavg_start'][0]:.2f} "
          f"at the start, {meta['loadavg_end'][0]:.2f} at the end, {meta['cpus']} CPUs)")
    print()
    header = (f"{'position':<12} {'sl depth':>8} {'sl kN/s':>8} {'sl cpu%':>7}  "
              f"{'gl depth':>8} {'gl kN/s':>8} {'gl cpu%':>7}  {'ratio':>6}")
    print(header)
    print("-" * len(header))

    def share(value):
        return f"{value * 100:.0f}" if value is not None else "?"
    for row in rows:
        print(f"{row['position']:<12} {row['splitlab_mean_depth']:>8.1f} "
              f"{row['splitlab_nps'] / 1e3:>8.0f} {share(row['splitlab_cpu_share']):>7}  "
              f"{row['glaurung_mean_depth']:>8.1f} {row['glaurung_nps'] / 1e3:>8.0f} "
              f"{share(row['glaurung_cpu_share']):>7}  {row['ratio']:>6.2f}")
    print("-" * len(header))
    print(f"geometric mean of the per-position ratios: {verdict['geomean_position_ratio']:.2f}")
    print()
    header = (f"{'aggregate':<10} {'nodes':>12} {'time s':>8} {'kN/s':>8} {'cpu s':>8} "
              f"{'cpu kN/s':>9} {'wall s':>8} {'wall kN/s':>10}")
    print(header)
    print("-" * len(header))
    for engine in ENGINES:
        t = totals[engine]
        cpu_s = f"{t['cpu_s']:.2f}" if t["cpu_s"] is not None else "?"
        cpu_nps = f"{t['cpu_nps'] / 1e3:.0f}" if t["cpu_nps"] else "?"
        print(f"{engine:<10} {t['nodes']:>12} {t['time_s']:>8.2f} {t['nps'] / 1e3:>8.0f} "
              f"{cpu_s:>8} {cpu_nps:>9} {t['wall_s']:>8.2f} {t['wall_nps'] / 1e3:>10.0f}")

    def fmt(value):
        return f"{value:.2f}" if value is not None else "?"
    print(f"{'ratio':<10} {'':>12} {'':>8} {fmt(verdict['ratio']):>8} {'':>8} "
          f"{fmt(verdict['cpu_ratio']):>9} {'':>8} {fmt(verdict['wall_ratio']):>10}")
    print("(wall kN/s = reported nodes / time from 'go' to 'bestmove': a lower bound for Splitlab, "
          "which does not report the nodes of an unfinished last iteration)")
    if bench:
        print()
        print(f"splitlab bench --depth {bench['depth']} (its own 'Nodes/second', {bench['runs']} "
              f"run(s), table clears included): {bench['nps'] / 1e3:.0f} kN/s "
              f"({bench['nodes']} nodes in {bench['time_s']:.2f} s; per process CPU second "
              f"{bench['cpu_nps'] / 1e3:.0f} kN/s); against glaurung's "
              f"{totals['glaurung']['nps'] / 1e3:.0f} kN/s above: ratio {fmt(bench['ratio'])} "
              f"(per CPU second {fmt(bench['cpu_ratio'])})")
    shares = [totals[e]["cpu_share"] for e in ENGINES if totals[e]["cpu_share"] is not None]
    if shares and min(shares) < 0.8:
        print()
        print(f"note: an engine had only {min(shares) * 100:.0f}% of a CPU while it searched (the "
              f"machine was loaded: load average {meta['loadavg_start'][0]:.2f} on {meta['cpus']} "
              f"CPUs): the NPS figures are depressed and noisy; the per-CPU-second ratio is the "
              f"less load-sensitive check, repeat (--repeats) or rerun on a quiet machine")
    print()
    print(f"target splitlab NPS >= glaurung NPS (aggregate ratio >= 1.00): "
          f"{'MET' if verdict['target_met'] else 'NOT MET'} ({fmt(verdict['ratio'])}; per CPU "
          f"second {fmt(verdict['cpu_ratio'])})")


def main(argv):
    return benchlib.main("nps_vs_glaurung", parse_args, run, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
