#!/bin/bash
# Runs one of the match's end-to-end scripts (its name the first argument: match_cli_test.py,
# match_faults_test.py) against the built binary and fake_engine.py; see that script.
set -u
SCRIPT="$1"
shift
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
DIR="$RUNFILES/bench/match"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -d "$DIR" ]] || DIR="bench/match"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
# The script bounds every wait itself; `timeout` is the last resort if it does not. Under a
# sanitizer, on a loaded machine, match_ranks_test took more than 240 s (126 s alone).
LIMIT=240
[[ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ]] && LIMIT=840
exec timeout --kill-after=5 $LIMIT python3 "$DIR/$SCRIPT" "$BIN" "$DIR/fake_engine.py" "$TMP" "$@"
