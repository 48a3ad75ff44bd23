#!/bin/bash
# Runs first_iteration_moves_test.py against first_iteration_moves.py (see that script).
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
DIR="$RUNFILES/experiments/strength"
[[ -d "$DIR" ]] || DIR="experiments/strength"
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
exec /usr/bin/python3 "$DIR/first_iteration_moves_test.py" "$DIR/first_iteration_moves.py" "$TMP"
