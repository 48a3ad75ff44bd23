#!/bin/bash
# Shell test of the built binary: `splitlab epd` scores bm and am operations (a forced move
# named by am is a miss), skips and names lines it cannot use (bad FEN, an illegal bm, no bm or
# am) without stopping, writes one CSV row per scored position, searches to a --depth or for a
# --movetime, takes --threads and --features (the settings line names them), shares a suite
# between processes with --part K/N, and refuses bad flags with exit code 2 and a message naming
# the problem. The scored runs search to a depth, not for a time: a sanitized build is ten times
# slower, and 150 ms under TSan ends at depth 9, three plies short of WAC.001's queen sacrifice.
set -u

BIN="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
SUITE="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/cli/testdata/epd_small.epd"
[[ -f "$SUITE" ]] || SUITE="cli/testdata/epd_small.epd"

TMP="${TEST_TMPDIR:-$(mktemp -d)}"
OUT="$TMP/stdout"
ERR="$TMP/stderr"
failures=0

fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

run() {
  "$BIN" epd "$@" >"$OUT" 2>"$ERR"
  status=$?
}

# check_run DESCRIPTION SETTINGS: the suite's score and skips, whatever the search settings.
check_run() {
  [[ $status -eq 0 ]] || { fail "$1: exit code $status: $(tail -n 3 "$ERR")"; return; }
  grep -qF "$2" "$OUT" || fail "$1: the settings line does not say '$2': $(head -n 1 "$OUT")"
  tail -n 1 "$OUT" | grep -qx 'Solved: 2/3 (3 lines skipped)' ||
    fail "$1: last line '$(tail -n 1 "$OUT")', expected 'Solved: 2/3 (3 lines skipped)'"
  grep -qE '^WAC\.001 +solved +Qg6 ' "$OUT" || fail "$1: WAC.001 not solved with Qg6"
  grep -qE '^back-rank +solved +Rd8# ' "$OUT" || fail "$1: back-rank not solved with Rd8#"
  grep -qE '^only-move +missed +Kxg2 ' "$OUT" || fail "$1: the forced am move is not a miss"
  for line in 5 6 7; do
    grep -qF "epd_small.epd:$line: skipped" "$ERR" || fail "$1: line $line not reported as skipped"
  done
  grep -qF "no bm or am operation" "$ERR" || fail "$1: the line without bm or am is not named"
}

CSV="$TMP/epd.csv"
run "$SUITE" --depth 12 --out "$CSV"
check_run "defaults" "depth 12, threads 1, strategy ybwc"
if [[ -f "$CSV" ]]; then
  # The run's metadata comes first, as "# key: value" lines (its commit and instruction set).
  [[ $(grep -v '^#' "$CSV" | head -n 1) == "id,line,solved,move,expected,score,depth,nodes" ]] ||
    fail "CSV header: $(grep -v '^#' "$CSV" | head -n 1)"
  [[ $(grep -cv '^#' "$CSV") -eq 4 ]] || fail "CSV: $(grep -cv '^#' "$CSV") lines, expected a header and 3 rows"
  grep -q '^# commit: ' "$CSV" && grep -q '^# build: .*x86-64' "$CSV" ||
    fail "CSV: no commit and instruction set in its metadata"
  grep -q '^"WAC.001",2,1,Qg6,"bm Qg6",' "$CSV" || fail "CSV: WAC.001's row: $(grep WAC.001 "$CSV")"
  grep -q '^"only-move",4,0,Kxg2,"am Kxg2",' "$CSV" || fail "CSV: only-move's row"
else
  fail "no CSV written"
fi

run "$SUITE" --depth 12 --threads 2 --strategy dts --features none
check_run "2 threads, no features" "threads 2, strategy dts"
grep -qF "search features none" "$OUT" || fail "the settings line does not name --features none"

# Two parts side by side cover the suite once between them, each row under its own line.
run "$SUITE" --depth 12 --part 1/2 --out "$TMP/part1.csv"
[[ $status -eq 0 ]] || fail "part 1/2: exit code $status"
tail -n 1 "$OUT" | grep -qx 'Solved: 1/2 (1 lines skipped)' || fail "part 1/2: $(tail -n 1 "$OUT")"
grep -qF "part 1/2" "$OUT" || fail "part 1/2: the settings line does not name the part"
run "$SUITE" --depth 12 --part 2/2 --out "$TMP/part2.csv"
[[ $status -eq 0 ]] || fail "part 2/2: exit code $status"
tail -n 1 "$OUT" | grep -qx 'Solved: 1/1 (2 lines skipped)' || fail "part 2/2: $(tail -n 1 "$OUT")"
lines=$(grep -hv -e '^#' -e '^id,' "$TMP/part1.csv" "$TMP/part2.csv" | cut -d, -f2 | sort -n | tr '\n' ' ')
[[ $lines == "2 3 4 " ]] || fail "the parts' rows are at lines '$lines', expected '2 3 4 '"

# A time per position: the settings line names it and every usable line is scored (a mate in
# one is found at any speed; what else is found depends on the build's speed).
run "$SUITE" --movetime 150
[[ $status -eq 0 ]] || fail "movetime: exit code $status: $(tail -n 3 "$ERR")"
grep -qF "movetime 150 ms, threads 1" "$OUT" || fail "movetime: settings line $(head -n 1 "$OUT")"
grep -qE '^back-rank +solved +Rd8# ' "$OUT" || fail "movetime: back-rank not solved with Rd8#"
tail -n 1 "$OUT" | grep -qE '^Solved: [0-9]/3 \(3 lines skipped\)$' || fail "movetime: $(tail -n 1 "$OUT")"

# expect_refused DESCRIPTION TEXT ARGS...: exit code 2, stderr names the problem, nothing searched.
expect_refused() {
  local description=$1 text=$2
  shift 2
  run "$@"
  [[ $status -eq 2 ]] || fail "$description: exit code $status, expected 2"
  grep -qF -e "$text" "$ERR" || fail "$description: stderr does not say '$text': $(cat "$ERR")"
  grep -q 'Solved' "$OUT" && fail "$description: searched before refusing"
}
expect_refused "unknown feature" "unknown search feature 'bogus'" "$SUITE" --movetime 50 --features lmp,bogus
expect_refused "no limit" "--movetime MS or --depth N is required" "$SUITE"
expect_refused "depth 0" "depth" "$SUITE" --depth 0
expect_refused "depth not a number" "depth" "$SUITE" --depth ten
expect_refused "bad thread count" "threads" "$SUITE" --movetime 50 --threads 0
for part in 3/2 0/2 1/ /2 a/b 2 1/2x; do
  expect_refused "--part $part" "--part wants K/N with 1 <= K <= N <= 1024, not '$part'" \
    "$SUITE" --movetime 50 --part "$part"
done
expect_refused "missing file" "$TMP/none.epd: no such file" "$TMP/none.epd" --movetime 50

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all epd CLI checks passed"
