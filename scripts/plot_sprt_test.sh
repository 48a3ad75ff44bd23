#!/bin/bash
# scripts/plot_sprt.py on courses written here: a test that ran its course gives sprt.png, a
# course whose first Elo intervals are not finite (one pair: no variance yet) still plots, and a
# file that is not a course is refused with exit code 2.
set -u
RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
PLOT="$RUNFILES/scripts/plot_sprt.py"
[[ -f "$PLOT" ]] || PLOT="scripts/plot_sprt.py"
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
export MPLCONFIGDIR="$TMP/mpl"
passed=0 failed=0
check() { if eval "$2"; then passed=$((passed + 1)); else echo "FAILED: $1" >&2; failed=$((failed + 1)); fi; }
is_png() { [[ -s "$1" ]] && [[ $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; }

mkdir -p "$TMP/run"
{ echo "# elo0: -5"; echo "# elo1: 0"; echo "games,llr,lower,upper,elo,elo_low,elo_high"
  echo "2,0.0000,-2.9444,2.9444,0.00,nan,nan"
  awk 'BEGIN { for (g = 4; g <= 400; g += 2)
    printf "%d,%.4f,-2.9444,2.9444,3.00,%.2f,%.2f\n", g, g / 150, 3 - 400 / sqrt(g), 3 + 400 / sqrt(g) }'
  } > "$TMP/run/sprt.csv"
/usr/bin/python3 "$PLOT" "$TMP/run/sprt.csv" 2>"$TMP/err"; status=$?
check "a course plots (exit $status: $(cat "$TMP/err"))" "[[ $status -eq 0 ]] && is_png '$TMP/run/sprt.png'"
/usr/bin/python3 "$PLOT" "$TMP/run/sprt.csv" --out "$TMP/other.png" 2>/dev/null
check "--out names the picture" "is_png '$TMP/other.png'"
printf "a,b\n1,2\n" > "$TMP/bad.csv"
/usr/bin/python3 "$PLOT" "$TMP/bad.csv" 2>"$TMP/err"; status=$?
check "a file that is not a course is refused (exit $status)" "[[ $status -eq 2 ]] && grep -q 'cannot read' '$TMP/err'"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
