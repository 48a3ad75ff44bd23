#!/bin/sh
# DTS against YBWC, both at 2 threads, 5+0.05, concurrency 1, as an SPRT (logistic Elo,
# H0: elo = -20, H1: elo = +20, alpha = beta = 0.05: which strategy is ahead, if either is by
# 20 Elo) on the default book, stopped by the test or after 300 game pairs. At about 16 s a game,
# the test's expected length when the strategies are equal (about 400 games) fits in two hours.
# Run from the repository root after `bazel build //:splitlab`; rerunning resumes.
# SPLITLAB names a copy of the binary, so that rebuilding during the match changes nothing.
splitlab=${SPLITLAB:-bazel-bin/splitlab}
exec "$splitlab" match \
  --engine name=dts cmd="$splitlab" option.SplitStrategy=dts \
  --engine name=ybwc cmd="$splitlab" option.SplitStrategy=ybwc \
  --each tc=5+0.05 option.Hash=64 option.Threads=2 \
  --rounds 300 --games 2 --repeat --concurrency 1 --seed 2028 \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --sprt elo0=-20 elo1=20 alpha=0.05 beta=0.05 model=logistic \
  --ratinginterval 20 \
  --pgnout experiments/dts-vs-ybwc/games.pgn --out experiments/dts-vs-ybwc/results
