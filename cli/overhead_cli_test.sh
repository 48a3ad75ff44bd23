#!/bin/bash
# Shell test of the built binary: a small `splitlab overhead` (4 positions, depth 7, ybwc, dts
# and lazy at 2 threads). Every search's node accounting adds up: its re-search classes, its
# node types with quiescence, and its plies each sum to its nodes; the 1-thread search splits
# nothing, wastes nothing and repeats to the node; the report has every strategy's lines; a
# rerun measures nothing again; bad flags get exit code 2 and a message naming them.
set -u

RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
DIR="$TMP/overhead"
rm -rf "$DIR"
failures=0
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}
run() {
  "$BIN" overhead --strategies ybwc,dts,lazy --depth 7 --positions 4 --hash 16 --out "$1" \
    >"$TMP/stdout" 2>"$TMP/stderr"
  status=$?
}

run "$DIR"
if [[ $status -ne 0 ]]; then
  fail "overhead: exit code $status: $(tail -n 3 "$TMP/stderr")"
else
  for s in ybwc dts lazy; do
    grep -q "^$s x2: 4 searches; nodes " "$TMP/stdout" || fail "report: no line for $s"
  done
  grep -q "extra nodes by re-search class" "$TMP/stdout" || fail "report: no re-search lines"
  run "$TMP/again"
  [[ $status -eq 0 ]] || fail "second overhead run: exit code $status"
  python3 - "$DIR" "$TMP/again" >"$TMP/check" 2>&1 <<'PY' || fail "$(cat "$TMP/check")"
import csv, json, os, sys
problems = []
def rows(folder):
    with open(os.path.join(folder, "runs.csv")) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))
first, second = rows(sys.argv[1]), rows(sys.argv[2])
if len(first) != 16:
    problems.append("runs.csv: %d rows, expected 16" % len(first))
research = [k for k in first[0] if k.startswith("research_")]
types = [k for k in first[0] if k.startswith("type_")]
if research != ["research_none", "research_lmr", "research_pvs", "research_stale",
                "research_aspiration"] or len(types) != 3:
    problems.append("runs.csv columns: %r %r" % (research, types))
for r in first:
    name = "%s x%s %s" % (r["strategy"], r["threads"], r["position"])
    nodes = int(r["nodes"])
    if sum(int(r[k]) for k in research) != nodes:
        problems.append(name + ": re-search classes do not add up to the nodes")
    if sum(int(r[k]) for k in types) + int(r["qnodes"]) != nodes:
        problems.append(name + ": node types and quiescence do not add up to the nodes")
    if sum(int(p) for p in r["by_ply"].split(";")) != nodes:
        problems.append(name + ": plies do not add up to the nodes")
    if int(r["cut_waste_nodes"]) > nodes or int(r["aborted_nodes"]) > nodes:
        problems.append(name + ": more waste than nodes")
    if r["strategy"] == "none":
        if any(int(r[k]) for k in ("splits", "cut_waste_nodes", "aborted_nodes",
                                    "stale_researches", "research_stale", "deferred_moves")):
            problems.append(name + ": a 1-thread search with split work")
        if not int(r["research_lmr"]) or not int(r["research_pvs"]) or not int(r["iir"]):
            problems.append(name + ": no late-move or PVS re-search or IIR at depth 7")
# A helper may not be scheduled in a short search on a loaded machine: splits over all of them.
for s in ("ybwc", "dts"):
    if not sum(int(r["splits"]) for r in first if r["strategy"] == s):
        problems.append(s + ": no splits in any search")
# One thread repeats to the node, and so does all of its accounting.
def one_thread(rs):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rs if r["strategy"] == "none"]
if one_thread(first) != one_thread(second):
    problems.append("the 1-thread searches differ between two runs")
summary = json.load(open(os.path.join(sys.argv[1], "summary.json")))
if [s["strategy"] for s in summary["strategies"]] != ["ybwc", "dts", "lazy"] or summary["depth"] != 7:
    problems.append("summary.json: %r" % [(s["strategy"], summary["depth"]) for s in summary["strategies"]])
for s in summary["strategies"]:
    for line in ("research", "type", "ply"):
        parts = [p for p in s["parts"] if p["line"] == line]
        if abs(sum(p["n_threads"] for p in parts) - s["n_thread_nodes"]) > 0.5 or \
                abs(sum(p["one_thread"] for p in parts) - s["one_thread_nodes"]) > 0.5:
            problems.append("summary.json %s: the %s line does not add up" % (s["strategy"], line))
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
  cp "$DIR/runs.csv" "$TMP/runs.first"
  run "$DIR"
  [[ $status -eq 0 ]] || fail "rerun: exit code $status"
  cmp -s "$DIR/runs.csv" "$TMP/runs.first" || fail "a rerun with nothing to measure changed runs.csv"
fi
# --node-log: every N-thread search compared node by node with one thread's. Each row's logged
# nodes are its search's full-width nodes (runs.csv), the kinds add up, the report has the
# node-log lines; a rerun with every row logged measures nothing; --keep-node-logs keeps the
# logs, which `splitlab nodelog` reads: one thread's log against itself has no extra.
NDIR="$TMP/nodelog"
rm -rf "$NDIR"
"$BIN" overhead --depth 7 --positions 2 --hash 16 --strategies ybwc,dts --keep-node-logs \
  --out "$NDIR" >"$TMP/nstdout" 2>"$TMP/nstderr"
if [[ $? -ne 0 ]]; then
  fail "overhead --keep-node-logs: $(tail -n 3 "$TMP/nstderr")"
else
  grep -q "extra full-width nodes by kind, from the node logs" "$TMP/nstdout" ||
    fail "report: no node-log lines"
  python3 - "$NDIR" >"$TMP/check" 2>&1 <<'PY' || fail "$(cat "$TMP/check")"
import csv, os, sys
folder = sys.argv[1]
def rows(name):
    with open(os.path.join(folder, name)) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))
runs = {(r["strategy"], r["position"]): r for r in rows("runs.csv")}
logs = rows("nodelog.csv")
problems = []
if sorted((r["strategy"], r["position"]) for r in logs) != sorted(k for k in runs if k[0] != "none"):
    problems.append("nodelog.csv rows %r" % [(r["strategy"], r["position"]) for r in logs])
for r in logs:
    name = "%s %s" % (r["strategy"], r["position"])
    n = {k: int(v) for k, v in r.items() if k not in ("strategy", "position")}
    one, many = runs[("none", r["position"])], runs[(r["strategy"], r["position"])]
    if n["one_nodes"] != int(one["nodes"]) - int(one["qnodes"]):
        problems.append(name + ": one thread's log is not its full-width nodes")
    if n["many_nodes"] != int(many["nodes"]) - int(many["qnodes"]):
        problems.append(name + ": the 2-thread log is not its full-width nodes")
    for side in ("one", "many"):
        own = n[side + "_new"] + n[side + "_other_depth"] + n[side + "_again"]
        if own != n[side + "_nodes"] - n["matched"]:
            problems.append(name + ": %s's kinds do not add up" % side)
        if sum(v for k, v in n.items() if k.startswith(side + "_own_")) != own:
            problems.append(name + ": %s's re-search classes do not add up" % side)
    if n["matched"] == 0:
        problems.append(name + ": nothing matched")
logs_dir = os.path.join(folder, "nodelogs")
if len([f for f in os.listdir(logs_dir) if f.endswith(".nodelog")]) != 6:
    problems.append("nodelogs/: %r" % os.listdir(logs_dir))
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
  cp "$NDIR/nodelog.csv" "$TMP/nodelog.first"
  "$BIN" overhead --depth 7 --positions 2 --hash 16 --strategies ybwc,dts --node-log \
    --out "$NDIR" >/dev/null 2>&1 || fail "overhead --node-log rerun failed"
  cmp -s "$NDIR/nodelog.csv" "$TMP/nodelog.first" || fail "a rerun with every row logged changed nodelog.csv"
  one=$(ls "$NDIR"/nodelogs/*.none.x1.r0.nodelog | head -n 1)
  two=$(ls "$NDIR"/nodelogs/*.ybwc.x2.r0.nodelog | head -n 1)
  "$BIN" nodelog "$one" "$two" >"$TMP/nl" 2>&1 || fail "nodelog: $(cat "$TMP/nl")"
  grep -q "^new position (the other never)" "$TMP/nl" || fail "nodelog: no table: $(cat "$TMP/nl")"
  "$BIN" nodelog "$one" "$one" >"$TMP/nl" 2>&1 || fail "nodelog of one log twice: $(cat "$TMP/nl")"
  grep -q "(extra +0.0% of one thread's)" "$TMP/nl" && grep -q "^all  *0.0%  *0.0%" "$TMP/nl" ||
    fail "nodelog: one log against itself: $(cat "$TMP/nl")"
  other=$(ls "$NDIR"/nodelogs/*.none.x1.r0.nodelog | tail -n 1)
  "$BIN" nodelog "$one" "$other" >/dev/null 2>"$TMP/nlerr"
  [[ $? -eq 2 ]] && grep -q "different positions" "$TMP/nlerr" || fail "nodelog of two positions: $(cat "$TMP/nlerr")"
  head -c 100 "$two" >"$TMP/short.nodelog"
  "$BIN" nodelog "$one" "$TMP/short.nodelog" >/dev/null 2>"$TMP/nlerr"
  [[ $? -eq 2 ]] && grep -q "short.nodelog' is not a node log" "$TMP/nlerr" || fail "nodelog of a cut log: $(cat "$TMP/nlerr")"
fi

for bad in "--threads 1:--threads" "--strategies none:strategy 'none'" \
    "--seconds 1 --depth 3:exclude each other" "--suite /nonexistent.epd:/nonexistent.epd" \
    "--bogus 3:--bogus"; do
  # shellcheck disable=SC2086
  "$BIN" overhead ${bad%%:*} --out "$TMP/x" >/dev/null 2>"$TMP/xerr"
  [[ $? -eq 2 ]] && grep -q -- "${bad#*:}" "$TMP/xerr" || fail "overhead ${bad%%:*}: $(cat "$TMP/xerr")"
done

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all overhead CLI checks passed"
