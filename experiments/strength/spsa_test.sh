#!/bin/bash
# Runs spsa_test.py against spsa.py and the built binary (see that script).
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
DIR="$RUNFILES/experiments/strength"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -d "$DIR" ]] || DIR="experiments/strength"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
exec timeout --kill-after=5 280 /usr/bin/python3 "$DIR/spsa_test.py" "$DIR/spsa.py" "$BIN" "$TMP"
