#!/bin/sh
# Win At Chess at 1 s a position (issue 10's target: at least 290 of 300), 1 thread, the default
# search, on an otherwise idle machine.
#
#   experiments/wac/run.sh [SPLITLAB] [NAME]      (from the repository root)
#
# Writes experiments/wac/NAME.csv (one row per position: solved or not, the move, depth, time)
# and NAME.out (the run's output, ending with "Solved: S/300"). NAME defaults to the binary's
# file name, e.g. splitlab-5476b75.
set -eu
splitlab=${1:-bazel-bin/splitlab}
name=${2:-$(basename "$splitlab")}
[ -x "$splitlab" ] || { echo "run.sh: no executable '$splitlab'" >&2; exit 2; }
"$splitlab" epd tests/data/wac.epd --movetime 1000 --hash 64 --out "experiments/wac/$name.csv" |
  tee "experiments/wac/$name.out"
