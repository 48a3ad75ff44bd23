#!/bin/bash
# plot.py on a small results.csv of two policies, two sizes and all four panels: a PNG is
# written; a missing or malformed CSV is refused with exit code 2.
set -u

PLOT="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/experiments/tt-study/plot.py"
[[ -f "$PLOT" ]] || PLOT="experiments/tt-study/plot.py"
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
failures=0
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

cat >"$TMP/results.csv" <<'CSV'
search,table,policy,log2_entries,depth,positions,nodes,seconds
full,kept,deep,8,8,10,1000,0.5
full,kept,new,8,8,10,1200,0.5
full,kept,deep,9,8,10,900,0.5
full,kept,new,9,8,10,950,0.5
full,cleared,deep,8,8,10,1500,0.5
full,cleared,new,8,8,10,1400,0.5
plain,kept,depth-age,8,5,10,5000,0.5
plain,kept,bucket,8,5,10,5100,0.5
plain,cleared,depth-age,8,5,10,6000,0.5
CSV

/usr/bin/python3 "$PLOT" "$TMP/results.csv" --out "$TMP/plot.png" 2>"$TMP/err" ||
  fail "plot.py exited with $?: $(cat "$TMP/err")"
[[ "$(head -c 4 "$TMP/plot.png" | tail -c 3)" == "PNG" ]] || fail "plot.png is not a PNG"
/usr/bin/python3 "$PLOT" "$TMP/results.csv" 2>"$TMP/err" || fail "default output: exit $?"
[[ -s "$TMP/tt_study.png" ]] || fail "no tt_study.png beside the CSV"

/usr/bin/python3 "$PLOT" "$TMP/none.csv" 2>"$TMP/err"
[[ $? -eq 2 ]] || fail "a missing CSV: exit code not 2"
printf 'search,table\nfull,kept\n' >"$TMP/bad.csv"
/usr/bin/python3 "$PLOT" "$TMP/bad.csv" 2>"$TMP/err"
[[ $? -eq 2 ]] || fail "a CSV without the columns: exit code not 2: $(cat "$TMP/err")"

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "plot.py checks passed"
