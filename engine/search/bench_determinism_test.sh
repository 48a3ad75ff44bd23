#!/bin/bash
# `splitlab bench` in one thread is deterministic: two runs print the same node count, for chess
# and for xiangqi (the same search core on a second game).
set -u
BIN="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
failures=0
fail() { echo "FAILED: $*" >&2; failures=$((failures + 1)); }

# check GAME DEPTH OTHER_DEPTH: two runs at DEPTH agree, and OTHER_DEPTH gives another count.
check() {
  local game=$1 depth=$2 other=$3 run status
  for run in 1 2; do
    timeout 120 "$BIN" bench --game "$game" --depth "$depth" >"$TMP/bench$run.out" 2>"$TMP/bench$run.err"
    status=$?
    [[ $status -eq 0 ]] || fail "$game bench run $run: exit code $status: $(tail -n 3 "$TMP/bench$run.err")"
  done
  nodes1=$(grep -E '^Nodes searched: [0-9]+$' "$TMP/bench1.out")
  nodes2=$(grep -E '^Nodes searched: [0-9]+$' "$TMP/bench2.out")
  [[ -n "$nodes1" ]] || fail "$game run 1 printed no 'Nodes searched: N' line"
  [[ "$nodes1" != "Nodes searched: 0" ]] || fail "$game run 1 searched no nodes"
  [[ "$nodes1" == "$nodes2" ]] || fail "$game node counts differ: '$nodes1' vs '$nodes2'"
  grep -qE '^Nodes/second: [0-9]+$' "$TMP/bench1.out" || fail "$game: no 'Nodes/second: N' line"
  # The lines the contract names come last, in this order.
  [[ "$(tail -n 2 "$TMP/bench1.out" | head -n 1)" == "$nodes1" ]] ||
    fail "$game: 'Nodes searched:' is not the second-to-last line"
  # Every position's line (depth, score, nodes, best move) repeats too, not only the total.
  diff <(grep '^position' "$TMP/bench1.out") <(grep '^position' "$TMP/bench2.out") >"$TMP/diff" ||
    fail "$game per-position lines differ: $(head -n 6 "$TMP/diff")"
  # A different depth gives a different signature (the check above can fail).
  timeout 120 "$BIN" bench --game "$game" --depth "$other" >"$TMP/bench3.out" 2>/dev/null
  nodes3=$(grep -E '^Nodes searched: [0-9]+$' "$TMP/bench3.out")
  [[ -n "$nodes3" && "$nodes3" != "$nodes1" ]] || fail "$game: depth $other and $depth give the same '$nodes3'"
  echo "$game: $nodes1 (twice)"
}

check chess 8 6
check xiangqi 6 4
[[ $failures -eq 0 ]] || { echo "$failures failure(s)" >&2; exit 1; }
echo "PASS"
