#!/bin/bash
# Runs provenance_test.py (see there) on the checkout this test's runfiles link to.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
DIR="$RUNFILES/experiments"
[[ -f "$DIR/provenance_test.py" ]] || DIR="experiments"
exec /usr/bin/python3 "$DIR/provenance_test.py" "$DIR/provenance.py"
