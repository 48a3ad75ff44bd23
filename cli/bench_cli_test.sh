#!/bin/bash
# Shell test of the built binary: `splitlab bench --json FILE` writes the run's metadata, the
# settings and every position's nodes, totalling the printed "Nodes searched:"; stdout ends as
# without --json; a file that cannot be written is refused before any search (exit code 2, one
# line "splitlab bench: ..." naming the path); repeated --tune flags add up, and each game runs
# its own default tuning without one.
set -u

BIN="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }

TMP="${TEST_TMPDIR:-$(mktemp -d)}"
OUT="$TMP/stdout"
ERR="$TMP/stderr"
failures=0

fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

run() {
  "$BIN" bench "$@" >"$OUT" 2>"$ERR"
  status=$?
}

JSON="$TMP/bench.json"
rm -f "$JSON"
run --depth 5 --json "$JSON"
if [[ $status -ne 0 ]]; then
  fail "bench --json: exit code $status: $(tail -n 3 "$ERR")"
else
  printed=$(tail -n 2 "$OUT" | head -n 1 | sed -n 's/^Nodes searched: \([0-9][0-9]*\)$/\1/p')
  [[ -n "$printed" ]] || fail "'Nodes searched: N' is not the second-to-last line: $(tail -n 2 "$OUT")"
  tail -n 1 "$OUT" | grep -qE '^Nodes/second: [0-9]+$' || fail "the last line is not 'Nodes/second: N'"
  python3 - "$JSON" "$printed" >"$TMP/check" 2>&1 <<'PY' || fail "bench.json: $(cat "$TMP/check")"
import json, re, sys
data = json.load(open(sys.argv[1]))
printed = int(sys.argv[2])
problems = []
def check(ok, what):
    if not ok:
        problems.append(what)
check(data["nodes"] == printed, "nodes %r, printed %d" % (data["nodes"], printed))
check(len(data["positions"]) == 32, "%d positions" % len(data["positions"]))
check(sum(p["nodes"] for p in data["positions"]) == printed, "position nodes do not add up")
check(all(p["depth"] == 5 and p["bestmove"] and p["fen"] for p in data["positions"]),
      "a position without depth 5, best move or FEN")
check(data["settings"]["depth"] == 5 and data["settings"]["positions"] == "built-in",
      "settings %r" % data["settings"])
check(data["time_ms"] >= 0 and data["nodes_per_second"] >= 0, "time or NPS")
check(sum(sum(row.values()) for row in data["node_types"].values()) > 0, "empty node types")
check(data["command_line"][:4] == ["splitlab", "bench", "--depth", "5"], "command line")
check(data["command"].startswith("splitlab bench --depth 5 --json "), "command %r" % data["command"])
check(re.fullmatch(r"[0-9a-f]{40}(\+dirty)?|unknown", data["commit"]), "commit %r" % data["commit"])
check(data["build"]["compilation_mode"] and data["build"]["compiler"], "build %r" % data["build"])
check(data["machine"]["cores"] >= 1 and data["machine"]["cpu_model"], "machine %r" % data["machine"])
check(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", data["started"]), "started %r" % data["started"])
check(data["seed"] is None, "seed %r" % data["seed"])
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
fi

# Without --json: the same signature, and no file named in the output.
run --depth 5
grep -qx "Nodes searched: $printed" "$OUT" || fail "without --json: $(grep 'Nodes searched' "$OUT")"

# expect_refused DESCRIPTION PATH: exit code 2, one line naming PATH, no search started.
expect_refused() {
  run --depth 5 --json "$2"
  [[ $status -eq 2 ]] || fail "$1: exit code $status, expected 2"
  [[ $(wc -l <"$ERR") -eq 1 ]] || fail "$1: expected one line on stderr: $(cat "$ERR")"
  grep -qF "splitlab bench: --json $2: $3" "$ERR" ||
    fail "$1: stderr does not name the path and '$3': $(cat "$ERR")"
  [[ ! -s "$OUT" ]] || fail "$1: searched before refusing: $(head -n 2 "$OUT")"
}
expect_refused "missing folder" "$TMP/no/such/folder/bench.json" "no such folder"
expect_refused "a folder" "$TMP" "is a directory"

# --tune: repeats add up (each over the ones before it), and each game's default tuning is what
# runs without the flag. nodes_with DEPTH ARGS... prints the bench signature.
nodes_with() {
  local depth=$1
  shift
  run --depth "$depth" "$@"
  [[ $status -eq 0 ]] || fail "bench --depth $depth $*: exit code $status: $(tail -n 2 "$ERR")"
  sed -n 's/^Nodes searched: \([0-9][0-9]*\)$/\1/p' "$OUT"
}
repeated=$(nodes_with 7 --tune LmrBase=100 --tune LmrDivisor=300)
grep -q "tuning LmrBase=100,LmrDivisor=300" "$OUT" ||
  fail "the header does not show both --tune: $(head -n 1 "$OUT")"
together=$(nodes_with 7 --tune LmrBase=100,LmrDivisor=300)
last_alone=$(nodes_with 7 --tune LmrDivisor=300)
[[ -n "$repeated" && "$repeated" == "$together" ]] ||
  fail "--tune A --tune B searched $repeated nodes, --tune A,B $together"
[[ "$repeated" != "$last_alone" ]] || fail "a repeated --tune kept only its last value ($last_alone nodes)"
hand_set_tuning=LmrBase=50,LmrDivisor=200,LmrHistoryDivisor=2000
default_nodes=$(nodes_with 7)
chess_default=$(nodes_with 7 --tune LmrBase=57,LmrDivisor=165,LmrHistoryDivisor=2393)
hand_set=$(nodes_with 7 --tune "$hand_set_tuning")
[[ -n "$default_nodes" && "$default_nodes" == "$chess_default" ]] ||
  fail "chess's default tuning searched $chess_default nodes, bench without --tune $default_nodes"
[[ "$default_nodes" != "$hand_set" ]] || fail "bench without --tune searched the hand-set tuning's tree"
xiangqi_default=$(nodes_with 6 --game xiangqi)
xiangqi_hand_set=$(nodes_with 6 --game xiangqi --tune "$hand_set_tuning")
[[ -n "$xiangqi_default" && "$xiangqi_default" == "$xiangqi_hand_set" ]] ||
  fail "xiangqi's default tuning ($xiangqi_default nodes) is not the hand-set one ($xiangqi_hand_set)"
run --depth 5 --tune LmrBase=60 --tune LmrDivisor=20
[[ $status -eq 2 ]] || fail "a bad second --tune: exit code $status, expected 2"
grep -qF "'LmrDivisor=20'" "$ERR" || fail "a bad second --tune is not named: $(cat "$ERR")"

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all bench CLI checks passed"
