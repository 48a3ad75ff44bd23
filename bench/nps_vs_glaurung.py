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
import json
import math
import os
import platform
import re
import resource
import select
import shutil
import subprocess
import sys
import tempfile
import time

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_POSITIONS = os.path.join(REPO_ROOT, "tests", "data", "middlegames.epd")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
ENGINES = ["splitlab", "glaurung"]


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


class UciEngine:
    """One UCI engine process kept open over a pipe."""

    def __init__(self, label, command, timeout):
        self.label = label
        self.command = command
        self.timeout = timeout
        self.buffer = b""
        try:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, bufsize=0)
        except OSError as error:
            raise Failure(f"cannot start {label} '{command[0]}': {error}", 2)
        self.fd = self.process.stdout.fileno()
        self.name = label
        self.options = {}
        self.send("uci")
        for line in self.read_until(lambda line: line == "uciok", 30):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
            elif line.startswith("option name "):
                name = line[len("option name "):].split(" type ", 1)[0]
                self.options[name.lower()] = line
        self.wait_ready()

    def has_option(self, name):
        return name.lower() in self.options

    def set_option(self, name, value=None, required=True):
        if not self.has_option(name):
            if required:
                raise Failure(f"{self.label} ({self.name}) has no UCI option '{name}'")
            return False
        self.send(f"setoption name {name}" + ("" if value is None else f" value {value}"))
        return True

    def send(self, command):
        try:
            self.process.stdin.write((command + "\n").encode())
        except (BrokenPipeError, OSError):
            raise Failure(f"{self.label} '{self.command[0]}' exited unexpectedly "
                          f"(status {self.process.poll()})")

    def read_line(self, deadline):
        while b"\n" not in self.buffer:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise Failure(f"{self.label} did not answer within the time allowed")
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise Failure(f"{self.label} '{self.command[0]}' exited unexpectedly "
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
        self.read_until(lambda line: line == "readyok", 120)

    def search(self, fen, go):
        """Runs one search from a new game; returns a dict of what was measured."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.wait_ready()  # the table is cleared and the position set before the clock starts
        pid = self.process.pid
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
                bestmove = line.split()[1] if len(line.split()) > 1 else ""
                break
            if not line.startswith("info "):
                continue
            tokens = line.split()
            values = {}
            for key in ("depth", "nodes", "time"):
                if key in tokens:
                    index = tokens.index(key)
                    if index + 1 < len(tokens) and tokens[index + 1].isdigit():
                        values[key] = int(tokens[index + 1])
            if "depth" in values and "score" in tokens:
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

    def close(self):
        if self.process.poll() is None:
            try:
                self.send("quit")
                self.process.stdin.close()
                self.process.wait(timeout=5)
            except (Failure, OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()


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


def find_glaurung(requested):
    if requested:
        if os.path.isfile(requested) and os.access(requested, os.X_OK):
            return requested
        found = shutil.which(requested)
        if found:
            return found
        raise Failure(f"glaurung not found at '{requested}'", 2)
    if os.access("/usr/games/glaurung", os.X_OK):
        return "/usr/games/glaurung"
    found = shutil.which("glaurung")
    if found:
        return found
    raise Failure("glaurung not found (looked for /usr/games/glaurung and 'glaurung' on PATH); "
                  "install it with 'apt-get install glaurung' or pass --glaurung PATH", 2)


def find_splitlab(requested):
    path = requested or os.path.join(REPO_ROOT, "bazel-bin", "splitlab")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise Failure(f"splitlab binary not found at '{path}'; build it with "
                      f"'cd {REPO_ROOT} && bazel build -c opt //:splitlab' or pass --splitlab PATH",
                      2)
    real = os.path.realpath(path)
    if any(mark in real for mark in ("-dbg", "-fastbuild", "asan", "tsan")):
        progress(f"warning: {real} looks like a debug or sanitizer build (bazel-bin follows the "
                 f"last build's configuration); measure an optimised one: "
                 f"'bazel build -c opt //:splitlab', or pass --splitlab PATH")
    return real


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
    start = time.perf_counter()
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"splitlab bench did not finish within {timeout} s: {' '.join(command)}")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise Failure(f"splitlab bench failed with status {result.returncode}: "
                      f"{result.stderr.decode(errors='replace').strip()}")
    totals = {}
    for line in result.stdout.decode(errors="replace").splitlines():
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


def geometric_mean(values):
    values = [v for v in values if v > 0 and math.isfinite(v)]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def write_json(path, document):
    with open(path + ".tmp", "w") as out:
        json.dump(document, out, indent=2)
        out.write("\n")
    os.replace(path + ".tmp", path)  # a reader never sees a half-written file


CSV_FIELDS = ["position", "repeat", "engine", "go", "depth", "nodes", "time_s", "nps", "cpu_s",
              "cpu_nps", "wall_s", "wall_nps", "bestmove", "fen"]


def csv_line(row):
    def field(value):
        text = "" if value is None else str(value)
        if any(c in text for c in ',"\n'):
            text = '"' + text.replace('"', '""') + '"'
        return text
    return ",".join(field(row.get(name)) for name in CSV_FIELDS) + "\n"


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Single-thread NPS of Splitlab against Glaurung 2.2 over UCI on the bench "
                    "positions, in one run. ratio = splitlab_nps / glaurung_nps (>= 1.0: target "
                    "met).")
    parser.add_argument("--splitlab", help="the splitlab binary (default: bazel-bin/splitlab of "
                                           "the repository that holds this script)")
    parser.add_argument("--glaurung", help="the glaurung binary (default: /usr/games/glaurung, "
                                           "else 'glaurung' on PATH)")
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
    parser.add_argument("--csv", metavar="PATH",
                        help="write one row per search (as it goes)")
    parser.add_argument("--json", metavar="PATH", help="write the results as JSON (as it goes)")
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


def run(args):
    splitlab_real = find_splitlab(args.splitlab)
    glaurung_path = find_glaurung(args.glaurung)
    positions = read_positions(args.positions, args.limit)
    go = go_commands(args)
    load_start = os.getloadavg()

    with tempfile.TemporaryDirectory(prefix="nps_vs_glaurung.") as directory:
        splitlab, digest = snapshot(splitlab_real, directory)
        engines = start_engines(splitlab, glaurung_path, args)
        try:
            meta = {
                "splitlab": splitlab_real,
                "splitlab_sha256": digest,
                "glaurung": glaurung_path,
                "glaurung_id": engines["glaurung"].name,
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
            progress(f"splitlab: {splitlab_real} (copied for the run; sha256 {digest[:12]})")
            progress(f"glaurung: {glaurung_path} ({engines['glaurung'].name})")
            progress(f"{len(positions)} positions from {args.positions}, go {go['splitlab']} "
                     f"(splitlab) / go {go['glaurung']} (glaurung), Hash {args.hash} MB, 1 thread, "
                     f"{args.repeats} repeat(s); load average {load_start[0]:.2f} on "
                     f"{os.cpu_count()} CPUs")
            csv = None
            if args.csv:
                csv = open(args.csv, "w")
                csv.write(",".join(CSV_FIELDS) + "\n")
                csv.flush()
            searches = {engine: {name: [] for name, _ in positions} for engine in ENGINES}
            bench_runs = []
            document = {"meta": meta, "searches": [], "bench": bench_runs}
            total_searches = args.repeats * len(positions) * 2
            done = 0
            run_start = time.perf_counter()
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
                        if csv:
                            csv.write(csv_line(row))
                            csv.flush()
                        done += 1
                    if args.json:
                        write_json(args.json, document)
                    sl, gl = (searches[e][name][-1] for e in ENGINES)
                    elapsed = time.perf_counter() - run_start
                    eta = elapsed * (total_searches - done) / done
                    progress(f"[{repeat + 1}/{args.repeats} {index + 1}/{len(positions)}] {name}: "
                             f"splitlab d{sl['depth']} {rate(sl['nodes'], sl['time_s']) / 1e3:.0f}"
                             f" kN/s, glaurung d{gl['depth']} "
                             f"{rate(gl['nodes'], gl['time_s']) / 1e3:.0f} kN/s; "
                             f"ETA {format_seconds(eta)}")
                if args.bench_depth:
                    progress(f"splitlab bench --depth {args.bench_depth} (repeat {repeat + 1})...")
                    bench = run_splitlab_bench(splitlab, args.bench_depth, args.positions,
                                               args.timeout * len(positions))
                    bench_runs.append(bench)
                    progress(f"  {bench['nodes']} nodes, {bench['time_s']:.2f} s, "
                             f"{bench['nps'] / 1e3:.0f} kN/s (process CPU {bench['cpu_s']:.2f} s)")
                    if args.json:
                        write_json(args.json, document)
            if csv:
                csv.close()
        finally:
            for engine in engines.values():
                engine.close()

    rows = []
    for name, fen in positions:
        row = {"position": name, "fen": fen}
        for engine in ENGINES:
            summary = summarise(searches[engine][name], engine)
            for key in ("nodes", "time_s", "nps", "cpu_share", "mean_depth"):
                row[f"{engine}_{key}"] = summary[key]
        row["ratio"] = ratio(row["splitlab_nps"], row["glaurung_nps"])
        rows.append(row)
    totals = {engine: summarise([r for results in searches[engine].values() for r in results],
                                engine) for engine in ENGINES}
    verdict = {
        "ratio": ratio(totals["splitlab"]["nps"], totals["glaurung"]["nps"]),
        "cpu_ratio": ratio(totals["splitlab"]["cpu_nps"], totals["glaurung"]["cpu_nps"]),
        "wall_ratio": ratio(totals["splitlab"]["wall_nps"], totals["glaurung"]["wall_nps"]),
        "geomean_position_ratio": round(geometric_mean([r["ratio"] or 0 for r in rows]), 4),
    }
    bench_summary = None
    if bench_runs:
        nodes = sum(b["nodes"] for b in bench_runs)
        time_s = sum(b["time_s"] for b in bench_runs)
        cpu_s = sum(b["cpu_s"] for b in bench_runs)
        bench_summary = {"depth": args.bench_depth, "runs": len(bench_runs), "nodes": nodes,
                         "time_s": round(time_s, 3), "nps": round(rate(nodes, time_s)),
                         "cpu_s": round(cpu_s, 3), "cpu_nps": round(rate(nodes, cpu_s)),
                         "ratio": ratio(rate(nodes, time_s), totals["glaurung"]["nps"]),
                         "cpu_ratio": ratio(rate(nodes, cpu_s), totals["glaurung"]["cpu_nps"])}
    verdict["target_met"] = verdict["ratio"] is not None and verdict["ratio"] >= 1.0
    meta["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    document.update({"positions": rows, "totals": totals, "bench_summary": bench_summary,
                     "verdict": verdict})
    print_report(meta, rows, totals, bench_summary, verdict)
    if args.json:
        write_json(args.json, document)
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
    args = parse_args(argv)
    try:
        return run(args)
    except Failure as failure:
        print(f"nps_vs_glaurung: error: {failure}", file=sys.stderr)
        return failure.status
    except KeyboardInterrupt:
        print("nps_vs_glaurung: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
