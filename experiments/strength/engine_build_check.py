#!/usr/bin/env python3
"""The engines of a match must be the build users play, and a resumed match the binaries it began with.

    engine_build_check.py ENGINES.txt ROLE=BINARY [ROLE=BINARY ...]

(sprt.sh: new=NEW base=BASE; experiments/strength-10s/run.sh: splitlab=BINARY.)

Asks each binary how it was built (`bench --depth 1 --json`): it must be an opt build without
sanitizers or assertions, since a TSan or debug build searches many times fewer nodes a second and
so plays another game than the one the test is meant to measure. Then records in ENGINES.txt each
engine's checksum, commit, build and bench signature (the node count of the default `bench`). If
ENGINES.txt is already there (a resumed test), each binary's checksum must match the one recorded.
Exit code 0 when all pass, 2 with one line naming the binary and the reason otherwise.
"""

import hashlib
import json
import os
import subprocess
import sys
import tempfile

FIELDS = ["role", "path", "md5", "commit", "compilation_mode", "sanitizers", "assertions",
          "bench_nodes"]


def refuse(message):
    print("engine check: " + message, file=sys.stderr)
    sys.exit(2)


def bench_json(path, *flags):
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "bench.json")
        run = subprocess.run([path, "bench", *flags, "--json", out], capture_output=True, text=True)
        if run.returncode != 0 or not os.path.exists(out):
            last = (run.stderr.strip().splitlines() or ["no output"])[-1]
            refuse("'%s bench --json' failed (exit code %d: %s)" % (path, run.returncode, last))
        try:
            with open(out) as f:
                return json.load(f)
        except ValueError as error:
            refuse("'%s bench --json' wrote no JSON (%s)" % (path, error))


def describe(path, role):
    data = bench_json(path, "--depth", "1")
    build = data.get("build") or {}
    mode = build.get("compilation_mode", "unknown")
    sanitizers = build.get("sanitizers", "unknown")
    assertions = bool(build.get("assertions", True))
    problems = []
    if mode != "opt":
        problems.append("a '%s' build" % mode)
    if sanitizers != "none":
        problems.append("built with sanitizers '%s'" % sanitizers)
    if assertions:
        problems.append("built with assertions")
    if problems:
        refuse("%s engine '%s' (commit %s) is %s: games need the build users play "
               "(bazel build -c opt //:splitlab)" % (role, path, data.get("commit", "unknown"),
                                                     ", ".join(problems)))
    with open(path, "rb") as f:
        md5 = hashlib.md5(f.read()).hexdigest()
    nodes = bench_json(path).get("nodes")
    return {"role": role, "path": path, "md5": md5, "commit": data.get("commit", "unknown"),
            "compilation_mode": mode, "sanitizers": sanitizers, "assertions": str(assertions).lower(),
            "bench_nodes": str(nodes)}


def read_record(record_path):
    engines = {}
    with open(record_path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cells = line.rstrip("\n").split("\t")
            if len(cells) != len(FIELDS):
                refuse("%s: a line of %d cells, not %d: %r" % (record_path, len(cells), len(FIELDS),
                                                              line.rstrip("\n")))
            engines[cells[0]] = dict(zip(FIELDS, cells))
    return engines


def roles_and_paths(args):
    pairs = [tuple(arg.split("=", 1)) for arg in args]
    roles = [pair[0] for pair in pairs]
    if any(len(pair) != 2 or not all(pair) for pair in pairs) or len(set(roles)) != len(roles):
        refuse("each engine is ROLE=BINARY with a role of its own: %s" % " ".join(args))
    return pairs


def main(argv):
    if len(argv) < 3:
        refuse("usage: engine_build_check.py ENGINES.txt ROLE=BINARY [ROLE=BINARY ...]")
    record_path = argv[1]
    described = {}
    engines = []
    for role, path in roles_and_paths(argv[2:]):
        if path not in described:
            described[path] = describe(path, role)
        engines.append(dict(described[path], role=role))
    if os.path.exists(record_path):
        recorded = read_record(record_path)
        for engine in engines:
            before = recorded.get(engine["role"])
            if before is None:
                refuse("%s has no '%s' engine" % (record_path, engine["role"]))
            if before["md5"] != engine["md5"]:
                refuse("this run began with %s engine '%s' (md5 %s, commit %s, bench %s); '%s' is "
                       "md5 %s (commit %s, bench %s): a resumed run plays the binaries it began "
                       "with (restore them, or start a new one under another name)" % (
                           engine["role"], before["path"], before["md5"], before["commit"],
                           before["bench_nodes"], engine["path"], engine["md5"], engine["commit"],
                           engine["bench_nodes"]))
        return 0
    with open(record_path, "w") as f:
        f.write("# " + "\t".join(FIELDS) + "\n")
        for engine in engines:
            f.write("\t".join(engine[field] for field in FIELDS) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
