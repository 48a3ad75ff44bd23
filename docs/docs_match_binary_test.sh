#!/bin/bash
# Runs docs_match_binary_test.py (see there) on the binary built in this test's configuration.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
SCRIPT="$RUNFILES/docs/docs_match_binary_test.py"
[[ -f "$SCRIPT" ]] || SCRIPT="docs/docs_match_binary_test.py"
exec timeout --kill-after=5 300 python3 "$SCRIPT" "$BIN"
