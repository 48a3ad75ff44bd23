#!/bin/bash
# Issue 50 item 5: the four strategies on 1 to 64 virtual CPUs, then what the split settings do
# at 16 and 64 CPUs. Every stage is a `splitlab simulate` results folder, which a rerun resumes,
# so the script can be stopped and started again; each stage prints its own progress and ETA.
#
#   experiments/simulate/many-cpus/run.sh [STAGE ...]    (stages: probe curve sweep tuned plots)
#
# DEPTH (default 18) and POSITIONS (default 16, the first of the validation suite's 48) set the
# curve; SWEEP_DEPTH (default 18) and SWEEP_POSITIONS (default 12) the sweeps. Here, on two
# cores shared with other jobs, the curve took 1.6 hours (Lazy SMP and ABDADA at 32-64 CPUs most
# of it) and the eight sweeps about 50 minutes; each depth two plies deeper costs about 2.5 times
# as much (the probe). JOBS (default 2) positions run at once: the output
# is the same at any JOBS, so the host's load changes only how long it takes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
HERE=experiments/simulate/many-cpus
SUITE=experiments/simulate/validation-2cpu-d14/suite48.epd
# The optimised build's binary (`bazel build //:splitlab` first): not the bazel-bin link, which
# follows whichever configuration was built last (a sanitizer build makes it a slow old binary).
BIN=${SPLITLAB:-$(bazel info bazel-bin 2>/dev/null)/splitlab}
DEPTH=${DEPTH:-18}
POSITIONS=${POSITIONS:-16}
SWEEP_POSITIONS=${SWEEP_POSITIONS:-12}
SWEEP_DEPTH=${SWEEP_DEPTH:-18}
JOBS=${JOBS:-2}
# The split rules these results were made with (depth 4, 8 helpers, then every count's
# defaults). Since issue 71 the defaults follow the thread count (parallel/strategy.cc), so
# they are named here, where a stage does not vary them, for a rerun to reproduce the folders.
DEPTH4=(--min-split-depth 4)
HELPERS8=(--max-helpers 8)
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(probe curve sweep tuned plots)

simulate() {  # OUT, then simulate's flags
  local out=$1
  shift
  echo "== simulate $* -> $out" >&2
  "$BIN" simulate --suite "$SUITE" --jobs "$JOBS" --out "$out" "$@"
}

for stage in "${stages[@]}"; do
  case $stage in
    probe)  # How long a depth takes, and how speedup grows with it: 4 positions, 16 and 64 CPUs.
      for d in 12 14 16 18 20 22; do
        start=$(date +%s)
        simulate "$HERE/probe-d$d" --positions 4 --depth "$d" --cpus 16,64 --strategies ybwc,dts \
          "${DEPTH4[@]}" "${HELPERS8[@]}"
        echo "probe: depth $d, 4 positions, 1, 16 and 64 CPUs: $(( $(date +%s) - start )) s" >&2
      done ;;
    curve)  # Item 5's curve: every strategy, 2..64 CPUs, at DEPTH.
      simulate "$HERE/curve-d$DEPTH" --positions "$POSITIONS" --depth "$DEPTH" \
        --cpus 2,4,8,16,32,64 --strategies ybwc,dts,lazy,abdada "${DEPTH4[@]}" "${HELPERS8[@]}" ;;
    sweep)  # One setting at a time around the defaults, YBWC and DTS, at 16 and 64 CPUs.
      simulate "$HERE/sweep-d$SWEEP_DEPTH/defaults" --positions "$SWEEP_POSITIONS" \
        --depth "$SWEEP_DEPTH" --cpus 16,64 --strategies ybwc,dts "${DEPTH4[@]}" "${HELPERS8[@]}"
      for value in 2 3 6; do
        simulate "$HERE/sweep-d$SWEEP_DEPTH/min-split-depth-$value" --positions "$SWEEP_POSITIONS" \
          --depth "$SWEEP_DEPTH" --cpus 16,64 --strategies ybwc,dts --min-split-depth "$value" \
          "${HELPERS8[@]}"
      done
      for value in 4 16; do
        simulate "$HERE/sweep-d$SWEEP_DEPTH/max-helpers-$value" --positions "$SWEEP_POSITIONS" \
          --depth "$SWEEP_DEPTH" --cpus 16,64 --strategies ybwc,dts --max-helpers "$value" \
          "${DEPTH4[@]}"
      done
      simulate "$HERE/sweep-d$SWEEP_DEPTH/split-nodes-any" --positions "$SWEEP_POSITIONS" \
        --depth "$SWEEP_DEPTH" --cpus 16,64 --strategies ybwc,dts --split-nodes any \
        "${DEPTH4[@]}" "${HELPERS8[@]}"
      simulate "$HERE/sweep-d$SWEEP_DEPTH/split-join-late" --positions "$SWEEP_POSITIONS" \
        --depth "$SWEEP_DEPTH" --cpus 16,64 --strategies ybwc,dts --split-join late \
        "${DEPTH4[@]}" "${HELPERS8[@]}"
      ;;
    tuned)  # The setting the sweeps favour at 64 CPUs, MinSplitDepth 2, on the curve's positions
      # and depth at 4 to 64 CPUs.
      simulate "$HERE/tuned-d$DEPTH/min-split-depth-2" --positions "$POSITIONS" --depth "$DEPTH" \
        --cpus 4,8,16,64 --strategies ybwc,dts --min-split-depth 2 "${HELPERS8[@]}" ;;
    plots)
      /usr/bin/python3 scripts/plot_simulate.py "$HERE/curve-d$DEPTH/summary.csv" ;;
    *)
      echo "run.sh: unknown stage '$stage' (probe, curve, sweep, tuned, plots)" >&2
      exit 2 ;;
  esac
done
