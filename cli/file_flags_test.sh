#!/bin/bash
# Runs file_flags_test.py on the splitlab binary built in this test's configuration.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
SCRIPT="$RUNFILES/cli/file_flags_test.py"
[[ -f "$SCRIPT" ]] || SCRIPT="cli/file_flags_test.py"
exec timeout --kill-after=5 900 python3 "$SCRIPT" "$BIN"
