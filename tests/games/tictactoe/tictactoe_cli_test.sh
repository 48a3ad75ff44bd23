#!/bin/bash
# Runs tictactoe_cli_test.py on this folder's binary (the registry's games and tic-tac-toe).
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
exec python3 "$RUNFILES/tests/games/tictactoe/tictactoe_cli_test.py" \
  "$RUNFILES/tests/games/tictactoe/splitlab" "${TEST_TMPDIR:-$(mktemp -d)}"
