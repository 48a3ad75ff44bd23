#!/bin/bash
# Runs uci_variant_test.py against the built binary: UCI with UCI_Variant xiangqi, refereed by Fairy-Stockfish.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
SCRIPT="$RUNFILES/engine/protocol/uci_variant_test.py"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -f "$SCRIPT" ]] || SCRIPT="engine/protocol/uci_variant_test.py"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
[[ -x /usr/games/fairy-stockfish ]] || { echo "fairy-stockfish is not installed (scripts/setup installs it)" >&2; exit 1; }
exec timeout --kill-after=5 200 python3 "$SCRIPT" "$BIN"
