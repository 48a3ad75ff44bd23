#!/bin/bash
# Runs own_book_test.py against the built binary: the engine's own book through a pipe.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
SCRIPT="$RUNFILES/engine/protocol/own_book_test.py"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
[[ -f "$SCRIPT" ]] || SCRIPT="engine/protocol/own_book_test.py"
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
exec timeout --kill-after=5 280 python3 "$SCRIPT" "$BIN" "$TMP"
