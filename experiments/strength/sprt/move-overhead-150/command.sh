#!/bin/sh
# Run from anywhere; /tmp/splitlab-head is a build of 1a11a0f, /tmp/splitlab-runner of fb4c141.
# Entry 13: Move Overhead 150 against the default 50, the same binary, non-regression bounds.
cd /work/main
dir=experiments/strength/sprt/move-overhead-150
exec /tmp/splitlab-runner match \
  --engine name=new cmd=/tmp/splitlab-head option.SearchFeatures=futility,lmp,iir "option.Move Overhead=150" \
  --engine name=base cmd=/tmp/splitlab-head option.SearchFeatures=futility,lmp,iir \
  --each tc=3+0.03 option.Hash=16 option.Threads=1 \
  --rounds 3000 --games 2 --repeat --concurrency 2 --seed 2029 \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --sprt elo0=-10 elo1=0 alpha=0.05 beta=0.05 model=logistic \
  --ratinginterval 50 \
  --pgnout "$dir/games.pgn" --out "$dir/results" >> "$dir/match.out" 2> /tmp/mo_sprt.err
