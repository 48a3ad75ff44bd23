#!/bin/bash
# Runs summarise_test.py against summarise.py (see that script).
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
DIR="$RUNFILES/experiments/second-thread"
[[ -d "$DIR" ]] || DIR="experiments/second-thread"
exec /usr/bin/python3 "$DIR/summarise_test.py" "$DIR/summarise.py"
