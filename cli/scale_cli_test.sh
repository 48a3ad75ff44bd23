#!/bin/bash
# Shell test of the built binary: a tiny `splitlab scale` (2 positions, depth 3, ybwc at 1 and
# 2 threads, no reference engines) writes the run's metadata into every file (summary.json as
# keys; summary.csv, summary.txt and runs.csv as "# key: value" lines); a rerun with nothing to
# measure leaves runs.csv alone; a rerun that adds rows puts its own metadata above them.
set -u

RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
SUITE="$RUNFILES/cli/testdata/scale_two_positions.epd"
[[ -f "$SUITE" ]] || SUITE="cli/testdata/scale_two_positions.epd"

TMP="${TEST_TMPDIR:-$(mktemp -d)}"
DIR="$TMP/scale"
rm -rf "$DIR"
failures=0

fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

run() {
  "$BIN" scale --strategies ybwc --threads 1,2 --depth 3 --suite "$SUITE" --references none \
    --out "$DIR" "$@" >"$TMP/stdout" 2>"$TMP/stderr"
  status=$?
}

KEYS="command executable commit build machine started seed"
# has_comments FILE: the file opens with the metadata lines, in order, seed 24301.
has_comments() {
  local keys
  keys=$(head -n 7 "$1" | sed -n 's/^# \([a-z]*\): .*/\1/p' | tr '\n' ' ')
  [[ "$keys" == "$KEYS " ]] || fail "$(basename "$1") opens with keys '$keys'"
  head -n 1 "$1" | grep -q "^# command: splitlab scale --strategies ybwc " ||
    fail "$(basename "$1"): $(head -n 1 "$1")"
  grep -qx "# seed: 24301" "$1" || fail "$(basename "$1") lacks the bootstrap seed"
}

run
if [[ $status -ne 0 ]]; then
  fail "tiny scale: exit code $status: $(tail -n 3 "$TMP/stderr")"
else
  for f in summary.csv summary.txt runs.csv; do has_comments "$DIR/$f"; done
  # The header is the first line that is not a comment (a build of uncommitted changes adds a
  # metadata line, a reference engine a line naming its binary).
  grep -v '^#' "$DIR/runs.csv" | head -n 1 | grep -q '^engine,strategy,threads,' ||
    fail "runs.csv: no header under the comments"
  [[ $(grep -c '^splitlab,' "$DIR/runs.csv") -eq 4 ]] || fail "runs.csv: expected 4 rows"
  python3 - "$DIR" >"$TMP/check" 2>&1 <<'PY' || fail "$(cat "$TMP/check")"
import csv, json, os, re, sys
folder = sys.argv[1]
data = json.load(open(os.path.join(folder, "summary.json")))
problems = []
for key in ("command", "command_line", "executable", "commit", "build", "machine", "started"):
    if not data.get(key):
        problems.append("summary.json: no " + key)
if data.get("seed") != 24301:
    problems.append("summary.json: seed %r" % data.get("seed"))
if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", data.get("started", "")):
    problems.append("summary.json: started %r" % data.get("started"))
if data["command_line"][:2] != ["splitlab", "scale"] or data["depth"] != 3:
    problems.append("summary.json: command line or depth")
if [(r["strategy"], r["threads"]) for r in data["rows"]] != [("none", 1), ("ybwc", 2)]:
    problems.append("summary.json: rows %r" % data["rows"])
# A CSV reader that skips the comment lines (as scripts/plot_scale.py does) sees the table.
with open(os.path.join(folder, "summary.csv"), newline="") as f:
    rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
if [r["strategy"] for r in rows] != ["none", "ybwc"]:
    problems.append("summary.csv: rows %r" % rows)
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
fi

# Nothing left to measure: runs.csv stays as it was.
cp "$DIR/runs.csv" "$TMP/first.csv"
run
[[ $status -eq 0 ]] || fail "rerun: exit code $status"
cmp -s "$DIR/runs.csv" "$TMP/first.csv" || fail "a rerun that measured nothing changed runs.csv"

# A second repeat: 4 more rows, under this run's metadata.
run --repeats 2
[[ $status -eq 0 ]] || fail "--repeats 2: exit code $status"
[[ $(grep -c '^# command: ' "$DIR/runs.csv") -eq 2 ]] || fail "runs.csv: expected two metadata blocks"
# The last metadata block is the rerun's, and under it come only comments and the 4 new rows.
last=$(grep -n '^# command: ' "$DIR/runs.csv" | tail -n 1 | cut -d: -f1)
sed -n "${last}p" "$DIR/runs.csv" | grep -q '^# command: splitlab scale .* --repeats 2$' ||
  fail "runs.csv: the last metadata block is not the rerun's: $(sed -n "${last}p" "$DIR/runs.csv")"
tail -n +"$((last + 1))" "$DIR/runs.csv" | grep -v '^#' >"$TMP/after"
[[ $(wc -l <"$TMP/after") -eq 4 && $(grep -c '^splitlab,.*,1,sf-bench' "$TMP/after") -eq 4 ]] ||
  fail "runs.csv: under the rerun's metadata are not the 4 rows of repeat 1: $(cat "$TMP/after")"
[[ $(grep -c '^engine,' "$DIR/runs.csv") -eq 1 ]] || fail "runs.csv: the header was written twice"

# Xiangqi: Splitlab's xiangqi search at 1 and 2 threads, and Fairy-Stockfish (UCI_Variant
# xiangqi) beside it in the same run, on two of the built-in xiangqi positions.
XDIR="$TMP/scale-xiangqi"
rm -rf "$XDIR"
printf '%s\n' \
  'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - id "x1";' \
  'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - id "x2";' >"$TMP/xiangqi.epd"
if [[ -x /usr/games/fairy-stockfish ]]; then
  "$BIN" scale --game xiangqi --strategies ybwc,dts --threads 1,2 --depth 4 --suite "$TMP/xiangqi.epd" \
    --out "$XDIR" >"$TMP/xstdout" 2>"$TMP/xstderr"
  status=$?
  if [[ $status -ne 0 ]]; then
    fail "xiangqi scale: exit code $status: $(tail -n 3 "$TMP/xstderr")"
  else
    # splitlab none x1, ybwc x2, dts x2 and fairy-stockfish at 1 and 2 threads, on 2 positions.
    [[ $(grep -c '^splitlab,' "$XDIR/runs.csv") -eq 6 ]] || fail "xiangqi runs.csv: expected 6 splitlab rows"
    [[ $(grep -c '^fairy-stockfish,lazy,' "$XDIR/runs.csv") -eq 4 ]] ||
      fail "xiangqi runs.csv: expected 4 fairy-stockfish rows: $(cat "$TMP/xstderr" | tail -n 3)"
    grep -q '"game": *"xiangqi"' "$XDIR/summary.json" || fail "xiangqi summary.json: no game"
    # Every best move is a legal xiangqi move of its position (UCCI text from Splitlab).
    grep '^splitlab,' "$XDIR/runs.csv" | grep -qv ',[a-i][0-9][a-i][0-9],\|,[a-i][0-9][a-i][0-9]$' &&
      fail "xiangqi runs.csv: a best move that is not xiangqi text"
  fi
else
  fail "fairy-stockfish is not installed (scripts/setup installs it)"
fi
# Equal time (--seconds): calibration.csv holds the calibration's searches, every Splitlab row
# (each strategy's too) is at the calibrated depth, summary.json says so, and a rerun reads the
# calibration back instead of searching again (timing noise cannot move the depth then).
EDIR="$TMP/equal-time"
rm -rf "$EDIR"
"$BIN" scale --strategies ybwc,dts --threads 1,2 --seconds 0.02 --calibration-positions 2 \
  --suite "$SUITE" --references none --out "$EDIR" >"$TMP/estdout" 2>"$TMP/estderr"
if [[ $? -ne 0 ]]; then
  fail "scale --seconds: $(tail -n 3 "$TMP/estderr")"
else
  grep -q "^scale: splitlab at depth [0-9]* (1-thread median over 2 positions" "$TMP/estderr" ||
    fail "scale --seconds: no calibration line on stderr"
  grep -q "^equal time: each engine at the depth where its 1-thread search takes about 0.02 s" \
    "$TMP/estdout" || fail "scale --seconds: the table does not say it is at equal time"
  cp "$EDIR/calibration.csv" "$TMP/calibration.first"
  python3 - "$EDIR" >"$TMP/check" 2>&1 <<'PY' || fail "$(cat "$TMP/check")"
import csv, json, os, sys
folder = sys.argv[1]
problems = []
data = json.load(open(os.path.join(folder, "summary.json")))
calibration = {c["engine"]: c for c in data.get("calibration", [])}
if data.get("seconds") != 0.02 or "splitlab" not in calibration or "depth" in data:
    problems.append("summary.json: seconds %r, calibration %r" % (data.get("seconds"), calibration))
else:
    depth = calibration["splitlab"]["depth"]
    medians = calibration["splitlab"]["medians"]
    # Depths 1.. up to the first whose median reaches the target, the chosen one among them.
    if [m["depth"] for m in medians] != list(range(1, len(medians) + 1)) or \
            not any(m["depth"] == depth for m in medians):
        problems.append("calibration medians %r, depth %r" % (medians, depth))
    if any(m["median_seconds"] >= 0.02 for m in medians[:-1]):
        problems.append("calibration went on past the target: %r" % medians)
    rows = [(r["strategy"], r["threads"], r["depth"]) for r in data["rows"]]
    if rows != [("none", 1, depth), ("ybwc", 2, depth), ("dts", 2, depth)]:
        problems.append("summary.json rows %r, calibrated depth %r" % (rows, depth))
    if any(not r["median_1thread_seconds"] > 0 for r in data["rows"]):
        problems.append("summary.json: a row without its 1-thread time")
    with open(os.path.join(folder, "calibration.csv")) as f:
        cal = list(csv.DictReader(line for line in f if not line.startswith("#")))
    if len(cal) != 2 * len(medians) or {r["engine"] for r in cal} != {"splitlab"}:
        problems.append("calibration.csv: %d rows for %d depths" % (len(cal), len(medians)))
    with open(os.path.join(folder, "runs.csv")) as f:
        runs = list(csv.DictReader(line for line in f if not line.startswith("#")))
    if len(runs) != 6 or any(int(r["limit_depth"]) != depth for r in runs):
        problems.append("runs.csv: %r" % [(r["strategy"], r["limit_depth"]) for r in runs])
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
  "$BIN" scale --strategies ybwc,dts --threads 1,2 --seconds 0.02 --calibration-positions 2 \
    --suite "$SUITE" --references none --out "$EDIR" >/dev/null 2>"$TMP/estderr2"
  [[ $? -eq 0 ]] || fail "scale --seconds rerun: $(tail -n 3 "$TMP/estderr2")"
  cmp -s "$EDIR/calibration.csv" "$TMP/calibration.first" ||
    fail "a rerun of scale --seconds searched its calibration again"
  [[ "$(grep ' at depth ' "$TMP/estderr")" == "$(grep ' at depth ' "$TMP/estderr2")" ]] ||
    fail "a rerun of scale --seconds chose another depth"
fi
for bad in "--seconds 1 --depth 5:exclude each other" "--seconds 0:--seconds" \
    "--seconds 1.5s:--seconds" "--depth 5 --calibration-positions 3:--calibration-positions"; do
  # shellcheck disable=SC2086
  "$BIN" scale ${bad%%:*} --references none --out "$TMP/x" >/dev/null 2>"$TMP/xerr"
  [[ $? -eq 2 ]] && grep -q -- "${bad#*:}" "$TMP/xerr" || fail "scale ${bad%%:*}: $(cat "$TMP/xerr")"
done

# --engine: a UCI engine of the user's beside the rest. The same binary over UCI as "before",
# SplitStrategy dts, at 1 and 2 threads: its rows carry its name and strategy, and its 1-thread
# searches (deterministic, a fresh table each) play the move Splitlab's own 1-thread search
# plays in the same run.
UDIR="$TMP/user-engine"
rm -rf "$UDIR"
run_user() {
  "$BIN" scale --strategies ybwc --threads 1,2 --depth 3 --suite "$SUITE" --references none \
    --out "$UDIR" "$@" >"$TMP/ustdout" 2>"$TMP/ustderr"
}
if ! run_user --engine "before=$BIN,SplitStrategy=dts"; then
  fail "scale --engine: $(tail -n 3 "$TMP/ustderr")"
else
  [[ $(grep -c '^before,dts,1,' "$UDIR/runs.csv") -eq 2 && $(grep -c '^before,dts,2,' "$UDIR/runs.csv") -eq 2 ]] ||
    fail "scale --engine: expected 2 rows of 'before' at each thread count: $(grep -v '^#' "$UDIR/runs.csv")"
  grep -q '^before (dts) ' "$TMP/ustdout" || fail "scale --engine: no 'before (dts)' line in the table"
  mine=$(awk -F, '$1 == "splitlab" && $3 == 1 {print $5, $18}' "$UDIR/runs.csv" | sort)
  theirs=$(awk -F, '$1 == "before" && $3 == 1 {print $5, $18}' "$UDIR/runs.csv" | sort)
  [[ -n "$mine" && "$mine" == "$theirs" ]] || fail "scale --engine: 1-thread moves '$mine' against '$theirs'"
fi
# A UCI option the engine lacks skips that engine, named, and the rest of the run goes on.
rm -rf "$UDIR"
if ! run_user --engine "odd=$BIN,NoSuchOption=1"; then
  fail "scale --engine with an unknown option stopped the run: $(tail -n 3 "$TMP/ustderr")"
else
  grep -q "skipping odd.*no UCI option 'NoSuchOption'" "$TMP/ustderr" ||
    fail "scale --engine: the unknown option is not named: $(cat "$TMP/ustderr")"
  grep -q '^odd,' "$UDIR/runs.csv" && fail "scale --engine: a skipped engine has rows"
fi
for bad in "nopath:no NAME=PATH" "=x:no NAME=PATH" "stockfish=$BIN:built-in engine" \
    "a b=$BIN:letters, digits" "x=/no/such/engine:no executable" "x=$BIN,Threads=2:scale's own" \
    "x=$BIN,Hash:is not OPTION=VALUE"; do
  "$BIN" scale --engine "${bad%%:*}" --references none --out "$TMP/x" >/dev/null 2>"$TMP/xerr"
  [[ $? -eq 2 ]] && grep -q -- "--engine '.*${bad#*:}" "$TMP/xerr" || fail "scale --engine ${bad%%:*}: $(cat "$TMP/xerr")"
done
"$BIN" scale --engine "x=$BIN" --engine "x=$BIN" --references none --out "$TMP/x" >/dev/null 2>"$TMP/xerr"
[[ $? -eq 2 ]] && grep -q "a second engine named 'x'" "$TMP/xerr" || fail "scale: two engines named x: $(cat "$TMP/xerr")"

"$BIN" scale --game shogi --out "$TMP/x" >/dev/null 2>"$TMP/xerr"
[[ $? -eq 2 ]] && grep -q "shogi" "$TMP/xerr" || fail "scale --game shogi: $(cat "$TMP/xerr")"
"$BIN" scale --game xiangqi --references glaurung --out "$TMP/x" >/dev/null 2>"$TMP/xerr"
[[ $? -eq 2 ]] && grep -q "glaurung" "$TMP/xerr" || fail "xiangqi with glaurung: $(cat "$TMP/xerr")"

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all scale CLI checks passed"
