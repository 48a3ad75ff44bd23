#!/bin/bash
# Runs book_test.py on the committed book with the built binary (see the script's docstring).
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
DIR="$RUNFILES/bench/book"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -f "$DIR/book_test.py" ]] || DIR="bench/book"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
exec timeout --kill-after=5 120 python3 "$DIR/book_test.py" "$BIN" "$DIR/splitlab_book.epd" \
  "$DIR/make_book.py"
