#!/usr/bin/env python3
"""Two Splitlab builds side by side, in one run: time-to-depth speedup, NPS ratio, search overhead,
failed split attempts and idle time of each split strategy at each thread count.

For judging a change to the parallel core against the build before it (the "before" binary is a
copy of the old build, e.g. `cp bazel-bin/splitlab /tmp/before` before rebuilding). Both builds
are driven the same way over UCI, each kept open over a pipe:

  * Options: Hash (default 64 MB), TTEntry xor, TTReplace bucket (as `splitlab scale`), and for
    each configuration Threads and SplitStrategy (Threads 1 is the single-threaded search,
    SplitStrategy none: the baseline of every speedup).
  * For every repeat, position and configuration, each build searches once: `ucinewgame` (a
    fresh table and history), `position fen F`, `isready`, then `go depth D`; the builds take
    turns going first. Time is the wall time from writing `go` to reading `bestmove`; nodes are
    from the engine's final `info nodes N time T` line; splits, failed split attempts and idle
    share from its `info string thread ...` lines (idle averaged over the threads).
  * Per build and configuration (per position, the median over repeats): speedup = time at 1
    thread / time at N, geometric mean over positions with a 95% bootstrap interval; NPS ratio =
    (nodes / time) at N against 1 thread, summed over positions; overhead = nodes at N / nodes
    at 1, geometric mean; failed splits per 100 splits made; idle share.
  * After against before, paired by position: the ratio of their speedups (geometric mean, 95%
    bootstrap interval) and the ratio of their NPS ratios. Above 1: the "after" build is better.

With more threads than cores (this machine has 2) the speedups are not speedups; the failed-split
and idle figures still show how the threads behave. Results: runs.csv (one row per search, written
as it goes; a rerun with the same --out skips the searches already there), summary.csv,
summary.json and summary.txt (the table printed at the end), whose head names each build: its
version line, its commit in full and its binary's SHA-256.

One binary with two settings is compared the same way: --before and --after name the same
binary, and --before-options / --after-options give each side its own UCI options (for instance
`--after-options MinSplitDepth=3,SplitJoin=late`), set after the ones above.

Python 3 standard library only. Example:
  bench/compare_builds.py --before /tmp/before/splitlab --threads 1,2 --depth 13 --repeats 2
"""

import argparse
import csv
import hashlib
import math
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import benchlib  # noqa: E402
from benchlib import Failure, progress  # noqa: E402

DEFAULT_POSITIONS = os.path.join(benchlib.REPO_ROOT, "tests", "data", "middlegames.epd")
BUILDS = ["before", "after"]
RUN_FIELDS = ["build", "strategy", "threads", "repeat", "position", "depth", "wall_s", "nodes",
              "time_ms", "splits", "failed_splits", "idle_percent", "bestmove"]
THREAD_LINE = re.compile(r"info string thread \d+ nodes \d+ splits (\d+) .*?failed splits (\d+)"
                         r".*? idle ([0-9.]+)%")


class Engine(benchlib.UciEngine):
    ready_timeout = 300

    def __init__(self, label, path, hash_mb, timeout, options=()):
        super().__init__(label, [path], timeout, capture_stderr=True)
        self.set_option("Hash", hash_mb)
        self.set_option("TTEntry", "xor")
        self.set_option("TTReplace", "bucket")
        for name, value in options:
            if name.lower() not in self.options:
                raise Failure(f"{label} has no option '{name}' (it has "
                              f"{', '.join(sorted(self.options)) or 'none'})", 2)
            self.set_option(name, value)
        self.wait_ready()
        self.config = None

    def configure(self, strategy, threads):
        if self.config == (strategy, threads):
            return
        # The build's own registry: an older build may lack a strategy a newer one has.
        known = re.findall(r"\bvar (\S+)", self.options.get("splitstrategy", ""))
        if strategy not in known:
            raise Failure(f"{self.label} has no strategy '{strategy}' (it has "
                          f"{', '.join(known) or 'no SplitStrategy option'})")
        self.set_option("Threads", threads)
        self.set_option("SplitStrategy", strategy)
        self.wait_ready()
        self.config = (strategy, threads)

    def search(self, fen, depth):
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.wait_ready()
        start = time.perf_counter()
        self.send(f"go depth {depth}")
        deadline = start + self.timeout
        nodes = time_ms = reached = None
        splits = failed = 0
        idle = []
        while True:
            line = self.read_line(deadline)
            if line.startswith("bestmove"):
                wall = time.perf_counter() - start
                move = benchlib.bestmove(line)
                break
            if line.startswith("info string thread"):
                match = THREAD_LINE.search(line)
                if not match:
                    raise Failure(f"{self.label}: cannot read a thread line: {line}")
                splits += int(match.group(1))
                failed += int(match.group(2))
                idle.append(float(match.group(3)))
            elif line.startswith("info "):
                values = benchlib.uci_values(line, ("depth", "nodes", "time"))
                if "depth" in values and "score" in line.split():
                    reached = values["depth"]
                if "nodes" in values and "time" in values:
                    nodes, time_ms = values["nodes"], values["time"]
        if not move or move == "0000" or nodes is None:
            raise Failure(f"{self.label} answered '{line}' without a search on {fen}")
        if reached != depth:
            raise Failure(f"{self.label} reached depth {reached}, not {depth}, on {fen}")
        return {"wall_s": round(wall, 6), "nodes": nodes, "time_ms": time_ms, "splits": splits,
                "failed_splits": failed,
                "idle_percent": round(statistics.fmean(idle), 3) if idle else 0.0,
                "bestmove": move}


def read_positions(path, limit):
    positions = []
    try:
        lines = open(path).read().splitlines()
    except OSError as error:
        raise Failure(f"cannot read positions '{path}': {error}", 2)
    for number, line in enumerate(lines, 1):
        fields = line.split()
        if not fields or line.startswith("#"):
            continue
        if len(fields) < 4:
            raise Failure(f"{path}:{number}: not an EPD line: {line}", 2)
        match = re.search(r'\bid\s+"([^"]*)"', line)
        positions.append((match.group(1) if match else f"line{number}",
                          " ".join(fields[:4]) + " 0 1"))
    if not positions:
        raise Failure(f"no positions in '{path}'", 2)
    return positions[:limit] if limit else positions


def bootstrap_geomean(values, rng, resamples=2000):
    """Geometric mean of positive values and its 95% percentile bootstrap interval."""
    logs = [math.log(v) for v in values if v > 0]
    if not logs:
        return (float("nan"),) * 3
    exp = math.exp
    means = sorted(statistics.fmean(rng.choices(logs, k=len(logs))) for _ in range(resamples))
    return exp(statistics.fmean(logs)), exp(means[int(0.025 * resamples)]), \
        exp(means[int(0.975 * resamples) - 1])


def parse_list(text, convert, what):
    try:
        values = [convert(item) for item in text.split(",") if item]
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad {what} list '{text}'")
    if not values:
        raise argparse.ArgumentTypeError(f"empty {what} list")
    return values


def parse_options(text):
    """'Name=Value,Name=Value' -> [(name, value)]; names may hold spaces, values not commas."""
    options = []
    for item in (i for i in text.split(",") if i.strip()):
        name, equals, value = item.partition("=")
        if not equals or not name.strip():
            raise argparse.ArgumentTypeError(f"bad option '{item}': expected Name=Value")
        options.append((name.strip(), value.strip()))
    return options


def described(path, options):
    return path + "".join(f" {name}={value}" for name, value in options)


def build_identity(binary):
    """What the measured copy of a build is: its version line, its commit in full (with
    "+dirty" for a build of uncommitted changes) and its SHA-256, so that the results name the
    builds they compare (experiments/provenance.py traces a run by its commits)."""
    with open(binary, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    try:
        text = subprocess.run([binary, "version"], capture_output=True, text=True,
                              timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        text = ""
    named = re.search(r"^commit\s+([0-9a-f]{7,40})(?:\s+\((\w+)\))?", text, re.M)
    commit = "unknown"
    if named:
        commit = named.group(1) + ("+dirty" if named.group(2) == "dirty" else "")
    version = text.splitlines()[0] if text else "unknown (no version)"
    return {"commit": commit, "version": version, "sha256": digest}


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the splitlab binary before the change")
    parser.add_argument("--after", help="the splitlab binary after it (default: bazel-bin/splitlab)")
    parser.add_argument("--strategies", default="ybwc,dts",
                        type=lambda t: parse_list(t, str, "strategy"),
                        help="split strategies (default ybwc,dts)")
    parser.add_argument("--threads", default="1,2", type=lambda t: parse_list(t, int, "thread"),
                        help="thread counts; 1 is the single-threaded baseline (default 1,2)")
    parser.add_argument("--depth", type=int, default=13, help="search depth (default 13)")
    parser.add_argument("--repeats", type=int, default=2, help="repeats (default 2)")
    parser.add_argument("--hash", type=int, default=64, help="Hash in MB (default 64)")
    parser.add_argument("--positions", default=DEFAULT_POSITIONS,
                        help="EPD file (default: the 32 middlegames of bench and scale)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N positions")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per search")
    parser.add_argument("--out", required=True, help="output folder (resumes from runs.csv)")
    for build in BUILDS:
        parser.add_argument(f"--{build}-options", type=parse_options, default=[],
                            metavar="NAME=V,...",
                            help=f"UCI options of the '{build}' side, over the defaults above")
    args = parser.parse_args(argv)
    if any(t < 1 or t > 512 for t in args.threads):
        parser.error("thread counts are 1 to 512")
    if args.depth < 1 or args.repeats < 1:
        parser.error("--depth and --repeats must be at least 1")
    return args


def configurations(args):
    configs = [("none", 1)]
    configs += [(s, t) for t in args.threads if t > 1 for s in args.strategies]
    return configs


def summarise(runs, configs, seed=1):
    """Rows per (build, strategy, threads) and the after/before comparison."""
    rng = random.Random(seed)
    medians = {}  # (build, strategy, threads) -> {position: (time, nodes)}
    grouped = {}
    for r in runs:
        grouped.setdefault((r["build"], r["strategy"], int(r["threads"])), {}) \
            .setdefault(r["position"], []).append(r)
    for key, by_position in grouped.items():
        medians[key] = {p: (statistics.median(float(x["wall_s"]) for x in rs),
                            statistics.median(int(x["nodes"]) for x in rs))
                        for p, rs in by_position.items()}
    rows = []
    for build in BUILDS:
        base = medians.get((build, "none", 1), {})
        for strategy, threads in configs[1:]:
            mine = medians.get((build, strategy, threads), {})
            shared = sorted(set(mine) & set(base))
            if not shared:
                continue
            speedups = [base[p][0] / mine[p][0] for p in shared]
            overheads = [mine[p][1] / base[p][1] for p in shared]
            nps_n = sum(mine[p][1] for p in shared) / sum(mine[p][0] for p in shared)
            nps_1 = sum(base[p][1] for p in shared) / sum(base[p][0] for p in shared)
            these = [r for r in runs if r["build"] == build and r["strategy"] == strategy
                     and int(r["threads"]) == threads]
            splits = sum(int(r["splits"]) for r in these)
            failed = sum(int(r["failed_splits"]) for r in these)
            rows.append({
                "build": build, "strategy": strategy, "threads": threads, "positions": len(shared),
                "speedup": bootstrap_geomean(speedups, rng), "nps_ratio": nps_n / nps_1,
                "overhead": bootstrap_geomean(overheads, rng),
                "splits_per_search": splits / len(these),
                "failed_per_100_splits": 100.0 * failed / splits if splits else 0.0,
                "failed_per_search": failed / len(these),
                "idle_percent": statistics.fmean(float(r["idle_percent"]) for r in these),
                "_speedups": dict(zip(shared, speedups)), "_nps": (nps_n, nps_1)})
    comparisons = []
    for strategy, threads in configs[1:]:
        pair = {r["build"]: r for r in rows if r["strategy"] == strategy and r["threads"] == threads}
        if set(pair) != set(BUILDS):
            continue
        before, after = pair["before"], pair["after"]
        shared = sorted(set(before["_speedups"]) & set(after["_speedups"]))
        ratios = [after["_speedups"][p] / before["_speedups"][p] for p in shared]
        comparisons.append({"strategy": strategy, "threads": threads,
                            "speedup_ratio": bootstrap_geomean(ratios, rng),
                            "nps_ratio_ratio": after["nps_ratio"] / before["nps_ratio"]})
    return rows, comparisons


def format_report(rows, comparisons, meta):
    lines = [f"{meta['positions']} positions, depth {meta['depth']}, {meta['repeats']} repeats, "
             f"Hash {meta['hash']} MB; before {meta['before']}, after {meta['after']}"]
    for build, identity in meta.get("builds", {}).items():
        lines.append(f"{build}: {identity['version']}; commit: {identity['commit']}; "
                     f"sha256 {identity['sha256']}")
    lines.append("")
    lines.append(f"{'build':7} {'strategy':8} {'threads':>7} {'speedup (95% CI)':>22} "
                 f"{'NPS x':>6} {'overhead % (95% CI)':>22} {'splits':>8} {'failed/100':>10} "
                 f"{'idle':>7}")
    for r in rows:
        s, o = r["speedup"], r["overhead"]
        lines.append(f"{r['build']:7} {r['strategy']:8} {r['threads']:>7} "
                     f"{s[0]:>6.2f} [{s[1]:.2f}, {s[2]:.2f}] {r['nps_ratio']:>6.2f} "
                     f"{100 * (o[0] - 1):>6.1f} [{100 * (o[1] - 1):.1f}, {100 * (o[2] - 1):.1f}] "
                     f"{r['splits_per_search']:>8.0f} {r['failed_per_100_splits']:>10.2f} "
                     f"{r['idle_percent']:>6.1f}%")
    lines += ["", "after / before (paired by position; above 1: after is better)",
              f"{'strategy':8} {'threads':>7} {'speedup ratio (95% CI)':>26} {'NPS-ratio ratio':>16}"]
    for c in comparisons:
        s = c["speedup_ratio"]
        lines.append(f"{c['strategy']:8} {c['threads']:>7} {s[0]:>10.3f} [{s[1]:.3f}, {s[2]:.3f}] "
                     f"{c['nps_ratio_ratio']:>16.3f}")
    lines += ["", "speedup: time at 1 thread / at N (geometric mean over positions, medians of "
              "repeats); NPS x: nodes per second at N / at 1; overhead: nodes at N / at 1 - 1; "
              "failed/100: tries to split that booked nobody per 100 splits made; idle: mean of "
              "the threads' idle shares. More threads than cores: not speedups."]
    return "\n".join(lines) + "\n"


def write_summaries(out_dir, rows, comparisons, meta):
    """summary.txt (the table, also printed), summary.csv and summary.json."""
    report = format_report(rows, comparisons, meta)
    print(report, end="")
    with open(os.path.join(out_dir, "summary.txt"), "w") as text:
        text.write(report)
    public = [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]
    with open(os.path.join(out_dir, "summary.csv"), "w", newline="") as table:
        fields = ["build", "strategy", "threads", "positions", "speedup", "speedup_low",
                  "speedup_high", "nps_ratio", "overhead", "overhead_low", "overhead_high",
                  "splits_per_search", "failed_per_100_splits", "failed_per_search",
                  "idle_percent"]
        w = csv.DictWriter(table, fields)
        w.writeheader()
        for r in public:
            w.writerow({**{k: r[k] for k in fields if k in r and not isinstance(r[k], tuple)},
                        "speedup": r["speedup"][0], "speedup_low": r["speedup"][1],
                        "speedup_high": r["speedup"][2], "overhead": r["overhead"][0],
                        "overhead_low": r["overhead"][1], "overhead_high": r["overhead"][2]})
    benchlib.write_json(os.path.join(out_dir, "summary.json"),
                        {"meta": meta, "rows": public, "comparisons": comparisons})


def run(args):
    os.makedirs(args.out, exist_ok=True)
    positions = read_positions(args.positions, args.limit)
    configs = configurations(args)
    # Copies, so that a rebuild during the run cannot change what is measured.
    paths = {}
    for build, path in (("before", args.before), ("after", args.after)):
        source = benchlib.find_splitlab(path)
        copy = os.path.join(args.out, f"splitlab-{build}")
        if not os.path.exists(copy):
            shutil.copy2(source, copy)
        paths[build] = copy
    runs_path = os.path.join(args.out, "runs.csv")
    runs, done = [], set()
    if os.path.exists(runs_path):
        with open(runs_path) as existing:
            for row in csv.DictReader(existing):
                runs.append(row)
                done.add((row["build"], row["strategy"], row["threads"], row["repeat"],
                          row["position"]))
    fresh = not runs
    out = open(runs_path, "a", newline="")
    writer = csv.DictWriter(out, RUN_FIELDS)
    if fresh:
        writer.writeheader()
        out.flush()
    engines = {b: Engine(b, paths[b], args.hash, args.timeout, getattr(args, f"{b}_options"))
               for b in BUILDS}
    total = args.repeats * len(positions) * len(configs) * len(BUILDS)
    count, eta = 0, benchlib.Eta(total)
    try:
        for repeat in range(args.repeats):
            for index, (name, fen) in enumerate(positions):
                for strategy, threads in configs:
                    # Alternate which build goes first, position by position and repeat by repeat.
                    order = BUILDS if (index + repeat) % 2 == 0 else BUILDS[::-1]
                    for build in order:
                        count += 1
                        if (build, strategy, str(threads), str(repeat), name) in done:
                            continue
                        engine = engines[build]
                        engine.configure(strategy, threads)
                        result = engine.search(fen, args.depth)
                        row = {"build": build, "strategy": strategy, "threads": threads,
                               "repeat": repeat, "position": name, "depth": args.depth, **result}
                        writer.writerow(row)
                        out.flush()
                        runs.append({k: str(v) for k, v in row.items()})
                        progress(f"compare: {count}/{total} {build} {strategy} x{threads} {name} "
                                 f"{result['wall_s']:.2f} s, {eta.text(count)}")
    finally:
        out.close()
        for engine in engines.values():
            engine.close()
    rows, comparisons = summarise(runs, configs)
    meta = {"positions": len(positions), "depth": args.depth, "repeats": args.repeats,
            "hash": args.hash,
            "before": described(args.before, args.before_options),
            "after": described(args.after or "bazel-bin/splitlab", args.after_options),
            "builds": {b: build_identity(paths[b]) for b in BUILDS}}
    write_summaries(args.out, rows, comparisons, meta)
    return 0


def main(argv):
    return benchlib.main("compare_builds", parse_args, run, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
