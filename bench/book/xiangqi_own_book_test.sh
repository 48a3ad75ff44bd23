#!/bin/bash
# Runs xiangqi_own_book_test.py (see there) on the built binary and the committed games.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
ROOT="$RUNFILES"
[[ -f "$ROOT/bench/book/xiangqi_own.book" ]] || ROOT="."
BIN="$ROOT/splitlab"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
exec timeout --kill-after=5 280 /usr/bin/python3 "$ROOT/bench/book/xiangqi_own_book_test.py" \
  "$BIN" "$ROOT/bench/book/xiangqi_own.book" "$TMP/xiangqi-book" \
  "$ROOT/experiments/xiangqi/strength-vs-fairy/games.pgn" \
  "$ROOT/experiments/xiangqi/strength-vs-fairy-full/games.pgn" \
  "$ROOT/experiments/xiangqi/strength-vs-fairy-tuned/games.pgn" \
  "$ROOT/experiments/strength/sprt/xiangqi-iir/games.pgn" \
  "$ROOT/experiments/strength/sprt/xiangqi-tuned-eval/games.pgn" \
  "$ROOT/experiments/strength/tuner/selfplay-xiangqi/games.pgn"
