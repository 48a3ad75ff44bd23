#!/bin/bash
# Issue 53, item 7: what a match over MPI ranks costs the runner. Run from the repository root on
# an otherwise idle machine, after `bazel build -c opt //:splitlab`:
#
#   experiments/mpi-campaigns/run.sh [OUT]          (default experiments/mpi-campaigns/results)
#
# 1. Scheduling cost as the rank count grows: instant games (no engine; each game a fixed
#    result, bench/match/instant_game.h) over 1..64 ranks oversubscribed on this machine, one
#    game at a time per rank. Rank 0 records every game (state, PGN, results.json, statistics);
#    its games per second and its CPU time per game are the coordinator's limit.
# 2. A 3+0.03 match of Splitlab against itself (an SPRT that cannot decide this soon, so it runs
#    its games), one game at a time per rank, on 1 rank and on 2: games per hour, and the
#    runner's overhead per game (the games' wall time not spent waiting for an engine, and the
#    runner threads' CPU per game against the game's length); and one process playing two games
#    at once, the 2 ranks' load without MPI.
# Each run's results.json and output stay in OUT; summarise.py turns them into results.csv,
# results.json, a readable table (report.txt) and throughput.png. A rerun skips the runs whose
# results.json says complete.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-experiments/mpi-campaigns/results}
BIN=$(pwd)/bazel-bin/splitlab
# bazel-bin follows the last build's configuration: a sanitizer build would time itself.
bazel build -c opt //:splitlab
[[ -x "$BIN" ]] || { echo "no $BIN" >&2; exit 2; }
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 TMPDIR=/tmp
INSTANT_ROUNDS=${INSTANT_ROUNDS:-10000}  # x 2 games a round
TC_ROUNDS=${TC_ROUNDS:-40}               # x 2 games a round

complete() { [[ -f "$1/results.json" ]] && grep -q '"complete": true' "$1/results.json"; }

run_match() {  # NAME RANKS ARGS...
  local name=$1 ranks=$2
  shift 2
  local dir="$OUT/$name"
  if complete "$dir"; then echo "$name: done already"; return; fi
  rm -rf "$dir"
  mkdir -p "$dir"
  echo "$name: $ranks rank(s), started $(date -u +%H:%M:%S)"
  local launcher=()
  [[ $ranks -gt 1 ]] && launcher=(mpirun --oversubscribe --bind-to none -np "$ranks")
  "${launcher[@]}" "$BIN" match "$@" --out "$dir/match" >"$dir/match.out" 2>"$dir/match.err"
  cp "$dir/match/results.json" "$dir/results.json"
  grep '^Runner' "$dir/match.out"
  # 20,000 instant games make 40 MB of state and game rows: kept are the run's figures (the
  # runner block, the statistics), its output's last lines and the ranks' reports.
  if [[ $name == instant-* ]]; then
    /usr/bin/python3 - "$dir/results.json" <<'PY'
import json, sys
with open(sys.argv[1]) as f:
    data = json.load(f)
data["games"] = "left out: %d rows (experiments/mpi-campaigns/run.sh)" % len(data["games"])
with open(sys.argv[1], "w") as f:
    json.dump(data, f, indent=1)
PY
    tail -n 30 "$dir/match.out" >"$dir/match.out.tail" && mv "$dir/match.out.tail" "$dir/match.out"
    rm -rf "$dir/match"
  fi
}

for ranks in 1 2 4 8 16 32 64; do
  run_match "instant-$ranks" "$ranks" \
    --engine name=a cmd="$BIN" --engine name=b cmd="$BIN" --each tc=3+0.03 \
    --rounds "$INSTANT_ROUNDS" --games 2 --repeat --instant-games --concurrency 1 --seed 53
done

for ranks in 1 2; do
  run_match "tc-3+0.03-$ranks" "$ranks" \
    --engine name=new cmd="$BIN" --engine name=old cmd="$BIN" \
    --each tc=3+0.03 option.Hash=16 option.Threads=1 \
    --rounds "$TC_ROUNDS" --games 2 --repeat --concurrency 1 --seed 53 \
    --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
done

# The reference for 2 ranks' refereeing: one process playing two games at once, so that its
# games share the two cores as the 2 ranks' games do (the refereeing's cost grows with the load).
run_match "tc-3+0.03-1-concurrency2" 1 \
  --engine name=new cmd="$BIN" --engine name=old cmd="$BIN" \
  --each tc=3+0.03 option.Hash=16 option.Threads=1 \
  --rounds "$TC_ROUNDS" --games 2 --repeat --concurrency 2 --seed 53 \
  --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05

/usr/bin/python3 experiments/mpi-campaigns/summarise.py "$OUT"
