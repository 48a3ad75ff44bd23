#!/bin/bash
# scripts/plot_scale.py on summaries written here: a 2-thread run gives scaling.png alone; a run
# with more than two thread counts adds scaling_threads.png (speedup against threads, log-log);
# a file that is not scale's summary is refused with exit code 2.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
PLOT="$RUNFILES/scripts/plot_scale.py"
[[ -f "$PLOT" ]] || PLOT="scripts/plot_scale.py"
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
export MPLCONFIGDIR="$TMP/mpl"
passed=0 failed=0
check() { if eval "$2"; then passed=$((passed + 1)); else echo "FAILED: $1" >&2; failed=$((failed + 1)); fi; }
is_png() { [[ -s "$1" ]] && [[ $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; }

header="engine,strategy,threads,positions,speedup,speedup_low,speedup_high,nps_ratio,overhead,overhead_low,overhead_high,depth,median_1thread_seconds"
row() { awk -v e="$1" -v s="$2" -v t="$3" -v x="$4" \
  'BEGIN { printf "%s,%s,%s,160,%s,%.4f,%.4f,%s,1.1,1.05,1.15,14,0.19\n", e, s, t, x, x * 0.95, x * 1.05, t }'; }

mkdir -p "$TMP/two" "$TMP/many"
{ echo "# command: splitlab scale"; echo "$header"; row splitlab none 1 1; row splitlab ybwc 2 1.6;
  row glaurung ybwc 1 1; row glaurung ybwc 2 1.5; } > "$TMP/two/summary.csv"
{ echo "$header"; row splitlab none 1 1; for t in 2 4 8; do row splitlab ybwc $t $((t * 7 / 10)).0; row splitlab lazy $t $((t * 6 / 10)).0; done; } > "$TMP/many/summary.csv"

/usr/bin/python3 "$PLOT" "$TMP/two/summary.csv" 2>"$TMP/err"
check "a 2-thread summary plots" "is_png '$TMP/two/scaling.png'"
check "no threads plot for two thread counts" "[[ ! -e '$TMP/two/scaling_threads.png' ]]"
/usr/bin/python3 "$PLOT" "$TMP/many/summary.csv" 2>"$TMP/err"
check "a 1-8 thread summary plots" "is_png '$TMP/many/scaling.png'"
check "and its speedup against threads" "is_png '$TMP/many/scaling_threads.png'"
printf "not,a,summary\n1,2,3\n" > "$TMP/bad.csv"
/usr/bin/python3 "$PLOT" "$TMP/bad.csv" 2>"$TMP/err"; status=$?
check "a file that is not a summary is refused (exit $status: $(cat "$TMP/err"))" "[[ $status -eq 2 ]] && grep -q 'cannot read' '$TMP/err'"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
