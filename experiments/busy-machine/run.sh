#!/usr/bin/env bash
# Issue 74 item 6: `scripts/test` on a clean clone, RUNS times in a row (default 3), each with a
# busy loop on every core beside it for its whole length (a shell loop at the same priority, so
# that the tests get about half of each core). A clone of its own per run, beside ../shared as
# CI's, at a path never used before: Bazel's output base (and scripts/fuzz's) is named after the
# checkout's path, so a reused path would find the last run's objects and test results cached.
# Both output bases are removed after the run, also when it is interrupted.
# COMMIT (default: the checkout's HEAD when the series starts) is what every run of the series
# tests: each clone is checked out at it, so that commits made meanwhile do not change the
# series, and a series can go on in a later session (START=K numbers its first run K).
# Appends a row per run to results/runs.csv (run, commit, exit status, seconds, the last line)
# and keeps each run's log (results/run-COMMIT-K.log); stops at the first failing run.
set -uo pipefail
runs=${RUNS:-3}
first=${START:-1}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out="$here/results"
mkdir -p "$out"
[ -f "$out/runs.csv" ] || echo "run,commit,exit_status,seconds,busy_loops,last_line" >"$out/runs.csv"
commit=$(git -C "$repo" rev-parse "${COMMIT:-HEAD}") || exit 2
cores=$(nproc)
clone="" loops=()
# Stops the loops and removes the clone with every cache named after its path.
clean_up() {
  [ ${#loops[@]} -gt 0 ] && { kill "${loops[@]}" 2>/dev/null; wait "${loops[@]}" 2>/dev/null; }
  loops=()
  [ -n "$clone" ] && [ -d "$clone" ] || return 0
  (cd "$clone" && bazel clean --expunge >/dev/null 2>&1; bazel shutdown >/dev/null 2>&1)
  rm -rf "$HOME/.cache/splitlab-fuzz/$(cd "$clone" && pwd -P | md5sum | cut -c1-12)" "$clone"
}
trap 'clean_up; exit 130' INT TERM
for k in $(seq "$first" $((first + runs - 1))); do
  clone="$(dirname "$repo")/busy-clone-${commit:0:7}-$k-$(date +%s)"
  git clone -q "$repo" "$clone" && git -C "$clone" checkout -q --detach "$commit" || exit 2
  loops=()
  for _ in $(seq "$cores"); do
    (while :; do :; done) &
    loops+=($!)
  done
  start=$SECONDS
  log="$out/run-${commit:0:7}-$k.log"
  echo "busy-machine: run $k of $((first + runs - 1)) on $commit, $cores busy loops, started $(date -u +%FT%TZ)" >&2
  (cd "$clone" && scripts/test) >"$log" 2>&1
  rc=$?
  kill "${loops[@]}" 2>/dev/null
  wait "${loops[@]}" 2>/dev/null
  loops=()
  seconds=$((SECONDS - start))
  echo "$k,$commit,$rc,$seconds,$cores,\"$(tail -n 1 "$log")\"" >>"$out/runs.csv"
  echo "busy-machine: run $k: exit $rc in $seconds s: $(tail -n 1 "$log")" >&2
  clean_up
  [ $rc -eq 0 ] || break
done
