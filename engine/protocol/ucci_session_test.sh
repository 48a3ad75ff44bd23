#!/bin/bash
# Runs ucci_session_test.py against the built binary: a UCCI session through a pipe.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
SCRIPT="$RUNFILES/engine/protocol/ucci_session_test.py"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -f "$SCRIPT" ]] || SCRIPT="engine/protocol/ucci_session_test.py"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
exec timeout --kill-after=5 200 python3 "$SCRIPT" "$BIN"
