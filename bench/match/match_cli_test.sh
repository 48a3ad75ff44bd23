#!/bin/bash
# Runs match_cli_test.py against the built binary (see that script).
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
DIR="$RUNFILES/bench/match"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -d "$DIR" ]] || DIR="bench/match"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
# The script bounds every wait itself; `timeout` is the last resort if it does not.
exec timeout --kill-after=5 240 python3 "$DIR/match_cli_test.py" "$BIN" "$DIR/fake_engine.py" "$TMP"
