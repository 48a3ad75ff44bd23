#!/bin/bash
# Runs layers_test.py (see there) on the checkout this test's runfiles link to.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
DIR="$RUNFILES/tests/layers"
[[ -d "$DIR" ]] || DIR="tests/layers"
exec /usr/bin/python3 "$DIR/layers_test.py"
