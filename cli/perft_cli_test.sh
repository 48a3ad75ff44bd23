#!/bin/bash
# Shell test of the built binary: `splitlab perft` output, --divide, and the error contract
# (exit code 2 with one line "splitlab perft: ..." on stderr; exit code 1 when a suite fails).
set -u

BIN="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }

TMP="${TEST_TMPDIR:-$(mktemp -d)}"
OUT="$TMP/stdout"
ERR="$TMP/stderr"
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
failures=0

fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

# Runs the binary with the given arguments; sets $status and fills $OUT and $ERR.
run() {
  "$BIN" "$@" >"$OUT" 2>"$ERR"
  status=$?
}

# The number after "Nodes searched:" on the last line of stdout.
nodes_searched() {
  tail -n 1 "$OUT" | sed -n 's/^Nodes searched: \([0-9][0-9]*\)$/\1/p'
}

# Sum of the "move: count" lines of a --divide run, and their number.
divide_sum() { grep -E '^[a-h][1-8][a-h][1-8][nbrq]?: [0-9]+$' "$OUT" | awk '{s += $2} END {print s + 0}'; }
divide_lines() { grep -cE '^[a-h][1-8][a-h][1-8][nbrq]?: [0-9]+$' "$OUT"; }

expect_nodes() {  # expect_nodes EXPECTED DESCRIPTION
  if [[ $status -ne 0 ]]; then
    fail "$2: exit code $status, stderr: $(cat "$ERR")"
  elif [[ "$(nodes_searched)" != "$1" ]]; then
    fail "$2: expected 'Nodes searched: $1' last, got '$(tail -n 1 "$OUT")'"
  fi
}

# expect_usage_error DESCRIPTION TEXT_THE_MESSAGE_MUST_CONTAIN ARGS...
expect_usage_error() {
  local what="$1" mentions="$2"
  shift 2
  run "$@"
  if [[ $status -ne 2 ]]; then
    fail "$what: exit code $status, expected 2"
  fi
  local lines
  lines=$(wc -l <"$ERR")
  if [[ $lines -ne 1 ]]; then
    fail "$what: expected one line on stderr, got $lines: $(cat "$ERR")"
  fi
  if ! head -n 1 "$ERR" | grep -q '^splitlab perft: '; then
    fail "$what: stderr does not start with 'splitlab perft: ': $(cat "$ERR")"
  fi
  if ! grep -qF -- "$mentions" "$ERR"; then
    fail "$what: stderr does not mention '$mentions': $(cat "$ERR")"
  fi
  if grep -q 'Nodes searched' "$OUT"; then
    fail "$what: printed a node count"
  fi
}

# --- Counts ---------------------------------------------------------------------------

run perft --depth 3
expect_nodes 8902 "perft --depth 3 from the start"

run perft --fen "$START" --depth 4
expect_nodes 197281 "perft --fen START --depth 4"

run perft --game chess --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --depth 3
expect_nodes 97862 "Kiwipete depth 3"

# Xiangqi (counts from tests/data/xiangqi_perft.epd, confirmed by Fairy-Stockfish).
run perft --game xiangqi --depth 3
expect_nodes 79666 "xiangqi perft --depth 3 from the start"
run perft --game xiangqi --moves "h2e2 h9g7" --depth 1 --divide
xiangqi_sum=$(grep -E '^[a-i][0-9][a-i][0-9]: [0-9]+$' "$OUT" | awk '{s += $2} END {print s + 0}')
[[ "$xiangqi_sum" == "$(nodes_searched)" && "$xiangqi_sum" -gt 0 ]] ||
  fail "xiangqi --moves --divide: lines sum to $xiangqi_sum, not $(nodes_searched)"
grep -q '^e2e6: 1$' "$OUT" || fail "xiangqi after h2e2 h9g7: the cannon's capture e2e6 is missing"

# --- Divide ---------------------------------------------------------------------------

run perft --depth 1 --divide
expect_nodes 20 "--divide depth 1"
[[ "$(divide_lines)" == 20 ]] || fail "--divide depth 1: expected 20 move lines, got $(divide_lines)"
[[ "$(divide_sum)" == 20 ]] || fail "--divide depth 1: lines sum to $(divide_sum), expected 20"

run perft --depth 3 --divide
expect_nodes 8902 "--divide depth 3"
[[ "$(divide_lines)" == 20 ]] || fail "--divide depth 3: expected 20 move lines, got $(divide_lines)"
[[ "$(divide_sum)" == 8902 ]] || fail "--divide depth 3: lines sum to $(divide_sum), expected 8902"
e2e4_at_3=$(sed -n 's/^e2e4: //p' "$OUT")

# --moves: the e2e4 line of the divide is perft 2 after 1.e4.
run perft --moves "e2e4" --depth 2
expect_nodes "$e2e4_at_3" "--moves e2e4 --depth 2 against the divide's e2e4 line"
run perft --moves "e2e4 e7e5" --fen "$START" --depth 1 --divide
[[ "$(divide_sum)" == "$(nodes_searched)" ]] || fail "--moves e2e4 e7e5 --divide: sum differs"
grep -q '^g1f3: 1$' "$OUT" || fail "--moves e2e4 e7e5 --divide: no 'g1f3: 1' line"
grep -q '^e1e2: 1$' "$OUT" || fail "--moves e2e4 e7e5 --divide: Ke2 missing after 1.e4 e5"

# --- --stdin: one position a line, each answered as it comes --------------------------

# The same counts as the one-position runs above, in one process: startpos with and without
# moves, a FEN with moves, the optional 'position' word, a blank line skipped.
printf '%s\n' "startpos" "" "position startpos moves e2e4" \
  "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" \
  "fen $START moves e2e4 e7e5" >"$TMP/positions.txt"
"$BIN" perft --depth 2 --stdin <"$TMP/positions.txt" >"$OUT" 2>"$ERR"; status=$?
counts=$(sed -n 's/^Nodes searched: //p' "$OUT" | tr '\n' ' ')
[[ $status -eq 0 && "$counts" == "400 $e2e4_at_3 2039 $(
  "$BIN" perft --moves "e2e4 e7e5" --depth 2 2>/dev/null | sed -n 's/^Nodes searched: //p') " ]] ||
  fail "--stdin counts: exit $status, got '$counts': $(cat "$ERR")"
# Each answer arrives before the next question is asked (a pipe held open, as the tests' legal-
# move oracles hold it): the first count is read while the writer still holds the pipe.
coproc PERFT { "$BIN" perft --depth 1 --divide --stdin 2>/dev/null; }
# Bash forgets a coproc's descriptors when it ends: keep their numbers.
perft_in=${PERFT[1]} perft_out=${PERFT[0]} perft_pid=$PERFT_PID
# Asks the open perft one position; prints its "Nodes searched" line.
ask() {
  echo "$1" >&"$perft_in"
  local line
  while read -r -t 20 line <&"$perft_out"; do
    [[ "$line" == "Nodes searched: "* ]] && { echo "$line"; return; }
  done
}
answer=$(ask "startpos")
[[ "$answer" == "Nodes searched: 20" ]] || fail "--stdin over a pipe: first answer '$answer'"
answer=$(ask "fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1")
[[ "$answer" == "Nodes searched: 15" ]] || fail "--stdin over a pipe: second answer '$answer'"
eval "exec ${perft_in}>&-" 2>/dev/null
wait "$perft_pid" || fail "--stdin over a pipe: exit $? after its input closed"
# A bad line stops the run with its number, after the answers before it.
printf '%s\n' "startpos" "startpos moves e2e5" "startpos" >"$TMP/bad_positions.txt"
"$BIN" perft --depth 1 --stdin <"$TMP/bad_positions.txt" >"$OUT" 2>"$ERR"; status=$?
[[ $status -eq 2 && $(grep -c '^Nodes searched: 20$' "$OUT") -eq 1 ]] &&
  grep -q '^splitlab perft: standard input, line 2: .*e2e5' "$ERR" ||
  fail "--stdin bad move: exit $status, stdout $(cat "$OUT"), stderr $(cat "$ERR")"
for bad in "midgame" "fen" "startpos e2e4" "fen 8/8/8 w - - 0 1"; do
  echo "$bad" | "$BIN" perft --depth 1 --stdin >"$OUT" 2>"$ERR"; status=$?
  [[ $status -eq 2 && ! -s "$OUT" ]] && grep -q '^splitlab perft: standard input, line 1: ' "$ERR" ||
    fail "--stdin line '$bad': exit $status, stderr $(cat "$ERR")"
done
expect_usage_error "--stdin with --fen" "--stdin" perft --stdin --depth 1 --fen "$START"
expect_usage_error "--stdin without --depth" "--depth" perft --stdin

# --- Bad input: exit code 2 and one line on stderr --------------------------------------

expect_usage_error "malformed FEN" "FEN" perft --fen "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" --depth 1
expect_usage_error "FEN with a bad piece" "'x'" perft --fen "4k3/8/8/8/8/8/8/4K2x w - - 0 1" --depth 1
expect_usage_error "illegal move in --moves" "e2e5" perft --moves "e2e4 e7e5 e2e5" --depth 1
expect_usage_error "unparsable move in --moves" "zz99" perft --moves "zz99" --depth 1
expect_usage_error "bad depth x" "--depth" perft --depth x
expect_usage_error "depth 0" "--depth" perft --depth 0
expect_usage_error "negative depth" "--depth" perft --depth -3
expect_usage_error "missing depth" "--depth" perft --fen "$START"
expect_usage_error "depth without a value" "--depth" perft --depth
expect_usage_error "missing suite file" "$TMP/no_such_suite.epd" perft --suite "$TMP/no_such_suite.epd"
expect_usage_error "unknown flag" "--bogus" perft --depth 1 --bogus
expect_usage_error "stray argument" "stray" perft --depth 1 stray
expect_usage_error "unknown game" "go" perft --game go --depth 1
expect_usage_error "chess FEN given to xiangqi" "FEN" perft --game xiangqi --fen "$START" --depth 1
expect_usage_error "illegal xiangqi move" "h2h8" perft --game xiangqi --moves "h2h8" --depth 1
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n' >"$TMP/any.epd"
expect_usage_error "bad --max-depth" "--max-depth" perft --suite "$TMP/any.epd" --max-depth 0

# --- Suites -----------------------------------------------------------------------------

cat >"$TMP/good.epd" <<'EPD'
# Two positions from the verified suite.
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197
EPD
run perft --suite "$TMP/good.epd" --out "$TMP/good.csv"
[[ $status -eq 0 ]] || fail "good suite: exit code $status: $(cat "$OUT" "$ERR")"
grep -q 'FAIL' "$OUT" && fail "good suite printed FAIL: $(cat "$OUT")"
[[ $(grep -c '^ok ' "$OUT") -eq 6 ]] || fail "good suite: expected 6 ok lines: $(cat "$OUT")"
[[ $(grep -cv '^#' "$TMP/good.csv") -eq 7 ]] || fail "good suite: the CSV should have a header and 6 rows"
grep -v '^#' "$TMP/good.csv" | head -n 1 | grep -q '^line,fen,depth,expected,nodes,ok,seconds$' ||
  fail "good suite: CSV header is '$(grep -v '^#' "$TMP/good.csv" | head -n 1)'"
grep -q '^# commit: ' "$TMP/good.csv" && grep -q '^# build: .*x86-64' "$TMP/good.csv" ||
  fail "good suite: the CSV does not name its commit and instruction set"

run perft --suite "$TMP/good.epd" --max-depth 2
[[ $status -eq 0 ]] || fail "good suite --max-depth 2: exit code $status"
[[ $(grep -c '^ok ' "$OUT") -eq 4 ]] || fail "--max-depth 2: expected 4 checks: $(cat "$OUT")"
grep -q ' D3 ' "$OUT" && fail "--max-depth 2 ran a depth-3 check"

cat >"$TMP/wrong.epd" <<'EPD'
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401
4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66
EPD
run perft --suite "$TMP/wrong.epd"
[[ $status -eq 1 ]] || fail "suite with a wrong count: exit code $status, expected 1"
[[ $(grep -c '^FAIL' "$OUT") -eq 1 ]] || fail "wrong count: expected one FAIL line: $(cat "$OUT")"
grep -q 'expected 401' "$OUT" || fail "wrong count: the expected count is not shown: $(cat "$OUT")"
grep -q '^Suite: 4 checks, 3 passed, 1 failed' "$OUT" || fail "wrong count: bad summary: $(cat "$OUT")"

cat >"$TMP/badfen.epd" <<'EPD'
4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15
4k3/8/8/8/8/8/8/4K3 w K - 0 1 ;D1 5
EPD
expect_usage_error "suite with an invalid FEN" "badfen.epd:2:" perft --suite "$TMP/badfen.epd"

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all perft CLI checks passed"
