#!/bin/sh
# Splitlab against Stockfish 15.1 limited to UCI_Elo 2300 (UCI_LimitStrength), at 1 thread,
# 5+0.05, 400 games (200 openings of the default book, both colours), concurrency 2.
# Full-strength Stockfish would win every game; 2300 sits near Splitlab's level (Glaurung 2.2
# minus about 200 on CCRL's scale, to which UCI_Elo is anchored), so that the score says something.
# Run from the repository root after `bazel build //:splitlab`; rerunning resumes.
exec bazel-bin/splitlab match \
  --engine name=splitlab cmd=bazel-bin/splitlab \
  --engine name=stockfish-elo2300 cmd=/usr/games/stockfish option.UCI_LimitStrength=true option.UCI_Elo=2300 \
  --each tc=5+0.05 option.Hash=64 option.Threads=1 \
  --rounds 200 --games 2 --repeat --concurrency 2 --seed 2026 \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --ratinginterval 20 \
  --pgnout experiments/strength-1thread/stockfish/games.pgn \
  --out experiments/strength-1thread/stockfish/results
