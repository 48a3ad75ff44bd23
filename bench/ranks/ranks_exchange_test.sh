#!/bin/bash
# Runs ranks_exchange on 2 ranks (bench/ranks/ranks_exchange.cc): every message arrives whole
# and in order, and the sender does not spin while the receiver is busy. The canary is the
# blocking send this replaced: it spent about the 2 s rank 0 sleeps (ranks.h, World::send).
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/bench/ranks/ranks_exchange"
[[ -x "$BIN" ]] || BIN="bench/ranks/ranks_exchange"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 TMPDIR=/tmp
# As mpi_testing.py: Open MPI's own leaks and locks are not Splitlab's to report.
[[ -n "${ASAN_OPTIONS:-}" ]] && export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"
[[ -n "${TSAN_OPTIONS:-}" ]] && export TSAN_OPTIONS="$TSAN_OPTIONS:ignore_noninstrumented_modules=1"
out=$(timeout --kill-after=5 120 mpirun --oversubscribe --bind-to none -np 2 "$BIN" 2>&1)
rc=$?
echo "$out"
[[ $rc -eq 0 ]] || { echo "FAILED: mpirun exited $rc"; exit 1; }
grep -q "^rank 0: received 40 messages in order, each whole$" <<<"$out" ||
  { echo "FAILED: rank 0 did not receive every message whole and in order"; exit 1; }
cpu=$(sed -n 's/^rank 1: sent 40 messages; \([0-9.]*\) s of CPU until rank 0 had them all$/\1/p' <<<"$out")
[[ -n "$cpu" ]] || { echo "FAILED: no report from rank 1"; exit 1; }
# Rank 0 slept 2 s before taking any message: a sender that sleeps between polls uses a few
# milliseconds of it; one that spins, most of it.
if awk -v c="$cpu" 'BEGIN { exit !(c < 0.5) }'; then
  echo "PASSED: rank 1 used $cpu s of CPU while rank 0 slept 2 s"
else
  echo "FAILED: rank 1 used $cpu s of CPU while rank 0 slept 2 s: its sends spin"
  exit 1
fi
