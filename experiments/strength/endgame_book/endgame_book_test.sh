#!/bin/bash
# Runs endgame_book_test.py on the committed endgame book with the built binary.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
DIR="$RUNFILES/experiments/strength/endgame_book"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
exec timeout --kill-after=5 120 python3 "$DIR/endgame_book_test.py" "$BIN" \
  "$DIR/endgame_book.epd" "$DIR/make_endgame_book.py"
