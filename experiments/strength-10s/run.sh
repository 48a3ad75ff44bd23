#!/bin/sh
# Issue 10's target match: Splitlab at 1 thread against OPPONENT (glaurung: Glaurung 2.2, the
# target; toga: Toga II 3.0, the next bar) at 10+0.1, 600 games (300 openings of the default
# book, each played with both colours), Hash 64, concurrency 2 (one engine per core), Move
# Overhead at its default, the opponent's own book off, adjudication as in experiments/strength-1thread.
#
#   experiments/strength-10s/run.sh OPPONENT [SPLITLAB]     (from the repository root)
#
# SPLITLAB: the binary that plays and runs the match (default bazel-bin/splitlab; give a copy,
# e.g. /tmp/splitlab-<commit>, so that a rebuild cannot change the engine mid-match). Rerunning
# the same command resumes from experiments/strength-10s/OPPONENT/results; the runner warns if
# the binary changed. RUNNER (default SPLITLAB): the binary whose `match` runs the games, when a
# newer runner should drive the same engine. ROUNDS (default 300): game pairs; a resumed match
# may have more. NAME (default OPPONENT): the directory under experiments/strength-10s, so that a
# fresh match of a later build does not resume an earlier one. Nothing else may run on the
# machine meanwhile. Before any game the Splitlab binary must be an opt build without sanitizers
# or assertions, and a resumed match the binary it began with (engines.txt records it, as
# sprt.sh does); host-steal.log logs the hypervisor's stalls beside the games.
set -eu
opponent=${1:?usage: run.sh glaurung|toga [SPLITLAB]}
splitlab=${2:-bazel-bin/splitlab}
case $opponent in
  glaurung) cmd=/usr/games/glaurung; threads=option.Threads=1 ;;  # Its default is 2.
  toga) cmd=/usr/games/toga2; threads= ;;  # "Number of Threads", 1 by default.
  *) echo "run.sh: the opponent is glaurung or toga, not '$opponent'" >&2; exit 2 ;;
esac
runner=${RUNNER:-$splitlab}
[ -x "$splitlab" ] || { echo "run.sh: no executable '$splitlab'" >&2; exit 2; }
[ -x "$runner" ] || { echo "run.sh: no executable runner '$runner'" >&2; exit 2; }
dir=experiments/strength-10s/${NAME:-$opponent}
mkdir -p "$dir"
python3 experiments/strength/engine_build_check.py "$dir/engines.txt" "splitlab=$splitlab"
bash experiments/strength/host_steal_log.sh "$dir/match.out" "$dir/host-steal.log" &
steal_logger=$!
trap 'kill "$steal_logger" 2>/dev/null' EXIT
"$runner" match \
  --engine name=splitlab cmd="$splitlab" option.Threads=1 \
  --engine name="$opponent" cmd="$cmd" option.OwnBook=false $threads \
  --each tc=10+0.1 option.Hash=64 \
  --rounds "${ROUNDS:-300}" --games 2 --repeat --concurrency 2 --seed 2030 \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --ratinginterval 20 \
  --pgnout "$dir/games.pgn" --out "$dir/results" | tee -a "$dir/match.out"
