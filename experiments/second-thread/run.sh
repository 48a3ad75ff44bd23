#!/bin/sh
# What the second thread is worth: STRATEGY (ybwc, dts, lazy or abdada; or stockfish, Stockfish 15.1's
# own Lazy SMP, the reference of issue 48) at 2 threads against the same configuration at 1
# thread, 5+0.05, 200 games (100 openings of the default book, both colours), concurrency 1 (the
# 2-thread engine needs both cores). Run from the repository root after
# `bazel build //:splitlab`:  experiments/second-thread/run.sh ybwc   (rerunning resumes)
# Environment: SPLITLAB (a copy of the binary, so that rebuilding during the match changes
# nothing; it also runs the match), STOCKFISH (default /usr/games/stockfish), DIR (the output
# folder, default experiments/second-thread/STRATEGY).
set -e
strategy=${1:?usage: run.sh ybwc|dts|lazy|abdada|stockfish [rounds]}
rounds=${2:-100}
splitlab=${SPLITLAB:-bazel-bin/splitlab}
case $strategy in
  ybwc|dts|lazy|abdada) engine="cmd=$splitlab option.SplitStrategy=$strategy" ;;
  stockfish) engine="cmd=${STOCKFISH:-/usr/games/stockfish}" ;;
  *) echo "run.sh: unknown strategy '$strategy'" >&2; exit 2 ;;
esac
dir=${DIR:-experiments/second-thread/$strategy}
mkdir -p "$dir"
# shellcheck disable=SC2086
exec "$splitlab" match \
  --engine name=$strategy-2t $engine option.Threads=2 \
  --engine name=$strategy-1t $engine option.Threads=1 \
  --each tc=5+0.05 option.Hash=64 \
  --rounds "$rounds" --games 2 --repeat --concurrency 1 --seed 2027 \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --ratinginterval 20 \
  --pgnout "$dir/games.pgn" --out "$dir/results"
