#!/bin/bash
# Runs game_folder_test.py (see there) on the checkout this test's runfiles link to.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
DIR="$RUNFILES/tests/games"
[[ -d "$DIR" ]] || DIR="tests/games"
exec /usr/bin/python3 "$DIR/game_folder_test.py"
