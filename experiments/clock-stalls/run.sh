#!/bin/sh
# Time losses under planted stalls (issue 9): NEW against BASE at 3+0.03, 1 thread each,
# concurrency 2, while stall.py freezes a random one of the running engines for STALL_MS
# every INTERVAL s on average. Both sides suffer the same stalls; only what they do about them
# differs. Run from the repository root with two binaries copied out of bazel-bin (the stall
# planter finds the engines by their exact paths, so the two must differ):
#   experiments/clock-stalls/run.sh NAME /tmp/splitlab-new /tmp/splitlab-old   (rerunning resumes)
# Settings (environment): ROUNDS (game pairs, 60), STALL_MS (80), INTERVAL (0.5), SEED (2031).
set -eu
name=${1:?usage: run.sh NAME NEW BASE}
new=${2:?usage: run.sh NAME NEW BASE}
base=${3:?usage: run.sh NAME NEW BASE}
[ "$new" != "$base" ] || { echo "run.sh: NEW and BASE must be different paths" >&2; exit 2; }
for b in "$new" "$base"; do [ -x "$b" ] || { echo "run.sh: no executable '$b'" >&2; exit 2; }; done
dir=experiments/clock-stalls/$name
mkdir -p "$dir"
python3 experiments/clock-stalls/stall.py --stall-ms "${STALL_MS:-80}" \
  --interval "${INTERVAL:-0.5}" --seed "${SEED:-2031}" --log "$dir/stalls.log" "$new" "$base" &
planter=$!
trap 'kill $planter 2>/dev/null' EXIT INT TERM
echo "stalls of ${STALL_MS:-80} ms every ${INTERVAL:-0.5} s on average" >> "$dir/match.out"
"$new" match \
  --engine name=new cmd="$new" --engine name=base cmd="$base" \
  --each tc=3+0.03 option.Hash=16 option.Threads=1 \
  --rounds "${ROUNDS:-60}" --games 2 --repeat --concurrency 2 --seed "${SEED:-2031}" \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --ratinginterval 20 \
  --pgnout "$dir/games.pgn" --out "$dir/results" | tee -a "$dir/match.out"
