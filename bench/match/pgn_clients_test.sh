#!/bin/bash
# The PGN that `splitlab match` writes, read by the clients people use (issue 51): a real match
# (two Splitlab engines at a fixed depth, so that it is quick under the sanitizers too) is read
# by chess.js and chessops (npm, through pgn_clients_check.mjs) and by Debian's pgn-extract, and
# each must accept every game. No game may hold two comments in a row, which chess.js rejects;
# a canary of that form must be rejected, so that the check is seen to be able to fail.
# node, chess.js, chessops and pgn-extract come from scripts/setup.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
DIR="$RUNFILES/bench/match"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
[[ -d "$DIR" ]] || DIR="bench/match"
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
fail() { echo "FAIL: $*" >&2; exit 1; }

NODE=$(command -v node || command -v nodejs) || fail "node is not installed: scripts/setup installs it"
MODULES=$(npm root -g 2>/dev/null)
[[ -d "$MODULES/chess.js" && -d "$MODULES/chessops" ]] ||
  fail "chess.js and chessops are not in '$MODULES': scripts/setup installs them (npm install -g)"
EXTRACT=/usr/games/pgn-extract
[[ -x "$EXTRACT" ]] || EXTRACT=$(command -v pgn-extract) || fail "pgn-extract is not installed"

# Six games between two Splitlab engines at depth 3, adjudicated quickly: they end by resignation,
# draw adjudication, the move limit or on the board, each with a closing comment.
timeout --kill-after=5 300 "$BIN" match \
  --engine name=a cmd="$BIN" depth=3 --engine name=b cmd="$BIN" depth=4 \
  --each option.Hash=4 --rounds 3 --games 2 --repeat --maxmoves 60 \
  --resign movecount=2 score=400 --draw movenumber=20 movecount=4 score=20 \
  --pgnout "$TMP/games.pgn" --out "$TMP/match" > "$TMP/match.out" 2>&1 ||
  { tail -5 "$TMP/match.out" >&2; fail "the match did not complete"; }
games=$(grep -c '^\[Event ' "$TMP/games.pgn")
[[ $games -eq 6 ]] || fail "expected 6 games in the PGN, found $games"

# The form itself: every game's last move carries one comment, the closing words joined to it.
if tr '\n' ' ' < "$TMP/games.pgn" | grep -q '} *{'; then fail "two comments in a row in the match's PGN"; fi
joined=$(tr '\n' ' ' < "$TMP/games.pgn" | grep -o 's, [A-Z][^}]*} *\(1-0\|0-1\|1/2-1/2\)' | wc -l)
[[ $joined -eq 6 ]] || fail "expected each of the 6 games to end with one joined comment, found $joined"

"$NODE" "$DIR/pgn_clients_check.mjs" "$MODULES" "$TMP/games.pgn" ||
  fail "chess.js or chessops did not read the match's PGN"

: > "$TMP/extract.log"
"$EXTRACT" -s -l"$TMP/extract.log" -o"$TMP/extract.pgn" "$TMP/games.pgn" ||
  fail "pgn-extract failed on the match's PGN"
[[ ! -s "$TMP/extract.log" ]] || { cat "$TMP/extract.log" >&2; fail "pgn-extract complained"; }
[[ $(grep -c '^\[Event ' "$TMP/extract.pgn") -eq 6 ]] || fail "pgn-extract did not give back 6 games"

# Canary: the old form, the closing comment after the last move's own, must be rejected.
sed 's/s, \([A-Z][^}]*\)}/s} {\1}/' "$TMP/games.pgn" > "$TMP/two-comments.pgn"
cmp -s "$TMP/games.pgn" "$TMP/two-comments.pgn" && fail "the canary changed nothing"
"$NODE" "$DIR/pgn_clients_check.mjs" "$MODULES" "$TMP/two-comments.pgn" --expect-reject ||
  fail "canary: chess.js read games with two comments in a row, so this check proves nothing"
echo "1 passed, 0 failed"
