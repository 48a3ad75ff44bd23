#!/bin/sh
# Issue 12's strength figure: Splitlab (1 thread) against Fairy-Stockfish (1 thread) at several
# Skill Levels, a gauntlet on the default xiangqi book with every opening played with colours
# swapped. The level where Splitlab scores 50% is read from the per-level Elo by
# experiments/xiangqi/skill_level_fit.py.
#
#   experiments/xiangqi/strength_vs_fairy.sh SPLITLAB_BINARY        (from the repository root)
#
# Settings (environment): LEVELS (default "10 14 17 20"; 20 is full strength), ROUNDS (game pairs
# per level, 50), TC (3+0.03), CONCURRENCY (2: one engine per core), SEED (2031), OUT
# (experiments/xiangqi/strength-vs-fairy). Rerunning resumes. The machine must be otherwise idle.
set -eu
bin=${1:?usage: strength_vs_fairy.sh SPLITLAB_BINARY}
[ -x "$bin" ] || { echo "strength_vs_fairy.sh: no executable '$bin'" >&2; exit 2; }
fairy=${FAIRY:-/usr/games/fairy-stockfish}
[ -x "$fairy" ] || { echo "strength_vs_fairy.sh: no Fairy-Stockfish at '$fairy'" >&2; exit 2; }
out=${OUT:-experiments/xiangqi/strength-vs-fairy}
mkdir -p "$out"
set -- --engine name=Splitlab cmd="$bin"
for level in ${LEVELS:-10 14 17 20}; do
  set -- "$@" --engine name=Fairy-L"$level" cmd="$fairy" "option.Skill Level=$level"
done
"$bin" match --variant xiangqi --tournament gauntlet "$@" \
  --each tc="${TC:-3+0.03}" option.Hash=64 option.Threads=1 \
  --rounds "${ROUNDS:-50}" --games 2 --repeat --concurrency "${CONCURRENCY:-2}" \
  --seed "${SEED:-2031}" \
  --draw movenumber=60 movecount=10 score=10 --resign movecount=3 score=800 twosided=true \
  --ratinginterval 40 \
  --pgnout "$out/games.pgn" --out "$out/results" | tee -a "$out/match.out"
