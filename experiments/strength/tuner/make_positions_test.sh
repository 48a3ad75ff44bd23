#!/bin/sh
# make_positions --game: from a file list holding both games, only the wanted game's positions,
# the other's games counted as left out (the chess data must hold no xiangqi SPRT game).
# usage: make_positions_test.sh MAKE_POSITIONS CHESS_PGN XIANGQI_PGN
set -u
bin=$1 chess=$2 xiangqi=$3
out=${TEST_TMPDIR:-/tmp}/positions.epd
failures=0
fail() { echo "FAILED: $*" >&2; failures=$((failures + 1)); }

"$bin" --out "$out" --per-game 20 "$chess" "$xiangqi" 2>/dev/null || fail "chess run exited $?"
chess_lines=$(grep -vc '^#' "$out")
[ "$chess_lines" -gt 0 ] || fail "no chess positions"
# A chess FEN has 8 ranks; a xiangqi FEN 10.
grep -v '^#' "$out" | awk '{ if (split($1, r, "/") != 8) bad = 1 } END { exit bad }' ||
  fail "a position that is not chess in the chess data"
grep -q '^# 1 chess games read, 1 gave positions, .* 1 games of another game left out' "$out" ||
  fail "chess header: $(head -2 "$out" | tail -1)"

"$bin" --game xiangqi --out "$out" --per-game 20 "$chess" "$xiangqi" 2>/dev/null ||
  fail "xiangqi run exited $?"
grep -v '^#' "$out" | awk '{ if (split($1, r, "/") != 10) bad = 1 } END { exit bad }' ||
  fail "a position that is not xiangqi in the xiangqi data"
[ "$(grep -vc '^#' "$out")" -gt 0 ] || fail "no xiangqi positions"

err=$("$bin" --game shogi --out "$out" "$chess" 2>&1)
[ $? -eq 2 ] && echo "$err" | grep -q "'shogi'" || fail "bad --game: $err"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
