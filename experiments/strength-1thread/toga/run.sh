#!/bin/sh
# Splitlab against Toga II 3.0 at 1 thread (Toga has no `Threads` option; its own, "Number of
# Threads", is 1 by default: `option name Number of Threads type spin default 1 min 1 max 16`),
# 5+0.05, 400 games (200 openings of the default book, both colours), concurrency 2.
# Run from the repository root after `bazel build //:splitlab`; rerunning resumes.
exec bazel-bin/splitlab match \
  --engine name=splitlab cmd=bazel-bin/splitlab option.Threads=1 \
  --engine name=toga cmd=/usr/games/toga2 \
  --each tc=5+0.05 option.Hash=64 \
  --rounds 200 --games 2 --repeat --concurrency 2 --seed 2026 \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --ratinginterval 20 \
  --pgnout experiments/strength-1thread/toga/games.pgn \
  --out experiments/strength-1thread/toga/results
