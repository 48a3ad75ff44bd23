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
# An argument picks a part: "only" the checks held to wall time, "skip" the others
# (run_tests' UCI_TEST_CLOCKED, engine/protocol/uci_test_support.py); none, every check.
[[ $# -gt 0 ]] && export UCI_TEST_CLOCKED="$1"
exec timeout --kill-after=5 100 python3 "$SCRIPT" "$BIN"
