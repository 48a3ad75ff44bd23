#!/bin/bash
# Runs xiangqi_fairy_perft_test.py: perft of random positions against Fairy-Stockfish.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
SCRIPT="$RUNFILES/engine/xiangqi/xiangqi_fairy_perft_test.py"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -f "$SCRIPT" ]] || SCRIPT="engine/xiangqi/xiangqi_fairy_perft_test.py"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
[[ -x /usr/games/fairy-stockfish ]] || { echo "fairy-stockfish is not installed (scripts/setup installs it)" >&2; exit 1; }
exec timeout --kill-after=5 250 python3 "$SCRIPT" "$BIN"
