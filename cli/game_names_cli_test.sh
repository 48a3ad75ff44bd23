#!/bin/bash
# Shell test of the built binary: every command that takes a game reads its name through the
# game registry (engine/games/games.h), so an unknown name is one clear line that names it and
# the games there are, exit code 2, before anything runs; and a known name runs that game.
set -u

BIN="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }

TMP="${TEST_TMPDIR:-$(mktemp -d)}"
failures=0
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

# expect_unknown COMMAND ARGS...: exit code 2 and one stderr line naming 'go' and the games.
expect_unknown() {
  "$BIN" "$@" >"$TMP/out" 2>"$TMP/err"
  local status=$?
  [[ $status -eq 2 ]] || fail "$*: exit code $status, not 2"
  [[ $(wc -l <"$TMP/err") -eq 1 ]] || fail "$*: not one line on stderr: $(cat "$TMP/err")"
  grep -q "unknown game 'go' (chess, xiangqi)" "$TMP/err" || fail "$*: $(cat "$TMP/err")"
  [[ ! -s "$TMP/out" ]] || fail "$*: wrote to stdout: $(head -n 2 "$TMP/out")"
}

expect_unknown bench --game go --depth 1
expect_unknown perft --game go --depth 1
expect_unknown scale --game go --depth 1 --out "$TMP/scale"
expect_unknown match --variant go --engine cmd=/bin/true --engine cmd=/bin/true
[[ ! -e "$TMP/scale" ]] || fail "scale --game go made its output folder"

# Known names: each game's own bench (its first line names the game but chess's) and perft.
"$BIN" bench --game xiangqi --depth 2 >"$TMP/out" 2>/dev/null || fail "bench --game xiangqi"
head -n 1 "$TMP/out" | grep -q "^bench: xiangqi, depth 2" || fail "xiangqi bench: $(head -n 1 "$TMP/out")"
"$BIN" bench --game chess --depth 2 >"$TMP/out" 2>/dev/null || fail "bench --game chess"
head -n 1 "$TMP/out" | grep -q "^bench: depth 2" || fail "chess bench: $(head -n 1 "$TMP/out")"
"$BIN" perft --game xiangqi --depth 2 >"$TMP/out" 2>&1 || fail "perft --game xiangqi"
grep -q "1920" "$TMP/out" || fail "xiangqi perft 2 is 1920: $(cat "$TMP/out")"

if [[ $failures -ne 0 ]]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "PASS"
