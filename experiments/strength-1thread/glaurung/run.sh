#!/bin/sh
# Splitlab against Glaurung 2.2 at 1 thread, 5+0.05, 400 games (200 openings of the default book,
# each played with both colours), concurrency 2. Run from the repository root after `bazel build //:splitlab`.
# Rerunning the same command resumes from experiments/strength-1thread/glaurung/results.
exec bazel-bin/splitlab match \
  --engine name=splitlab cmd=bazel-bin/splitlab \
  --engine name=glaurung cmd=/usr/games/glaurung \
  --each tc=5+0.05 option.Hash=64 option.Threads=1 \
  --rounds 200 --games 2 --repeat --concurrency 2 --seed 2026 \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --ratinginterval 20 \
  --pgnout experiments/strength-1thread/glaurung/games.pgn \
  --out experiments/strength-1thread/glaurung/results
