#!/bin/bash
# Runs uci_session_test.py against the built binary: a UCI session through a pipe.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
SCRIPT="$RUNFILES/engine/protocol/uci_session_test.py"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -f "$SCRIPT" ]] || SCRIPT="engine/protocol/uci_session_test.py"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
# The script bounds every wait itself; `timeout` is the last resort if it does not.
exec timeout --kill-after=5 100 python3 "$SCRIPT" "$BIN"
