#!/usr/bin/env python3
"""`scale` and `tt-study` over MPI ranks (issue 53, item 4), with the built binary under
`mpirun --oversubscribe` on this machine:
- scale, 1 process and 3 ranks (rank 0 hands out, 2 search): the same rows (engine, strategy,
  threads, repeat, position, depth asked), each naming its host and CPU model; the 1-thread
  searches, deterministic, with the same nodes and move; every position's searches on one rank;
- scale, a rank killed mid-run: the job ends, every row already written stays, the rerun adds
  the missing rows once, none twice;
- scale, rows of two CPU models: the report has a table per model, summary.csv a row per model
  and configuration;
- scale, a rank that cannot start an engine rank 0 started: the job ends with exit 2 and a
  message naming the rank, its host and the engine;
- tt-study, 1 process and 3 ranks: the same rows with the same nodes (the search is
  deterministic), each naming its machine.
usage: experiments_ranks_test.py SPLITLAB SUITE.epd GAMES.pgn TMPDIR"""
import csv
import os
import shutil
import signal
import subprocess
import sys
import time

# The shared helpers beside bench/ranks (a data file of this test).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench",
                                "ranks"))
from mpi_testing import mpi_env, rank_pids  # noqa: E402

BIN, SUITE, GAMES, TMP = [os.path.abspath(a) for a in sys.argv[1:5]]
failures = []
SANITIZED = any(name in os.environ for name in ("TSAN_OPTIONS", "ASAN_OPTIONS"))


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED: " + what, file=sys.stderr)
    return condition


def command(args, ranks):
    base = [BIN] + args
    if ranks:
        base = ["mpirun", "--oversubscribe", "--bind-to", "none", "-np", str(ranks)] + base
    return base


def run(args, ranks=None, timeout=240):
    p = subprocess.run(command(args, ranks), capture_output=True, text=True, timeout=timeout,
                       env=mpi_env())
    return p.returncode, p.stdout, p.stderr


def rows(path):
    """The data rows of a runs.csv or results.csv, as dicts."""
    try:
        with open(path) as f:
            lines = [l for l in f if not l.startswith("#")]
    except FileNotFoundError:
        return []
    return list(csv.DictReader(lines))


SCALE_KEY = ("engine", "strategy", "threads", "repeat", "position", "limit_depth")


def scale_args(out, depth, extra=()):
    return ["scale", "--strategies", "ybwc,lazy", "--threads", "1,2", "--depth", str(depth),
            "--suite", SUITE, "--references", "none", "--out", out] + list(extra)


def same_rows_as_one_process():
    depth = 4 if SANITIZED else 6
    one, three = os.path.join(TMP, "scale-one"), os.path.join(TMP, "scale-three")
    for d in (one, three):
        shutil.rmtree(d, ignore_errors=True)
    status, _, err = run(scale_args(one, depth))
    check(status == 0, "scale in one process: exit %d (%s)" % (status, err[-500:]))
    status, out, err = run(scale_args(three, depth), ranks=3)
    if not check(status == 0, "scale over 3 ranks: exit %d (%s)" % (status, err[-800:])):
        return
    check("over 2 searching rank(s)" in err, "rank 0 says how many ranks search: " + err[-300:])
    check("speedup" in out, "rank 0 prints the report once: " + out[-300:])
    a, b = rows(os.path.join(one, "runs.csv")), rows(os.path.join(three, "runs.csv"))
    keys = lambda rs: sorted(tuple(r[k] for k in SCALE_KEY) for r in rs)
    check(len(a) > 0 and keys(a) == keys(b),
          "the same rows from 1 process (%d) and 3 ranks (%d)" % (len(a), len(b)))
    host = os.uname().nodename
    check(all(r["host"] == host and r["cpu_model"] for r in a + b),
          "every row names its host and CPU model")
    one_thread = lambda rs: {r["position"]: (r["nodes"], r["bestmove"]) for r in rs
                             if r["threads"] == "1"}
    check(one_thread(a) == one_thread(b),
          "the 1-thread searches are the same: %s vs %s" % (one_thread(a), one_thread(b)))
    for name in ("summary.csv", "summary.json", "summary.txt"):
        check(os.path.exists(os.path.join(three, name)), "rank 0 wrote " + name)


def killed_rank_resumes():
    # Deep enough that the run lasts seconds, so that a rank dies with work left.
    depth = 6 if SANITIZED else 9
    out = os.path.join(TMP, "scale-killed")
    shutil.rmtree(out, ignore_errors=True)
    runs = os.path.join(out, "runs.csv")
    proc = subprocess.Popen(command(scale_args(out, depth, ["--repeats", "3"]), 3),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=mpi_env())
    deadline = time.time() + 120
    while time.time() < deadline and len(rows(runs)) < 3 and proc.poll() is None:
        time.sleep(0.05)
    ranks = rank_pids(proc.pid)
    if not check(proc.poll() is None and sorted(ranks) == [0, 1, 2],
                 "the run is still going with 3 ranks after 3 rows (%s)" % ranks):
        proc.kill()
        proc.communicate()
        return
    os.kill(ranks[2], signal.SIGKILL)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        check(False, "the job ends when a rank is killed")
        return
    check(proc.returncode != 0, "a killed rank ends the job with a failure")
    kept = rows(runs)
    check(len(kept) >= 3, "the rows written before the kill are kept (%d)" % len(kept))
    status, _, err = run(scale_args(out, depth, ["--repeats", "3"]), ranks=3)
    check(status == 0, "the rerun completes: exit %d (%s)" % (status, err[-500:]))
    final = rows(runs)
    check(len(kept) < len(final), "the kill left searches for the rerun (%d of %d rows were kept)"
          % (len(kept), len(final)))
    keys = [tuple(r[k] for k in SCALE_KEY) for r in final]
    positions = sum(1 for l in open(SUITE) if l.strip() and not l.startswith("#"))
    expected = 3 * positions * 3  # Repeats x positions x (1 thread, and 2 strategies at 2).
    check(len(keys) == len(set(keys)) == expected,
          "after the resume every search once: %d rows, %d distinct, %d expected"
          % (len(keys), len(set(keys)), expected))
    check(all(tuple(r[k] for k in SCALE_KEY) in set(keys) for r in kept),
          "the rows from before the kill are still there")


def grouped_by_cpu_model():
    src, out = os.path.join(TMP, "scale-one"), os.path.join(TMP, "scale-models")
    if not os.path.exists(os.path.join(src, "runs.csv")):
        return
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with open(os.path.join(src, "runs.csv")) as f:
        lines = f.read().splitlines()
    header = [l for l in lines if l.startswith("engine,")][0].split(",")
    model = header.index("cpu_model")
    position = header.index("position")
    first = None
    with open(os.path.join(out, "runs.csv"), "w") as f:
        for line in lines:
            fields = line.split(",")
            if not line.startswith("#") and not line.startswith("engine,"):
                first = first or fields[position]
                # One position measured on one kind of machine, the rest on another.
                fields[model] = "Model A" if fields[position] == first else "Model B"
            f.write(",".join(fields) + "\n")
    depth = 4 if SANITIZED else 6
    status, stdout, err = run(scale_args(out, depth))
    check(status == 0, "a rerun over rows of two models: exit %d (%s)" % (status, err[-300:]))
    check("machine: Model A" in stdout and "machine: Model B" in stdout,
          "a table per CPU model: " + stdout[:600])
    summary = rows(os.path.join(out, "summary.csv"))
    check(sorted({r["cpu_model"] for r in summary}) == ["Model A", "Model B"],
          "summary.csv has each model's rows")


def failing_rank_names_itself():
    # An engine that starts on rank 0 only: the other ranks cannot run its configurations.
    wrapper = os.path.join(TMP, "rank0_only_engine.sh")
    with open(wrapper, "w") as f:
        f.write('#!/bin/sh\n[ "${OMPI_COMM_WORLD_RANK:-0}" = 0 ] || exit 1\nexec "%s"\n' % BIN)
    os.chmod(wrapper, 0o755)
    out = os.path.join(TMP, "scale-failing")
    shutil.rmtree(out, ignore_errors=True)
    status, _, err = run(["scale", "--strategies", "ybwc", "--threads", "1", "--depth", "3",
                          "--suite", SUITE, "--references", "none", "--engine",
                          "other=" + wrapper, "--out", out], ranks=2, timeout=120)
    check(status != 0, "a rank that cannot start an engine ends the job")
    check("rank 1" in err and "other" in err and os.uname().nodename in err,
          "the message names the rank, its host and the engine: " + err[-800:])


def tt_study_same_nodes():
    args = ["tt-study", "--games", GAMES, "--first-move", "12", "--positions-per-game", "3",
            "--max-games", "2", "--depth", "3", "--plain-depth", "2", "--min-log2", "8",
            "--max-log2", "9", "--policies", "deep,bucket"]
    one, three = os.path.join(TMP, "tt-one"), os.path.join(TMP, "tt-three")
    for d in (one, three):
        shutil.rmtree(d, ignore_errors=True)
    status, _, err = run(args + ["--out", one])
    check(status == 0, "tt-study in one process: exit %d (%s)" % (status, err[-300:]))
    status, _, err = run(args + ["--out", three], ranks=3)
    check(status == 0, "tt-study over 3 ranks: exit %d (%s)" % (status, err[-800:]))
    key = ("search", "table", "policy", "log2_entries", "depth", "positions", "nodes")
    a = sorted(tuple(r[k] for k in key) for r in rows(os.path.join(one, "results.csv")))
    b = sorted(tuple(r[k] for k in key) for r in rows(os.path.join(three, "results.csv")))
    check(len(a) == 16 and a == b, "the same 16 rows, the same nodes: %s vs %s" % (a, b))
    check(all(r["host"] == os.uname().nodename
              for r in rows(os.path.join(three, "results.csv"))), "each row names its host")
    check(os.path.exists(os.path.join(three, "summary.txt")), "rank 0 wrote summary.txt")


for test in (same_rows_as_one_process, killed_rank_resumes, grouped_by_cpu_model,
             failing_rank_names_itself, tt_study_same_nodes):
    print("--", test.__name__, flush=True)
    started = time.time()
    test()
    print("   %.1f s" % (time.time() - started), flush=True)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
