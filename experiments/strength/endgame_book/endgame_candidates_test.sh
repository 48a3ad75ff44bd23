#!/bin/sh
# endgame_candidates: each game's first quiet, even endgame position, once; bad input refused.
# usage: endgame_candidates_test.sh ENDGAME_CANDIDATES ENDGAMES_PGN
set -u
bin=$1 pgn=$2
out=${TEST_TMPDIR:-/tmp}/candidates.epd
failures=0
fail() { echo "FAILED: $*" >&2; failures=$((failures + 1)); }

"$bin" --out "$out" --min-ply 0 "$pgn" 2>/dev/null || fail "run exited $?"
# Game 1 at its first ply; game 2 repeats it; game 3 after the queen trade (ply 1 is in check);
# game 4 is a piece up; game 5 has no pawns left to play for; game 6 starts in check.
expected='4k3/pp3r2/8/3b4/8/8/PP3R2/4K1N1 w - - id "eg-1-0";
3k4/pp3r2/2b5/8/8/8/PP3R2/4K1N1 w - - id "eg-3-2";
4k3/pp1b4/8/8/8/6N1/PP6/4rR1K b - - id "eg-6-1";'
got=$(grep -v '^#' "$out" | sed 's/ c0 .*//')
[ "$got" = "$expected" ] || fail "candidates:
$got
expected:
$expected"
grep -q '^# 6 chess games read, 3 candidates, 1 repeated positions left out' "$out" ||
  fail "header: $(sed -n 2p "$out")"

# The thresholds are the caller's: two pawns are enough with --min-pawns 0 (game 5), and a
# minimum ply past every game leaves none.
"$bin" --out "$out" --min-ply 0 --min-pawns 0 "$pgn" 2>/dev/null || fail "--min-pawns 0 exited $?"
grep -q 'id "eg-5-0"' "$out" || fail "--min-pawns 0 left out game 5"
"$bin" --out "$out" --max-imbalance 3 --min-ply 0 "$pgn" 2>/dev/null || fail "exited $?"
grep -q 'id "eg-4-0"' "$out" || fail "--max-imbalance 3 left out game 4"
"$bin" --out "$out" "$pgn" 2>/dev/null || fail "default run exited $?"
[ "$(grep -vc '^#' "$out")" -eq 0 ] || fail "--min-ply 20 kept a position of a 4-ply game"

err=$("$bin" --out "$out" --max-phase x "$pgn" 2>&1)
[ $? -eq 2 ] && echo "$err" | grep -q -- "--max-phase needs an integer" || fail "bad value: $err"
err=$("$bin" --out "$out" --min-phase 8 "$pgn" 2>&1)
[ $? -eq 2 ] && echo "$err" | grep -q -- "--min-phase 8 is above --max-phase 6" ||
  fail "crossed phases: $err"
err=$("$bin" --out "$out" /nonexistent.pgn 2>&1)
[ $? -eq 1 ] && echo "$err" | grep -q "/nonexistent.pgn" || fail "missing file: $err"
err=$("$bin" --out "$out" --bogus "$pgn" 2>&1)
[ $? -eq 2 ] && echo "$err" | grep -q "unknown option '--bogus'" || fail "bad flag: $err"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
