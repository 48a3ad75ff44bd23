#!/bin/bash
# A binary on a CPU that lacks an instruction set it was built for refuses at once, naming the
# build's level, the missing features, the host and (under an MPI launcher) the rank, exit 2,
# instead of dying of SIGILL mid-run (issue 74 item 2; bench/cpu_features.h, cli/cpu_check.cc).
# The older CPU is QEMU's user-mode emulation of a Nehalem (x86-64-v2: no AVX), Debian's
# qemu-user; the canary is the same binary on this machine's own CPU, which must run.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
[[ -x "$BIN" ]] || BIN="./bazel-bin/splitlab"
if [[ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ]]; then
  echo "skipped under a sanitizer: its runtime's memory layout does not run under QEMU's emulation"
  exit 0
fi
QEMU=$(command -v qemu-x86_64) || { echo "FAIL: qemu-x86_64 is missing (scripts/setup installs qemu-user)"; exit 1; }
failed=0
fail() { echo "FAIL: $*"; failed=1; }

level=$("$BIN" --version | sed -n 's/^instructions *\([^:]*\):.*/\1/p')
echo "this build: $level"
if [[ "$level" == "x86-64" || "$level" == "x86-64-v2" ]]; then
  echo "a ${level} build runs on a Nehalem: nothing to refuse there (the refusal is checked by native builds)"
  "$QEMU" -cpu Nehalem "$BIN" --version >/dev/null 2>&1 || fail "the ${level} build did not run on an emulated Nehalem"
  exit $failed
fi

# On the emulated older CPU: refused, one line, exit 2.
err=$("$QEMU" -cpu Nehalem "$BIN" --version 2>&1 >/dev/null | grep -v '^qemu-x86_64: warning')
status=$("$QEMU" -cpu Nehalem "$BIN" --version >/dev/null 2>&1; echo $?)
[[ $status -eq 2 ]] || fail "on an emulated Nehalem: exit status $status, not 2"
[[ $(grep -c . <<<"$err") -eq 1 ]] || fail "on an emulated Nehalem: not one line: $err"
grep -q "built for $level" <<<"$err" || fail "the refusal does not name the build's level: $err"
grep -q "lacks .*avx2" <<<"$err" || fail "the refusal does not name a missing feature (avx2): $err"
grep -q "host $(hostname)" <<<"$err" || fail "the refusal does not name the host: $err"
grep -q "config=portable" <<<"$err" || fail "the refusal does not say how to build one that runs: $err"
echo "refused: $err"

# Under an MPI launcher the rank is named (from the launcher's environment, before MPI starts).
err=$(OMPI_COMM_WORLD_RANK=3 "$QEMU" -cpu Nehalem "$BIN" --version 2>&1 >/dev/null | grep -v '^qemu-x86_64: warning')
grep -q "rank 3 on host" <<<"$err" || fail "under Open MPI's rank 3 the refusal does not name it: $err"

# A command that would write something writes nothing when refused.
tmp=$(mktemp -d)
"$QEMU" -cpu Nehalem "$BIN" bench --depth 1 --json "$tmp/out.json" >/dev/null 2>&1
[[ ! -e "$tmp/out.json" ]] || fail "a refused bench wrote its JSON"
rm -rf "$tmp"

# The canary: on this machine's own CPU the same binary runs.
"$BIN" --version >/dev/null 2>&1 || fail "the binary does not run on the CPU that built it"
[[ $failed -eq 0 ]] && echo "cpu check: refused on an older CPU, ran on its own"
exit $failed
