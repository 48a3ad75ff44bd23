#!/bin/bash
# A short protocol soak (protocol_soak.py, see there) over UCI at 1-8 threads and over UCCI, and
# its canary: an engine whose third bestmove is illegal must fail it. The long runs (100,000
# commands) are issue 52's experiment, experiments/hardening/.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
ROOT="$RUNFILES"
[[ -f "$ROOT/engine/protocol/protocol_soak.py" ]] || ROOT="."
BIN="$ROOT/splitlab"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
SOAK="$ROOT/engine/protocol/protocol_soak.py"
# Under a sanitizer (its options are in the environment, .bazelrc) every search is 10-50 times
# slower, and its shadow memory takes several times the engine's own: fewer commands, a longer
# wait for readyok behind the searches ahead of it, a larger memory allowance, and fewer
# positions (each costs perft runs of the slow binary). Alone under ASan it took 128 s.
UCI_COMMANDS=3000 UCCI_COMMANDS=1000 READY=2 RSS=256 POOL=40
if [[ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ]]; then
  UCI_COMMANDS=200 UCCI_COMMANDS=80 READY=30 RSS=2048 POOL=12
fi
status=0
run() {  # NAME, then soak flags; the soak must pass
  echo "== $1" >&2
  shift
  if ! timeout --kill-after=5 400 python3 "$SOAK" "$BIN" --ready-timeout "$READY" --rss-allowance "$RSS" \
      --pool "$POOL" "$@"; then
    echo "FAIL: the soak $* failed" >&2
    status=1
  fi
}
run "UCI, seed 1" --commands "$UCI_COMMANDS" --seed 1
run "UCCI, seed 2" --protocol ucci --commands "$UCCI_COMMANDS" --seed 2
# The canary proves the soak's own checks (Python) catch an illegal move: the same in every
# configuration, so it runs once, in the optimised pass; a sanitizer would only slow its engine.
if [[ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ]]; then
  [[ $status -eq 0 ]] && echo "protocol soak: passed (its canary runs in the optimised pass)"
  exit $status
fi
echo "== canary: the third bestmove illegal" >&2
out=$(SOAK_CANARY_BINARY="$BIN" timeout --kill-after=5 300 python3 "$SOAK" \
  "$ROOT/engine/protocol/soak_canary_engine.py" --commands 400 --seed 3 --ready-timeout "$READY" \
  --rss-allowance "$RSS" --pool "$POOL" --pipelined-share 0)
if [[ $? -eq 0 ]] || ! grep -q "answered a1a1, not among" <<<"$out"; then
  echo "FAIL: the soak did not catch the canary's illegal bestmove:" >&2
  echo "$out" | tail -n 5 >&2
  status=1
fi
[[ $status -eq 0 ]] && echo "protocol soak: passed, and the canary was caught"
exit $status
