#!/bin/bash
# Shell test of the built binary: a small `splitlab simulate` (3 positions, depth 7, every
# strategy at 2, 4 and 16 virtual CPUs). The same command gives the same runs.csv and summary
# with --jobs 1 and --jobs 3; every row's time shares add up to its CPUs x its virtual time,
# and one CPU's rows neither split nor wait (that one CPU searches exactly the real tree is
# //bench/simulate:simulated_search_test's); a rerun simulates nothing again; --timeline writes each
# configuration's events, which tile every CPU's time; bad flags get exit code 2 and a message
# naming what was wrong.
set -u

RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
failures=0
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}
run() {  # run DIR JOBS [flags...]
  local dir="$1" jobs="$2"
  shift 2
  "$BIN" simulate --depth "$depth" --positions 3 --cpus 2,4,16 --hash 16 --jobs "$jobs" --out "$dir" "$@" \
    >"$TMP/stdout" 2>"$TMP/stderr"
  status=$?
}
data() { grep -v '^#' "$1"; }
# What a failed run printed last, and the head of a sanitizer's report if there is one: a crash
# under ASan in a loaded run (9683a45) showed only its last three stack frames.
why() {
  grep -m 16 -E 'ERROR: |SUMMARY: |runtime error|^ +#[0-9]+ ' "$TMP/stderr"
  tail -n 3 "$TMP/stderr"
}
# Under a sanitizer (the test configs set TSAN_OPTIONS or ASAN_OPTIONS) every node costs 10-50
# times more: depth 5, which still splits at 16 CPUs; every check below holds at any depth, and
# the optimised pass runs them at 7.
depth=7
[[ -n "${TSAN_OPTIONS:-}${ASAN_OPTIONS:-}" ]] && depth=5

run "$TMP/one" 1 --timeline scale.002
[[ $status -eq 0 ]] || fail "simulate --jobs 1: exit code $status: $(why)"
run "$TMP/three" 3
[[ $status -eq 0 ]] || fail "simulate --jobs 3: exit code $status: $(why)"
cmp -s <(data "$TMP/one/runs.csv") <(data "$TMP/three/runs.csv") ||
  fail "runs.csv differs between --jobs 1 and --jobs 3"
cmp -s "$TMP/one/summary.txt" "$TMP/three/summary.txt" || fail "summary.txt differs with --jobs"
for s in ybwc dts lazy abdada; do
  for n in 2 4 16; do
    grep -Eq "^$s +$n +3 " "$TMP/one/summary.txt" || fail "summary: no line for $s at $n CPUs"
    [[ -s "$TMP/one/timeline-$s-$n.csv" ]] || fail "no timeline for $s at $n CPUs"
  done
done

python3 - "$TMP/one" >"$TMP/check" 2>&1 <<'PY' || fail "$(cat "$TMP/check")"
import csv, sys
folder = sys.argv[1]
problems = []
rows = list(csv.DictReader(l for l in open(f"{folder}/runs.csv") if not l.startswith("#")))
if len(rows) != 3 * (1 + 4 * 3):
    problems.append(f"{len(rows)} rows, not 39")
for r in rows:
    n, t = int(r["cpus"]), int(r["virtual_ps"])
    parts = sum(int(r[k]) for k in ("busy_ps", "no_work_ps", "helpers_wait_ps", "lock_wait_ps"))
    if parts != n * t:
        problems.append(f"{r['strategy']} x{n} {r['position']}: time shares {parts} != {n} x {t}")
    if r["strategy"] == "none" and (n != 1 or int(r["splits"]) or int(r["no_work_ps"])):
        problems.append(f"one-CPU row {r['position']} split or waited")
# The timeline of each configuration tiles its CPUs' time: per CPU, the stretches add up to
# the search's virtual time.
for r in rows:
    if r["position"] != "scale.002" or r["strategy"] == "none":
        continue
    n, t = int(r["cpus"]), int(r["virtual_ps"]) / 1000
    spans = [0.0] * n
    for e in csv.DictReader(open(f"{folder}/timeline-{r['strategy']}-{n}.csv")):
        spans[int(e["cpu"])] += float(e["end_ns"]) - float(e["start_ns"])
    for cpu, s in enumerate(spans):
        if abs(s - t) > 1e-3 * t:
            problems.append(f"timeline {r['strategy']} x{n} cpu {cpu}: {s:.0f} ns of {t:.0f}")
if problems:
    print("\n".join(problems))
    sys.exit(1)
PY

# A rerun finds every row done and adds none.
before=$(data "$TMP/one/runs.csv" | wc -l)
run "$TMP/one" 1
[[ $status -eq 0 ]] || fail "rerun: exit code $status"
[[ $(data "$TMP/one/runs.csv" | wc -l) -eq $before ]] || fail "rerun added rows"

# A quantum lets a CPU run ahead: far fewer switches at 16 CPUs, the same 1-CPU rows, time
# shares that still add up, and a folder that names its quantum.
run "$TMP/quantum" 1 --quantum 2000 --strategies dts
[[ $status -eq 0 ]] || fail "simulate --quantum 2000: exit code $status"
grep -q '^# quantum 2000 ns$' "$TMP/quantum/runs.csv" || fail "runs.csv does not name the quantum"
python3 - "$TMP/one" "$TMP/quantum" >"$TMP/check" 2>&1 <<'PY' || fail "quantum: $(cat "$TMP/check")"
import csv, sys
def rows(folder):
    return {(r["strategy"], r["cpus"], r["position"]): r for r in
            csv.DictReader(l for l in open(f"{folder}/runs.csv") if not l.startswith("#"))}
exact, ahead = rows(sys.argv[1]), rows(sys.argv[2])
problems = []
for key, r in ahead.items():
    n, t = int(r["cpus"]), int(r["virtual_ps"])
    parts = sum(int(r[k]) for k in ("busy_ps", "no_work_ps", "helpers_wait_ps", "lock_wait_ps"))
    if parts != n * t:
        problems.append(f"{key}: time shares {parts} != {n} x {t}")
    if key[0] == "none" and (r["virtual_ps"], r["nodes"]) != (exact[key]["virtual_ps"], exact[key]["nodes"]):
        problems.append(f"{key}: one CPU's search changed with a quantum")
switches = lambda table: sum(int(r["switches"]) for k, r in table.items() if k[:2] == ("dts", "16"))
if not switches(ahead) < switches(exact) / 2:
    problems.append(f"dts x16: {switches(ahead)} switches with a quantum, {switches(exact)} without")
if problems:
    print("\n".join(problems))
    sys.exit(1)
PY

# Time to solution: a mate in one whose bm is the mate is solved at every count; the same
# position with a bm no search plays (a king move) is solved at none; the summary's second
# table counts both.
cat >"$TMP/bm.epd" <<'EPD'
6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "mate";
6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Kf1; id "wrong";
EPD
"$BIN" simulate --suite "$TMP/bm.epd" --depth 4 --cpus 2,4 --strategies ybwc,abdada --hash 4 \
  --out "$TMP/bm" >"$TMP/stdout" 2>"$TMP/stderr" || fail "simulate with bm: $(tail -n 3 "$TMP/stderr")"
python3 - "$TMP/bm" >"$TMP/check" 2>&1 <<'PY' || fail "time to solution: $(cat "$TMP/check")"
import csv, sys
folder = sys.argv[1]
rows = list(csv.DictReader(l for l in open(f"{folder}/runs.csv") if not l.startswith("#")))
problems = []
if len(rows) != 2 * 5:
    problems.append(f"{len(rows)} rows, not 10")
for r in rows:
    solved = int(r["solution_ps"])
    if r["position"] == "mate" and not 0 < solved <= int(r["virtual_ps"]):
        problems.append(f"{r['strategy']} x{r['cpus']}: mate not solved in time ({solved})")
    if r["position"] == "wrong" and solved != -1:
        problems.append(f"{r['strategy']} x{r['cpus']}: a bm never played counted solved")
summary = open(f"{folder}/summary.txt").read()
if "Time to solution" not in summary:
    problems.append("no time-to-solution table in summary.txt")
for r in csv.DictReader(open(f"{folder}/summary.csv")):
    if (r["with_bm"], r["solved_one"], r["solved_many"]) != ("2", "1", "1"):
        problems.append(f"summary.csv {r['strategy']} x{r['cpus']}: with_bm {r['with_bm']}, "
                        f"solved {r['solved_one']} and {r['solved_many']}, not 2, 1 and 1")
if problems:
    print("\n".join(problems))
    sys.exit(1)
PY

expect_error() {  # expect_error MESSAGE FLAGS...
  local message="$1"
  shift
  "$BIN" simulate --out "$TMP/bad" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
  local code=$?
  [[ $code -eq 2 ]] || fail "simulate $*: exit code $code, not 2"
  grep -qF -- "$message" "$TMP/stderr" || fail "simulate $*: no '$message' in: $(cat "$TMP/stderr")"
}
expect_error "--cpus: '1' is not a CPU count from 2 to 512" --cpus 1,4
expect_error "--cpus: 'x' is not a CPU count" --cpus 2,x
printf 'interior_node 100\nnodes 3\n' >"$TMP/costs.txt"
expect_error "costs line 2: unknown cost 'nodes'" --costs "$TMP/costs.txt"
expect_error "--costs $TMP/missing.txt: no such file" --costs "$TMP/missing.txt"
expect_error "--timeline: no position 'nowhere' in the suite" --timeline nowhere
expect_error "unknown" --strategies ybwc,nope

# A binary built from uncommitted changes writes no results unless allowed, and then its files
# say what allowed it (bench/run_metadata.h); the test suite allows it through the environment
# (SPLITLAB_ALLOW_DIRTY, .bazelrc), so these runs go without it. A committed build is allowed.
small=(simulate --depth 2 --positions 1 --cpus 2 --strategies ybwc --hash 1)
if "$BIN" --version | head -n 1 | grep -q ' dirty '; then
  env -u SPLITLAB_ALLOW_DIRTY "$BIN" "${small[@]}" --out "$TMP/dirty" >"$TMP/stdout" 2>"$TMP/stderr"
  code=$?
  [[ $code -eq 2 ]] || fail "a dirty build without --allow-dirty: exit code $code, not 2"
  grep -qF -- "--allow-dirty" "$TMP/stderr" || fail "the refusal does not name --allow-dirty"
  [[ -e "$TMP/dirty" ]] && fail "the refused run wrote $TMP/dirty"
  env -u SPLITLAB_ALLOW_DIRTY "$BIN" "${small[@]}" --allow-dirty --out "$TMP/dirty" \
    >"$TMP/stdout" 2>"$TMP/stderr" || fail "a dirty build with --allow-dirty: exit code $?"
  grep -q '^# dirty_build_allowed_by: --allow-dirty$' "$TMP/dirty/runs.csv" ||
    fail "runs.csv of a dirty build does not say that --allow-dirty allowed it"
else
  env -u SPLITLAB_ALLOW_DIRTY "$BIN" "${small[@]}" --out "$TMP/clean" >"$TMP/stdout" \
    2>"$TMP/stderr" || fail "a committed build: exit code $? ($(tail -n 1 "$TMP/stderr"))"
  grep -q '^# dirty_build_allowed_by' "$TMP/clean/runs.csv" &&
    fail "runs.csv of a committed build says a dirty build was allowed"
fi

[[ $failures -eq 0 ]] || exit 1
echo "simulate_cli_test: all checks passed"
