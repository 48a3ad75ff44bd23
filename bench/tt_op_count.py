#!/usr/bin/env python3
"""Instructions and conditional branches per table operation, counted by valgrind's callgrind.

This VM gives perf no hardware counters, so the instruction count of one probe, store or
probe+store, which decides how many of them the processor can keep in flight while their cache
misses are outstanding, is counted under callgrind instead: hashing/tt_op_count runs exactly N
operations of one kind (the loop of hashing/tt_benchmark.cc, on a full 256 KiB table), once with
N = --small and once with N = --large, and the difference of the totals over the difference of
the counts is the cost of one operation, the set-up cancelling out. Branch misses are callgrind's
simulated ones (a simple predictor, not the real processor's): read them as "branches whose
direction depends on the data", not as a measured rate.

The binary is built without AVX-512 (valgrind 3.19 cannot decode it), in its own output base:
  bazel --output_base=$HOME/.cache/splitlab-valgrind build --config=valgrind --symlink_prefix=/ \
    //hashing:tt_op_count
The table code does not vectorise, so the counts stand for the normal build's within a few
instructions.

Writes a table to stdout and, with --csv FILE, one row per scheme and operation.
usage: bench/tt_op_count.py [--binary PATH] [--small N] [--large N] [--csv FILE]
"""

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import benchlib  # noqa: E402

CASES = [("memory", "rmw")] + [(scheme, operation)
                               for scheme in ("xor", "bracket", "locked", "raw")
                               for operation in ("probe", "store", "probe+store", "ps+prefetch")]
EVENTS = ("Ir", "Bc", "Bcm")  # instructions, conditional branches, simulated mispredictions
TOTALS = re.compile(r"^(?:summary|totals):\s+(.*)$", re.M)


def count(binary, scheme, operation, n):
    """callgrind's totals {Ir, Bc, Bcm} for `binary scheme operation n`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", "--branch-sim=yes",
                   f"--callgrind-out-file={out}", binary, scheme, operation, str(n)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise benchlib.Failure(f"{' '.join(command)} failed: {result.stderr.strip()[-300:]}")
        text = open(out).read()
    events = re.search(r"^events:\s+(.*)$", text, re.M).group(1).split()
    totals = [int(v) for v in TOTALS.search(text).group(1).split()]
    by_event = dict(zip(events, totals))
    return {e: by_event.get(e, 0) for e in EVENTS}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.expanduser(
        "~/.cache/splitlab-valgrind/execroot/splitlab/bazel-out/k8-opt/bin/hashing/tt_op_count"))
    parser.add_argument("--small", type=int, default=20000)
    parser.add_argument("--large", type=int, default=220000)
    parser.add_argument("--csv")
    args = parser.parse_args(argv)
    if not os.access(args.binary, os.X_OK):
        print(f"tt_op_count.py: no binary at {args.binary}; build it without AVX-512, which "
              "valgrind cannot decode (see .bazelrc, config valgrind)", file=sys.stderr)
        return 2
    if not 0 <= args.small < args.large:
        print("tt_op_count.py: expected 0 <= --small < --large", file=sys.stderr)
        return 2
    rows = []
    print(f"{'scheme':<8} {'operation':<12} {'instr/op':>9} {'branches/op':>12} "
          f"{'sim. misses/op':>15}")
    for scheme, operation in CASES:
        small = count(args.binary, scheme, operation, args.small)
        large = count(args.binary, scheme, operation, args.large)
        per_op = {e: (large[e] - small[e]) / (args.large - args.small) for e in EVENTS}
        rows.append({"scheme": scheme, "operation": operation,
                     "instructions_per_op": round(per_op["Ir"], 1),
                     "conditional_branches_per_op": round(per_op["Bc"], 2),
                     "simulated_mispredictions_per_op": round(per_op["Bcm"], 2)})
        print(f"{scheme:<8} {operation:<12} {per_op['Ir']:>9.1f} {per_op['Bc']:>12.2f} "
              f"{per_op['Bcm']:>15.2f}", flush=True)
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except benchlib.Failure as failure:
        print(f"tt_op_count.py: {failure}", file=sys.stderr)
        sys.exit(1)
