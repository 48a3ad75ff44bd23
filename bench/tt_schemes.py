#!/usr/bin/env python3
"""What the transposition table's entry schemes cost (issue 11, item 2).

Two parts, both on by default:

  1. Microbenchmarks (--microbench): runs hashing/tt_benchmark (Google Benchmark) with
     --benchmark_format=json, and tabulates for each operation (probe, store, probe+store, and
     ps+prefetch: probe+store with the next key prefetched one iteration ahead, as a search
     with the tt-prefetch feature prefetches the child's bucket when it makes a move),
     scheme (xor, bracket, locked, raw), table size (256KiB, in cache; 1GiB) and thread count
     (1, 2) the time of one operation per thread (threads / items per second; the median over
     --repetitions), the scheme's throughput against raw's, and its time against the memory
     baseline measured by the same binary in the same run (BM_MemoryBaselineRandomLineRmw: one
     independent random 64-byte line read and written per iteration, the physical limit of the
     table's access pattern). BM_MemoryLatencyDependentLineRmw (the same accesses, each waiting
     for the one before) is shown beside it and not judged. Judged on the 1GiB table, at each
     thread count, for probe+store:
       raw target       xor and bracket: throughput >= 0.97 x raw's (raw time / scheme time)
       baseline target  every scheme: time <= 1.2 x the memory baseline's
     The in-cache rows show what the schemes' own instructions cost; they are not judged.
  2. Searches (--search): `splitlab bench --depth N --tt-entry S --threads T --strategy ybwc`
     for each scheme S and thread count T, recording nodes to depth, nodes per second, time,
     and the torn entries the search used: the "torn accepted" count of bench's Table line
     (hits on any thread whose data word's audit tag says it was stored for another key,
     hashing/tt_entry.h; it catches 1 - 2^-9 of them). Only raw can accept a torn entry.

Results in --out (default experiments/tt-entry-schemes/results), written as they come:
  tt_benchmark.json  Google Benchmark's JSON output, as the binary wrote it
  microbench.csv     one row per operation, scheme, size and thread count
  search.csv         one row per bench run
  results.json       both, the targets' verdicts, the command line, the machine
  summary.txt        the tables printed at the end
Progress goes to stderr. Exit status: 0 when every judged target passed, 1 when one failed or a
run failed, 2 for a missing binary or bad arguments.

Python 3 standard library only. Example (build first, on an otherwise idle machine):
  bazel build -c opt //:splitlab //hashing:tt_benchmark
  bench/tt_schemes.py --repetitions 3 --depth 12
"""

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys

# benchlib.py sits beside this script; said explicitly so that python3 -I or -m finds it too.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import benchlib  # noqa: E402
from benchlib import Failure, progress  # noqa: E402

SCHEMES = ["xor", "bracket", "locked", "raw"]
SIZES = ["256KiB", "1GiB"]  # the order of hashing/tt_benchmark.cc's sizes
JUDGED_SIZE = "1GiB"
JUDGED_OPERATION = "probe+store"
RAW_TARGET_SCHEMES = ["xor", "bracket"]
RAW_TARGET_MIN_THROUGHPUT = 0.97  # x raw's throughput
BASELINE_TARGET_MAX_TIME = 1.2  # x the memory baseline's time

# Benchmark families of hashing/tt_benchmark.cc, by the operation they measure.
# "ps+prefetch" is probe+store with the next key's bucket prefetched one iteration ahead, as a
# search with the tt-prefetch feature does at each move: shown beside probe+store, not judged.
TABLE_FAMILIES = {"BM_Probe": "probe", "BM_Store": "store", "BM_ProbeStore": "probe+store",
                  "BM_ProbeStorePrefetched": "ps+prefetch"}
MEMORY_FAMILIES = {"BM_MemoryBaselineRandomLineRmw": "baseline",
                   "BM_MemoryLatencyDependentLineRmw": "latency"}
OPERATIONS = ["baseline", "latency", "probe", "store", "probe+store", "ps+prefetch"]
DEFAULT_FILTER = "^BM_(Probe|Store|ProbeStore|ProbeStorePrefetched|MemoryBaselineRandomLineRmw|" \
                 "MemoryLatencyDependentLineRmw)/"
AGGREGATE_SUFFIXES = ("_mean", "_median", "_stddev", "_cv")

MICRO_FIELDS = ["operation", "scheme", "size", "threads", "ns_per_op_per_thread",
                "total_mops_per_s", "repetitions", "hit_rate", "torn_accepted", "huge_pages",
                "throughput_vs_raw", "time_vs_baseline", "time_vs_latency", "raw_target",
                "baseline_target"]
SEARCH_FIELDS = ["scheme", "threads", "repeat", "depth", "nodes", "nps", "time_ms",
                 "main_thread_probes", "hits_all_threads", "torn_accepted",
                 "torn_per_million_hits", "wall_s"]

TABLE_LINE = re.compile(r"^Table: (\d+) probes, [0-9.]+% hits, \d+ cutoffs, \d+ stores, "
                        r"\d+ replacements; all threads: (\d+) hits, (\d+) torn accepted$")
NODES_LINE = re.compile(r"^Nodes searched: (\d+)$")
NPS_LINE = re.compile(r"^Nodes/second: (\d+)$")
TIME_LINE = re.compile(r"^Total time \(ms\) : (\d+)$")


# ---- Microbenchmarks ------------------------------------------------------------------------

def parse_benchmark_name(name):
    """(operation, scheme, size) of a tt_benchmark name, or None for other benchmarks.

    BM_ProbeStore/xor/1GiB/real_time/threads:2 -> ("probe+store", "xor", "1GiB");
    BM_MemoryBaselineRandomLineRmw/1GiB/...    -> ("baseline", "memory", "1GiB")."""
    parts = name.split("/")
    if parts[0] in TABLE_FAMILIES and len(parts) >= 3:
        return TABLE_FAMILIES[parts[0]], parts[1], parts[2]
    if parts[0] in MEMORY_FAMILIES and len(parts) >= 2:
        return MEMORY_FAMILIES[parts[0]], "memory", parts[1]
    return None


def collect_runs(document):
    """{(operation, scheme, size, threads): [run, ...]} of a Google Benchmark JSON document's
    repetitions (aggregate rows left out). Fails on a benchmark that reported an error."""
    runs = {}
    for run in document.get("benchmarks", []):
        if run.get("run_type", "iteration") != "iteration":
            continue
        if run.get("error_occurred"):
            raise Failure(f"{run['name']}: {run.get('error_message', 'error')}")
        parsed = parse_benchmark_name(run["name"])
        if parsed is None or "items_per_second" not in run:
            continue
        key = parsed + (int(run.get("threads", 1)),)
        runs.setdefault(key, []).append(run)
    return runs


def ns_per_op_per_thread(run):
    """Google Benchmark's times at 2 threads are wall time over both threads' iterations; per
    thread, an operation takes `threads` times that: threads / (items per second)."""
    return int(run.get("threads", 1)) * 1e9 / run["items_per_second"]


def summarize_micro(runs):
    """One row (a dict of MICRO_FIELDS) per measured (operation, scheme, size, threads), with the
    ratios to raw and to the memory references of the same size and threads, and the verdicts."""
    rows = {}
    for (operation, scheme, size, threads), repetitions in runs.items():
        ns = statistics.median(ns_per_op_per_thread(run) for run in repetitions)
        row = {"operation": operation, "scheme": scheme, "size": size, "threads": threads,
               "ns_per_op_per_thread": ns, "total_mops_per_s": threads * 1e3 / ns,
               "repetitions": len(repetitions)}
        if "hit_rate" in repetitions[0]:
            row["hit_rate"] = statistics.median(run["hit_rate"] for run in repetitions)
        if "huge_pages" in repetitions[0]:
            # The share of the block mapped with huge pages (hashing/tt_benchmark.cc): the lowest
            # over the repetitions, since one with small pages is what slows a row down.
            row["huge_pages"] = min(run["huge_pages"] for run in repetitions)
        if "torn_accepted" in repetitions[0]:
            row["torn_accepted"] = int(sum(run["torn_accepted"] for run in repetitions))
        rows[(operation, scheme, size, threads)] = row

    for (operation, scheme, size, threads), row in rows.items():
        if scheme == "memory":
            continue
        ns = row["ns_per_op_per_thread"]
        raw = rows.get((operation, "raw", size, threads))
        baseline = rows.get(("baseline", "memory", size, threads))
        latency = rows.get(("latency", "memory", size, threads))
        if raw:
            row["throughput_vs_raw"] = raw["ns_per_op_per_thread"] / ns
        if baseline:
            row["time_vs_baseline"] = ns / baseline["ns_per_op_per_thread"]
        if latency:
            row["time_vs_latency"] = ns / latency["ns_per_op_per_thread"]
        if operation == JUDGED_OPERATION and size == JUDGED_SIZE:
            if scheme in RAW_TARGET_SCHEMES:
                row["raw_target"] = verdict(row.get("throughput_vs_raw"),
                                            lambda r: r >= RAW_TARGET_MIN_THROUGHPUT)
            row["baseline_target"] = verdict(row.get("time_vs_baseline"),
                                             lambda r: r <= BASELINE_TARGET_MAX_TIME)
    return [rows[key] for key in sorted(rows, key=micro_order)]


def verdict(ratio, passes):
    if ratio is None:
        return "MISSING"  # its reference was not measured
    return "PASS" if passes(ratio) else "FAIL"


def micro_order(key):
    operation, scheme, size, threads = key
    return (SIZES.index(size) if size in SIZES else len(SIZES), size, threads,
            OPERATIONS.index(operation) if operation in OPERATIONS else len(OPERATIONS),
            SCHEMES.index(scheme) if scheme in SCHEMES else -1)


def expected_targets(threads_list):
    """The judged (scheme, threads) pairs: a missing row is a failure, not a pass."""
    judged = []
    for threads in threads_list:
        for scheme in SCHEMES:
            judged.append((scheme, threads))
    return judged


def judge(rows, threads_list):
    """[(description, verdict)] for every judged target, MISSING where a row is absent."""
    by_key = {(r["operation"], r["scheme"], r["size"], r["threads"]): r for r in rows}
    verdicts = []
    for scheme, threads in expected_targets(threads_list):
        row = by_key.get((JUDGED_OPERATION, scheme, JUDGED_SIZE, threads), {})
        where = f"{scheme} {JUDGED_OPERATION} {JUDGED_SIZE} {threads} thread(s)"
        if scheme in RAW_TARGET_SCHEMES:
            verdicts.append((f"{where}: throughput >= {RAW_TARGET_MIN_THROUGHPUT} x raw",
                             row.get("raw_target", "MISSING")))
        verdicts.append((f"{where}: time <= {BASELINE_TARGET_MAX_TIME} x memory baseline",
                         row.get("baseline_target", "MISSING")))
    return verdicts


def format_micro_table(rows):
    header = (f"{'size':<7} {'thr':>3} {'operation':<12} {'scheme':<8} {'ns/op/thr':>10} "
              f"{'Mops/s':>8} {'hits':>5} {'torn':>5} {'vs raw':>7} {'x base':>7} "
              f"{'x lat':>6} {'huge':>5}  targets")
    lines = [header, "-" * len(header)]
    previous = None
    for r in rows:
        group = (r["size"], r["threads"])
        if previous is not None and group != previous:
            lines.append("")
        previous = group
        targets = " ".join(f"{name}:{r[field]}" for name, field in
                           (("raw", "raw_target"), ("base", "baseline_target")) if r.get(field))
        lines.append(
            f"{r['size']:<7} {r['threads']:>3} {r['operation']:<12} {r['scheme']:<8} "
            f"{r['ns_per_op_per_thread']:>10.2f} {r['total_mops_per_s']:>8.2f} "
            f"{fmt(r.get('hit_rate'), '{:.2f}'):>5} {fmt(r.get('torn_accepted'), '{}'):>5} "
            f"{fmt(r.get('throughput_vs_raw'), '{:.3f}'):>7} "
            f"{fmt(r.get('time_vs_baseline'), '{:.2f}'):>7} "
            f"{fmt(r.get('time_vs_latency'), '{:.2f}'):>6} "
            f"{fmt(r.get('huge_pages'), '{:.2f}'):>5}  {targets}".rstrip())
    return "\n".join(lines)


def fmt(value, pattern):
    return "-" if value is None else pattern.format(value)


def count_benchmarks(binary, args):
    """How many benchmark runs the filter selects (for the ETA)."""
    listing = subprocess.run([binary, f"--benchmark_filter={args.filter}",
                              "--benchmark_list_tests=true"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if listing.returncode != 0:
        raise Failure(f"{binary} --benchmark_list_tests failed (status {listing.returncode})")
    return len(listing.stdout.split()) * args.repetitions


def run_microbenchmarks(args, out_dir):
    binary = benchmark_binary(args.benchmark)
    total = count_benchmarks(binary, args)
    if total == 0:
        raise Failure(f"the filter '{args.filter}' selects no benchmark of {binary}", 2)
    command = [binary, "--benchmark_format=json", f"--benchmark_filter={args.filter}",
               f"--benchmark_min_time={args.min_time}",
               f"--benchmark_repetitions={args.repetitions}"]
    progress(f"microbenchmarks: {total} runs of {binary} (the 1 GiB tables take a few seconds "
             f"each to fill)")
    eta = benchlib.Eta(total)
    lines = []
    done = 0
    # The JSON reporter writes each run as it ends: its "name" lines give the progress.
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as child:
        for line in child.stdout:
            lines.append(line)
            match = re.match(r'\s*"name": "([^"]+)"', line)
            if match and not match.group(1).endswith(AGGREGATE_SUFFIXES):
                done += 1
                progress(f"  [{done}/{total}] {match.group(1)}  {eta.text(done)}")
        status = child.wait()
    text = "".join(lines)
    with open(os.path.join(out_dir, "tt_benchmark.json"), "w") as out:
        out.write(text)
    if status != 0:
        raise Failure(f"{binary} failed with status {status}")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise Failure(f"cannot read the JSON output of {binary}: {error}")
    return document, summarize_micro(collect_runs(document))


def benchmark_binary(requested):
    path = requested or os.path.join(benchlib.REPO_ROOT, "bazel-bin", "hashing", "tt_benchmark")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise Failure(f"benchmark binary not found at '{path}'; build it with 'cd "
                      f"{benchlib.REPO_ROOT} && bazel build -c opt //hashing:tt_benchmark' or "
                      f"pass --benchmark PATH", 2)
    return os.path.realpath(path)


# ---- Searches -------------------------------------------------------------------------------

def parse_bench_output(text):
    """{nodes, nps, time_ms, main_thread_probes, hits_all_threads, torn_accepted} of the output
    of `splitlab bench`. Fails when a line is missing (a binary older than the audit)."""
    values = {}
    for line in text.splitlines():
        line = line.strip()
        for pattern, names in ((NODES_LINE, ["nodes"]), (NPS_LINE, ["nps"]),
                               (TIME_LINE, ["time_ms"]),
                               (TABLE_LINE, ["main_thread_probes", "hits_all_threads",
                                             "torn_accepted"])):
            match = pattern.match(line)
            if match:
                values.update(zip(names, (int(g) for g in match.groups())))
    missing = [name for name in ("nodes", "nps", "time_ms", "torn_accepted") if name not in values]
    if missing:
        raise Failure(f"splitlab bench printed no {', '.join(missing)} (a build from before the "
                      f"torn-entry audit? rebuild //:splitlab)")
    hits = values["hits_all_threads"]
    values["torn_per_million_hits"] = 1e6 * values["torn_accepted"] / hits if hits else 0.0
    return values


def run_searches(args, out_dir, document_update):
    binary = benchlib.find_splitlab(args.splitlab)
    configurations = [(scheme, threads, repeat) for repeat in range(1, args.search_repeats + 1)
                      for threads in args.threads for scheme in args.schemes]
    output = benchlib.Output(os.path.join(out_dir, "search.csv"), None, SEARCH_FIELDS)
    rows = []
    eta = benchlib.Eta(len(configurations))
    try:
        for done, (scheme, threads, repeat) in enumerate(configurations):
            command = [binary, "bench", "--depth", str(args.depth), "--tt-entry", scheme,
                       "--threads", str(threads), "--strategy", "ybwc"]
            if args.hash:
                command += ["--hash", str(args.hash)]
            progress(f"search [{done + 1}/{len(configurations)}] {' '.join(command[1:])}  "
                     f"{eta.text(done)}")
            text, seconds = benchlib.run_to_end(command, args.timeout)
            row = {"scheme": scheme, "threads": threads, "repeat": repeat, "depth": args.depth,
                   "wall_s": round(seconds, 3)}
            row.update(parse_bench_output(text))
            rows.append(row)
            output.row(row)
            document_update(rows)
    finally:
        output.close()
    return rows


def summarize_searches(rows):
    """Per scheme and thread count: median NPS and nodes, and the torn entries over all runs."""
    groups = {}
    for row in rows:
        groups.setdefault((row["scheme"], row["threads"]), []).append(row)
    summary = []
    for (scheme, threads), runs in sorted(groups.items(), key=lambda item: (
            item[0][1], SCHEMES.index(item[0][0]) if item[0][0] in SCHEMES else -1)):
        hits = sum(r["hits_all_threads"] for r in runs)
        torn = sum(r["torn_accepted"] for r in runs)
        summary.append({"scheme": scheme, "threads": threads, "runs": len(runs),
                        "median_nodes": statistics.median(r["nodes"] for r in runs),
                        "median_nps": statistics.median(r["nps"] for r in runs),
                        "hits_all_threads": hits, "torn_accepted": torn,
                        "torn_per_million_hits": 1e6 * torn / hits if hits else 0.0})
    return summary


def format_search_table(summary):
    header = (f"{'scheme':<8} {'thr':>3} {'runs':>4} {'nodes':>12} {'NPS':>10} {'hits':>12} "
              f"{'torn':>6} {'torn/1e6 hits':>13}")
    lines = [header, "-" * len(header)]
    for s in summary:
        lines.append(f"{s['scheme']:<8} {s['threads']:>3} {s['runs']:>4} "
                     f"{s['median_nodes']:>12.0f} {s['median_nps']:>10.0f} "
                     f"{s['hits_all_threads']:>12} {s['torn_accepted']:>6} "
                     f"{s['torn_per_million_hits']:>13.3f}")
    return "\n".join(lines)


# ---- The run --------------------------------------------------------------------------------

def comma_list(text, allowed=None, convert=str):
    values = [convert(v) for v in text.split(",") if v]
    if allowed is not None:
        unknown = [v for v in values if v not in allowed]
        if unknown:
            raise argparse.ArgumentTypeError(f"unknown {', '.join(map(str, unknown))} "
                                             f"(expected {', '.join(allowed)})")
    if not values:
        raise argparse.ArgumentTypeError("empty list")
    return values


def positive_int(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text}")
    return value


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="See the module docstring (head -40 bench/tt_schemes.py) for what is measured.")
    parser.add_argument("--out", default=os.path.join(benchlib.REPO_ROOT, "experiments",
                                                      "tt-entry-schemes", "results"),
                        help="folder for the results (default: %(default)s)")
    parser.add_argument("--microbench", action=argparse.BooleanOptionalAction, default=True,
                        help="run hashing/tt_benchmark")
    parser.add_argument("--benchmark", help="the tt_benchmark binary (default: "
                                            "bazel-bin/hashing/tt_benchmark)")
    parser.add_argument("--min-time", type=float, default=0.5,
                        help="--benchmark_min_time in seconds per run (default: %(default)s)")
    parser.add_argument("--repetitions", type=positive_int, default=1,
                        help="--benchmark_repetitions; rows take the median (default: 1)")
    parser.add_argument("--filter", default=DEFAULT_FILTER,
                        help="--benchmark_filter (default: every benchmark but BM_Clear)")
    parser.add_argument("--search", action=argparse.BooleanOptionalAction, default=True,
                        help="run `splitlab bench` for each scheme and thread count")
    benchlib.add_binary_arguments(parser)
    parser.add_argument("--depth", type=positive_int, default=10,
                        help="bench depth (default: %(default)s, bench's own default)")
    parser.add_argument("--threads", type=lambda t: comma_list(t, convert=positive_int),
                        default=[1, 2], help="thread counts of the searches (default: 1,2)")
    parser.add_argument("--schemes", type=lambda t: comma_list(t, SCHEMES), default=SCHEMES,
                        help="schemes of the searches (default: xor,bracket,locked,raw)")
    parser.add_argument("--search-repeats", type=positive_int, default=1,
                        help="runs of each search configuration (default: 1)")
    parser.add_argument("--hash", type=positive_int,
                        help="bench's --hash in MB (default: bench's own, 16)")
    parser.add_argument("--timeout", type=positive_int, default=3600,
                        help="seconds allowed for one bench run (default: %(default)s)")
    return parser.parse_args(argv)


def run(args):
    if not args.microbench and not args.search:
        raise Failure("nothing to do: both --no-microbench and --no-search", 2)
    os.makedirs(args.out, exist_ok=True)
    document = {
        "command": sys.argv,
        "started": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": {"node": platform.node(), "processor": platform.processor(),
                    "cpus": os.cpu_count(), "platform": platform.platform()},
        "targets": {"judged_operation": JUDGED_OPERATION, "judged_size": JUDGED_SIZE,
                    "raw_target": f"{'/'.join(RAW_TARGET_SCHEMES)} throughput >= "
                                  f"{RAW_TARGET_MIN_THROUGHPUT} x raw",
                    "baseline_target": f"every scheme's time <= {BASELINE_TARGET_MAX_TIME} x "
                                       f"BM_MemoryBaselineRandomLineRmw"},
    }
    json_path = os.path.join(args.out, "results.json")
    summary_text = []
    failed = False

    if args.microbench:
        benchmark_document, micro_rows = run_microbenchmarks(args, args.out)
        output = benchlib.Output(os.path.join(args.out, "microbench.csv"), None, MICRO_FIELDS)
        for row in micro_rows:
            output.row({k: round(v, 4) if isinstance(v, float) else v for k, v in row.items()})
        output.close()
        verdicts = judge(micro_rows, sorted({r["threads"] for r in micro_rows} or {1, 2}))
        failed = any(v != "PASS" for _, v in verdicts)
        document["benchmark_context"] = benchmark_document.get("context", {})
        document["microbench"] = micro_rows
        document["verdicts"] = [{"target": t, "verdict": v} for t, v in verdicts]
        benchlib.write_json(json_path, document)
        summary_text += ["Microbenchmarks (hashing/tt_benchmark): ns per operation per thread; "
                         "'vs raw' = raw time / scheme time (throughput against raw), 'x base' "
                         "and 'x lat' = time / the memory baseline's and the dependent-latency "
                         "reference's, same size and threads; 'torn' = torn entries accepted; 'huge' = "
                         "the share of the block mapped with huge pages (lowest repetition).",
                         format_micro_table(micro_rows), "",
                         "Targets (probe+store, 1GiB table):"]
        summary_text += [f"  {v:<7} {t}" for t, v in verdicts] + [""]
        print("\n".join(summary_text), flush=True)

    if args.search:
        def update(rows):
            document["search"] = rows
            benchlib.write_json(json_path, document)

        rows = run_searches(args, args.out, update)
        summary = summarize_searches(rows)
        document["search_summary"] = summary
        benchlib.write_json(json_path, document)
        table = [f"Searches (splitlab bench --depth {args.depth} --strategy ybwc): medians over "
                 f"runs; torn = entries accepted by any thread whose data was stored for another "
                 f"key (raw only; 1 - 2^-9 of them are caught).", format_search_table(summary), ""]
        print("\n".join(table), flush=True)
        summary_text += table

    document["finished"] = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    benchlib.write_json(json_path, document)
    with open(os.path.join(args.out, "summary.txt"), "w") as out:
        out.write("\n".join(summary_text) + "\n")
    progress(f"results in {args.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(benchlib.main("tt_schemes.py", parse_args, run, sys.argv[1:]))
