#!/bin/bash
# Runs referee.py (see there): Splitlab's Polyglot books against Debian's polyglot on 1,200 games.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
ROOT="$RUNFILES"
[[ -f "$ROOT/bench/book/splitlab_book.epd" ]] || ROOT="."
[[ -x /usr/games/polyglot ]] || { echo "polyglot is not installed: scripts/setup installs it" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
# A sanitizer build (its options are in the environment, .bazelrc): the quick form.
if [[ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ]]; then export QUICK=1; fi
exec /usr/bin/python3 "$ROOT/experiments/polyglot-books/referee.py" "$BIN" \
  "$ROOT/bench/book/splitlab_book.epd" "$TMP/referee" \
  "$ROOT/experiments/strength-10s/glaurung-0be82ad/games.pgn" \
  "$ROOT/experiments/strength-10s/toga-0be82ad/games.pgn"
