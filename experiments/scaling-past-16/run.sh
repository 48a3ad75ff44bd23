#!/bin/bash
# Issue 71: split strategies past 16 CPUs. Every stage is one or more `splitlab simulate`
# results folders, each resumed by a rerun (a folder holds one setting), so the script can be
# stopped and started again; each run prints its own progress and ETA.
#
#   experiments/scaling-past-16/run.sh STAGE ...
#
# Stages:
#   rules-32      YBWC and DTS at 32 CPUs, the registry's rules for 32 threads (depth 2, 8
#                 helpers) against the fixed rules before them (depth 4, 8 helpers)
#   split-choice  DTS at 4, 16 and 64 CPUs, SplitChoice own against tree
#   split-join    YBWC and DTS at 4, 16 and 64 CPUs, SplitJoin booked against late (measured
#                 again after the f027b3e fix)
#   classic-probe the classic search (SearchFeatures classic) at depths 8-14 on 4 positions,
#                 for the depth where one CPU searches 10 M nodes (14: README, section 6)
#   classic       YBWC and DTS in the classic search at 2-16 and 64 CPUs on 24 positions, at
#                 CLASSIC_DEPTH, beside Hyatt's table
#   abdada        ABDADA today (AbdadaForm marks) and in Kerrigan's form at 4, 16 and 64 CPUs
#   solutions     time to solution on Win At Chess (tests/data/wac.epd) at 4, 16 and 64 CPUs
#   sensitivity   each cost group halved and doubled at 16 and 64 CPUs (--cost-factor)
#
# DEPTH (default 18) and POSITIONS (default 16) are the curve's (experiments/simulate/many-cpus,
# the first positions of its suite48); JOBS (default 2) positions run at once, and the output is
# the same at any JOBS. paired.py compares two folders paired by position.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=experiments/scaling-past-16
SUITE=experiments/simulate/validation-2cpu-d14/suite48.epd
# The optimised build's binary (`bazel build //:splitlab` first): not the bazel-bin link, which
# follows whichever configuration was built last.
BIN=${SPLITLAB:-$(bazel info bazel-bin 2>/dev/null)/splitlab}
DEPTH=${DEPTH:-18}
POSITIONS=${POSITIONS:-16}
CLASSIC_DEPTH=${CLASSIC_DEPTH:-14}
SOLUTION_DEPTH=${SOLUTION_DEPTH:-12}
SOLUTION_POSITIONS=${SOLUTION_POSITIONS:-48}
JOBS=${JOBS:-2}
[ $# -eq 0 ] && { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

simulate() {  # OUT, then simulate's flags
  local out=$1
  shift
  echo "== simulate $* -> $out" >&2
  "$BIN" simulate --jobs "$JOBS" --out "$out" "$@"
}

for stage in "$@"; do
  case $stage in
    rules-32)
      simulate "$HERE/rules-32-d$DEPTH/registry" --suite "$SUITE" --positions "$POSITIONS" \
        --depth "$DEPTH" --cpus 32 --strategies ybwc,dts
      simulate "$HERE/rules-32-d$DEPTH/fixed" --suite "$SUITE" --positions "$POSITIONS" \
        --depth "$DEPTH" --cpus 32 --strategies ybwc,dts --min-split-depth 4 --max-helpers 8 ;;
    split-choice)
      for choice in own tree; do
        simulate "$HERE/split-choice-d$DEPTH/$choice" --suite "$SUITE" --positions "$POSITIONS" \
          --depth "$DEPTH" --cpus 4,16,64 --strategies dts --split-choice "$choice"
      done ;;
    split-join)
      for join in booked late; do
        simulate "$HERE/split-join-d$DEPTH/$join" --suite "$SUITE" --positions "$POSITIONS" \
          --depth "$DEPTH" --cpus 4,16,64 --strategies ybwc,dts --split-join "$join"
      done ;;
    classic-probe)
      for d in 8 9 10 11 12 13 14; do
        start=$(date +%s)
        simulate "$HERE/classic-probe-d$d" --suite "$SUITE" --positions 4 --depth "$d" \
          --cpus 16 --strategies dts --features classic
        echo "classic-probe: depth $d: $(( $(date +%s) - start )) s" >&2
      done ;;
    classic)
      simulate "$HERE/classic-d$CLASSIC_DEPTH" --suite "$SUITE" --positions 24 \
        --depth "$CLASSIC_DEPTH" --cpus 2,4,8,16,64 --strategies ybwc,dts --features classic ;;
    abdada)
      for form in marks kerrigan; do
        simulate "$HERE/abdada-d$DEPTH/$form" --suite "$SUITE" --positions "$POSITIONS" \
          --depth "$DEPTH" --cpus 4,16,64 --strategies abdada --abdada-form "$form"
      done ;;
    solutions)
      simulate "$HERE/solutions-d$SOLUTION_DEPTH" --suite tests/data/wac.epd \
        --positions "$SOLUTION_POSITIONS" --depth "$SOLUTION_DEPTH" --cpus 4,16,64 \
        --strategies ybwc,dts,lazy,abdada ;;
    sensitivity)
      for group in node split join wake cache_line; do
        for factor in 0.5 2; do
          simulate "$HERE/sensitivity-d$DEPTH/$group-x$factor" --suite "$SUITE" --positions 8 \
            --depth "$DEPTH" --cpus 16,64 --strategies ybwc,dts,lazy,abdada \
            --cost-factor "$group=$factor"
        done
      done ;;
    *)
      echo "run.sh: unknown stage '$stage'" >&2
      exit 2 ;;
  esac
done
