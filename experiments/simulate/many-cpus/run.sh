#!/bin/bash
# Issue 50 item 5: the four strategies on 1 to 64 virtual CPUs, then what the split settings do
# at 16 and 64 CPUs. Every stage is a `splitlab simulate` results folder, which a rerun resumes,
# so the script can be stopped and started again; each stage prints its own progress and ETA.
#
#   experiments/simulate/many-cpus/run.sh [STAGE ...]    (stages: probe curve sweep plots)
#
# DEPTH (default 14) and POSITIONS (default 48, the validation suite's) set the curve;
# SWEEP_POSITIONS (default 24) the sweeps. JOBS (default 2) positions run at once: the output
# is the same at any JOBS, so the host's load changes only how long it takes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
HERE=experiments/simulate/many-cpus
SUITE=experiments/simulate/validation-2cpu-d14/suite48.epd
BIN=${SPLITLAB:-bazel-bin/splitlab}
DEPTH=${DEPTH:-14}
POSITIONS=${POSITIONS:-48}
SWEEP_POSITIONS=${SWEEP_POSITIONS:-24}
JOBS=${JOBS:-2}
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(probe curve sweep plots)

simulate() {  # OUT, then simulate's flags
  local out=$1
  shift
  echo "== simulate $* -> $out" >&2
  "$BIN" simulate --suite "$SUITE" --jobs "$JOBS" --out "$out" "$@"
}

for stage in "${stages[@]}"; do
  case $stage in
    probe)  # How long a depth takes: 4 positions at 64 CPUs, for choosing DEPTH.
      for d in 12 14 16; do
        start=$(date +%s)
        simulate "$HERE/probe-d$d" --positions 4 --depth "$d" --cpus 64 --strategies ybwc
        echo "probe: depth $d, 4 positions, 1 and 64 CPUs: $(( $(date +%s) - start )) s" >&2
      done ;;
    curve)  # Item 5's curve: every strategy, 2..64 CPUs, at DEPTH.
      simulate "$HERE/curve-d$DEPTH" --positions "$POSITIONS" --depth "$DEPTH" \
        --cpus 2,4,8,16,32,64 --strategies ybwc,dts,lazy,abdada ;;
    sweep)  # One setting at a time around the defaults, YBWC and DTS, at 16 and 64 CPUs.
      for value in 2 3 6 8; do
        simulate "$HERE/sweep-d$DEPTH/min-split-depth-$value" --positions "$SWEEP_POSITIONS" \
          --depth "$DEPTH" --cpus 16,64 --strategies ybwc,dts --min-split-depth "$value"
      done
      for value in 2 4 16 63; do
        simulate "$HERE/sweep-d$DEPTH/max-helpers-$value" --positions "$SWEEP_POSITIONS" \
          --depth "$DEPTH" --cpus 16,64 --strategies ybwc,dts --max-helpers "$value"
      done
      simulate "$HERE/sweep-d$DEPTH/split-nodes-any" --positions "$SWEEP_POSITIONS" \
        --depth "$DEPTH" --cpus 16,64 --strategies ybwc,dts --split-nodes any
      simulate "$HERE/sweep-d$DEPTH/defaults" --positions "$SWEEP_POSITIONS" \
        --depth "$DEPTH" --cpus 16,64 --strategies ybwc,dts ;;
    plots)
      /usr/bin/python3 scripts/plot_simulate.py "$HERE/curve-d$DEPTH/summary.csv" ;;
    *)
      echo "run.sh: unknown stage '$stage' (probe, curve, sweep, plots)" >&2
      exit 2 ;;
  esac
done
