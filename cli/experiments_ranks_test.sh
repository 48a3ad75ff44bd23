#!/bin/bash
# Runs experiments_ranks_test.py (scale and tt-study over MPI ranks) against the built binary.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
DIR="$RUNFILES/cli"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -d "$DIR" ]] || DIR="cli"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
# The script bounds every wait itself; `timeout` is the last resort if it does not.
exec timeout --kill-after=5 280 python3 "$DIR/experiments_ranks_test.py" "$BIN" \
  "$DIR/testdata/scale_two_positions.epd" "$DIR/testdata/tt_study_games.pgn" "$TMP"
