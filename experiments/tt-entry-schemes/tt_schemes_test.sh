#!/bin/bash
# Runs tt_schemes_test.py (the parsing and judging of bench/tt_schemes.py) under Bazel.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
SCRIPT="$RUNFILES/experiments/tt-entry-schemes/tt_schemes_test.py"
[[ -f "$SCRIPT" ]] || SCRIPT="experiments/tt-entry-schemes/tt_schemes_test.py"
exec python3 "$SCRIPT"
