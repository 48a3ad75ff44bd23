#!/bin/sh
# The node-type predictor study (issue 11 item 3): `splitlab predictor` over three suites at
# several nominal depths, at 1 thread and at 2 threads for the two split strategies (Lazy SMP
# never splits). Node counts are what is measured, not time, so the 1-thread runs may share the
# machine; the 2-thread runs want both cores. Run from the repository root after
# `bazel build //:splitlab`:   experiments/node-type-predictor/run.sh [1t|2t|all]
# Each run resumes from its folder, so rerunning after an interruption loses nothing.
set -e
which=${1:-all}
case $which in 1t|2t|all) ;; *) echo "run.sh: expected 1t, 2t or all, got '$which'" >&2; exit 2 ;; esac
splitlab=${SPLITLAB:-bazel-bin/splitlab}
out=experiments/node-type-predictor/results
suites="bench tests/data/wac.epd scaling"
name_of() { case $1 in bench) echo bench ;; scaling) echo scaling ;; *) echo wac ;; esac; }

if [ "$which" != 2t ]; then
  for depth in 8 10 12 14 16; do
    for suite in $suites; do
      "$splitlab" predictor --suite "$suite" --depth $depth --hash 64 \
        --out "$out/1t-$(name_of "$suite")-d$depth" >/dev/null
    done
  done
fi
if [ "$which" != 1t ]; then
  for depth in 10 12 14; do
    for strategy in ybwc dts; do
      for suite in $suites; do
        "$splitlab" predictor --suite "$suite" --depth $depth --hash 64 --threads 2 \
          --strategy $strategy --out "$out/2t-$strategy-$(name_of "$suite")-d$depth" >/dev/null
      done
    done
  done
fi
