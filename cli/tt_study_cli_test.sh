#!/bin/bash
# Shell test of the built binary: a tiny `splitlab tt-study` (its CSV, summary, run.json and
# config.txt), a rerun that resumes and measures nothing, a rerun of another configuration that
# is refused, and the error contract on bad input (exit code 2, one line
# "splitlab tt-study: ..." on stderr).
set -u

BIN="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
GAMES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/cli/testdata/tt_study_games.pgn"
[[ -f "$GAMES" ]] || GAMES="cli/testdata/tt_study_games.pgn"

TMP="${TEST_TMPDIR:-$(mktemp -d)}"
OUT="$TMP/stdout"
ERR="$TMP/stderr"
failures=0

fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

run() {
  "$BIN" tt-study "$@" >"$OUT" 2>"$ERR"
  status=$?
}

# 2 games x 3 positions, depth 3 (plain search 2), 2 policies, 2 sizes, both searches and
# table modes: 16 rows.
TINY=(--games "$GAMES" --first-move 12 --positions-per-game 3 --max-games 2 --depth 3
      --plain-depth 2 --min-log2 8 --max-log2 9 --policies deep,bucket)
DIR="$TMP/study"
rm -rf "$DIR"

run "${TINY[@]}" --out "$DIR"
if [[ $status -ne 0 ]]; then
  fail "tiny run: exit code $status: $(cat "$ERR")"
else
  for f in results.csv summary.txt run.json config.txt; do
    [[ -s "$DIR/$f" ]] || fail "tiny run: $f missing or empty"
  done
  header="search,table,policy,log2_entries,depth,positions,nodes,seconds,host,cpu_model,commit,isa"
  # The run's metadata first ("# key: value"), then the header and the rows.
  grep -q '^# commit: ' "$DIR/results.csv" || fail "results.csv does not name its commit"
  [[ "$(grep -v '^#' "$DIR/results.csv" | head -n 1)" == "$header" ]] ||
    fail "results.csv header: $(grep -v '^#' "$DIR/results.csv" | head -n 1)"
  rows=$(($(grep -vc '^#' "$DIR/results.csv") - 1))
  [[ $rows -eq 16 ]] || fail "results.csv has $rows rows, expected 16"
  grep -q '^full,kept,deep,8,3,6,[0-9]*,' "$DIR/results.csv" ||
    fail "no full,kept,deep,8 row of depth 3 and 6 positions"
  # Each row names the build that measured it: a commit and an instruction-set level.
  grep -Eq '^full,kept,deep,8,.*,([0-9a-f]{40}(\+[a-z-]+)?|unknown),x86-64(-v[234])?$' \
    "$DIR/results.csv" || fail "a row does not name its commit and instruction set: $(grep -v '^#' "$DIR/results.csv" | sed -n 2p)"
  grep -q '^plain,cleared,bucket,9,2,6,[0-9]*,' "$DIR/results.csv" ||
    fail "no plain,cleared,bucket,9 row of depth 2"
  grep -q '== plain search, depth 2, table cleared before each position ==' "$DIR/summary.txt" ||
    fail "summary.txt lacks the plain/cleared panel"
  grep -q 'nodes relative to the best policy' "$OUT" || fail "the summary is not on stdout"
  grep -q 'ETA' "$ERR" || fail "no progress with an ETA on stderr"
  for field in '"command": "splitlab tt-study --games ' '"command_line"' '"executable"' \
               '"commit"' '"cpu_model"' '"cores"' '"memory_mb"' '"kernel"' '"compilation_mode"' \
               '"started"' '"seed": null' '"complete": true'; do
    grep -qF "$field" "$DIR/run.json" || fail "run.json lacks $field"
  done
  python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$DIR/run.json" ||
    fail "run.json is not JSON"
  # summary.txt opens with the run's metadata.
  keys=$(head -n 7 "$DIR/summary.txt" | sed -n 's/^# \([a-z]*\): .*/\1/p' | tr '\n' ' ')
  [[ "$keys" == "command executable commit build machine started seed " ]] ||
    fail "summary.txt opens with keys '$keys'"
  grep -qx '# seed: none' "$DIR/summary.txt" || fail "summary.txt: no '# seed: none'"
fi

# The same command again: every row is there already; the numbers stay.
cp "$DIR/results.csv" "$TMP/first.csv"
run "${TINY[@]}" --out "$DIR"
if [[ $status -ne 0 ]]; then
  fail "rerun: exit code $status: $(cat "$ERR")"
else
  grep -q '16 of 16 rows already in' "$ERR" || fail "rerun did not resume: $(cat "$ERR")"
  cmp -s "$DIR/results.csv" "$TMP/first.csv" || fail "rerun changed results.csv"
fi

# Another configuration into the same folder: refused, the folder left alone.
run "${TINY[@]}" --depth 4 --out "$DIR"
[[ $status -eq 2 ]] || fail "another depth into the same folder: exit code $status, expected 2"
grep -q 'another configuration (depth 3 there, 4 here)' "$ERR" ||
  fail "another depth: message: $(cat "$ERR")"
cmp -s "$DIR/results.csv" "$TMP/first.csv" || fail "a refused run changed results.csv"

# expect_usage_error DESCRIPTION TEXT_THE_MESSAGE_MUST_CONTAIN ARGS...
expect_usage_error() {
  local what="$1" mentions="$2"
  shift 2
  run "$@"
  [[ $status -eq 2 ]] || fail "$what: exit code $status, expected 2"
  local lines
  lines=$(wc -l <"$ERR")
  [[ $lines -eq 1 ]] || fail "$what: expected one line on stderr, got $lines: $(cat "$ERR")"
  head -n 1 "$ERR" | grep -q '^splitlab tt-study: ' ||
    fail "$what: stderr does not start with 'splitlab tt-study: ': $(cat "$ERR")"
  grep -qF -- "$mentions" "$ERR" || fail "$what: stderr does not mention '$mentions': $(cat "$ERR")"
}

printf '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n' >"$TMP/broken.pgn"
expect_usage_error "no --games" "--games FILE.pgn is required"
expect_usage_error "missing PGN" "--games $TMP/none.pgn: no such file" --games "$TMP/none.pgn"
expect_usage_error "unparsable PGN" "Ke3" --games "$TMP/broken.pgn"
expect_usage_error "unknown policy" "unknown name 'deepest' in --policies" --games "$GAMES" \
  --policies deep,deepest
expect_usage_error "depth 0" "bad value '0' for --depth" --games "$GAMES" --depth 0
expect_usage_error "depth too large" "bad value '99' for --depth" --games "$GAMES" --depth 99
expect_usage_error "min above max" "--min-log2 12 is above --max-log2 9" --games "$GAMES" \
  --min-log2 12 --max-log2 9
expect_usage_error "unknown search" "unknown name 'quick' in --search" --games "$GAMES" \
  --search quick
expect_usage_error "unknown flag" "unknown flag '--hash'" --games "$GAMES" --hash 16
expect_usage_error "no long game" "from move 400 on" --games "$GAMES" --first-move 400

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all tt-study CLI checks passed"
