#!/bin/bash
# Shell test of the built binary: `splitlab predictor`.
#  1. On the bench positions at depth 5 (one thread) the per-draft CSV adds up to the node-type
#     table `splitlab bench --depth 5` prints, the first-move counts to the Cut column, and the
#     summary and stdout say the same.
#  2. Two threads: every split made is finished or abandoned, per draft and type.
#  3. A run cut short (positions.csv truncated) resumes and ends with the same files; a rerun
#     with other settings in the same folder is refused.
#  4. Bad input (missing file, malformed EPD line, bad FEN, bad flag value, --depth with
#     --movetime): exit code 2 and one line naming what was wrong.
set -u

BIN="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}/splitlab"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }

TMP="${TEST_TMPDIR:-$(mktemp -d)}"
OUT="$TMP/stdout"
ERR="$TMP/stderr"
failures=0

fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

run() {
  "$BIN" "$@" >"$OUT" 2>"$ERR"
  status=$?
}

# 1. Totals against bench.
run bench --depth 5
[[ $status -eq 0 ]] || fail "bench --depth 5: exit code $status"
cp "$OUT" "$TMP/bench.txt"
run predictor --suite bench --depth 5 --out "$TMP/one"
if [[ $status -ne 0 ]]; then
  fail "predictor --suite bench --depth 5: exit code $status: $(tail -n 3 "$ERR")"
else
  cp "$OUT" "$TMP/predictor.txt"
  grep -q "^predictor: 100.0%" "$ERR" || fail "no progress line on stderr: $(tail -n 2 "$ERR")"
  python3 - "$TMP/one" "$TMP/bench.txt" "$TMP/predictor.txt" >"$TMP/check" 2>&1 <<'PY' ||
import csv, re, sys
folder, bench_text, predictor_text = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
problems = []
def check(ok, what):
    if not ok:
        problems.append(what)
def rows(name):
    return list(csv.DictReader(l for l in open(folder + "/" + name) if not l.startswith("#")))
types = ["PV", "Cut", "All"]
# The overall table bench prints: "PV  n n n  x%" rows after "predicted \ actual".
table = {}
for t in types:
    m = re.search(r"^%s\s+(\d+)\s+(\d+)\s+(\d+)\s" % t, bench_text, re.M)
    check(m is not None, "bench prints no %s row" % t)
    table[t] = [int(x) for x in m.groups()] if m else [0, 0, 0]
nodes = rows("node_types_by_draft.csv")
check(len(nodes) == 9 * 5, "%d node-type rows, expected 9 per draft for drafts 1..5" % len(nodes))
check([r["draft"] for r in nodes[::9]] == ["1", "2", "3", "4", "5"], "drafts %r" % [r["draft"] for r in nodes[::9]])
summed = {t: [0, 0, 0] for t in types}
for r in nodes:
    summed[r["predicted"]][types.index(r["actual"])] += int(r["nodes"])
check(summed == table, "per-draft sums %r, bench's table %r" % (summed, table))
cut_column = {(r["draft"], r["predicted"]): int(r["nodes"]) for r in nodes if r["actual"] == "Cut"}
first = rows("first_move_cuts_by_draft.csv")
check(len(first) == 3 * 5, "%d first-move rows" % len(first))
first_total = cut_total = 0
for r in first:
    key = (r["draft"], r["predicted"])
    check(int(r["cut_nodes"]) == cut_column[key], "cut nodes of %r: %s, node table %d" % (key, r["cut_nodes"], cut_column[key]))
    check(int(r["first_move_cuts"]) + int(r["later_cuts"]) == int(r["cut_nodes"]), "first + later != cut at %r" % (key,))
    first_total += int(r["first_move_cuts"])
    cut_total += int(r["cut_nodes"])
check(cut_total > 0 and 0.5 < first_total / cut_total < 1.0, "first-move share %d/%d" % (first_total, cut_total))
m = re.search(r"Cut nodes \(fail high\): (\d+), ([\d.]+)% of them on the first move", bench_text)
check(m is not None and int(m.group(1)) == cut_total and m.group(2) == "%.1f" % (100.0 * first_total / cut_total),
      "bench's first-move line %r, CSV %d/%d" % (m and m.group(0), first_total, cut_total))
splits = rows("splits_by_draft.csv")
check(all(int(r["made"]) == 0 for r in splits), "splits in a one-thread run")
positions = rows("positions.csv")
check(len(positions) == 32 and [int(p["position"]) for p in positions] == list(range(1, 33)), "positions.csv rows")
bench_nodes = re.search(r"^Nodes searched: (\d+)$", bench_text, re.M).group(1)
check(sum(int(p["nodes"]) for p in positions) == int(bench_nodes), "position nodes do not add up to bench's")
check(re.search(r"^Nodes searched: %s$" % bench_nodes, predictor_text, re.M) is not None, "predictor's Nodes searched differs from bench's")
summary = open(folder + "/summary.txt").read()
check("32 of 32 positions" in summary, "summary does not say 32 of 32 positions")
check("prediction right for" in summary and "draft 5:" in summary, "summary lacks the tables")
check(summary.split("Settings:", 1)[1] in predictor_text, "stdout does not end with the summary")
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
  fail "one thread: $(cat "$TMP/check")"
fi

# 2. Two threads: splits made, and each one ended once.
run predictor --suite bench --depth 7 --threads 2 --strategy ybwc --out "$TMP/two"
if [[ $status -ne 0 ]]; then
  fail "predictor --threads 2: exit code $status: $(tail -n 3 "$ERR")"
else
  python3 - "$TMP/two" >"$TMP/check" 2>&1 <<'PY' || fail "two threads: $(cat "$TMP/check")"
import csv, sys
rows = list(csv.DictReader(l for l in open(sys.argv[1] + "/splits_by_draft.csv") if not l.startswith("#")))
problems = []
made = 0
for r in rows:
    n = {k: int(v) for k, v in r.items() if k not in ("draft", "predicted", "wasted_percent")}
    made += n["made"]
    if n["made"] != n["finished_pv"] + n["finished_cut"] + n["finished_all"] + n["abandoned"]:
        problems.append("draft %s %s: made %d, ended %r" % (r["draft"], r["predicted"], n["made"], n))
    if n["wasted"] > n["made"]:
        problems.append("more wasted than made at draft %s %s" % (r["draft"], r["predicted"]))
    if r["predicted"] != "PV" and n["finished_pv"]:
        problems.append("a null-window split finished as PV at draft %s" % r["draft"])
if made == 0:
    problems.append("no split in 32 two-thread searches")
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
fi

# 3. Resume: keep the first 10 positions of the one-thread run, rerun, compare the files.
cp -r "$TMP/one" "$TMP/cut"
awk '/^[0-9]/ { if (++n > 10) next } { print }' "$TMP/one/positions.csv" >"$TMP/cut/positions.csv"
run predictor --suite bench --depth 5 --out "$TMP/cut"
if [[ $status -ne 0 ]]; then
  fail "resumed run: exit code $status: $(tail -n 3 "$ERR")"
else
  grep -q "resuming in .* after 10 of 32 positions" "$ERR" || fail "no resume message: $(head -n 2 "$ERR")"
  for f in node_types_by_draft.csv first_move_cuts_by_draft.csv splits_by_draft.csv; do
    diff <(grep -v '^#' "$TMP/one/$f") <(grep -v '^#' "$TMP/cut/$f") >/dev/null ||
      fail "resumed $f differs from the uninterrupted run's"
  done
  diff <(grep -v '^#' "$TMP/one/position_counts.csv") <(grep -v '^#' "$TMP/cut/position_counts.csv") >/dev/null ||
    fail "resumed position_counts.csv differs (the dropped positions' rows must go)"
  [[ $(grep -c '^[0-9]' "$TMP/cut/positions.csv") -eq 32 ]] || fail "resumed positions.csv has not 32 rows"
fi
run predictor --suite bench --depth 6 --out "$TMP/cut"
[[ $status -eq 2 ]] || fail "other settings in the same folder: exit code $status, expected 2"
grep -q "holds a run with other settings" "$ERR" || fail "other settings: $(cat "$ERR")"

# 4. Bad input.
# expect_refused DESCRIPTION TEXT ARGS...: exit code 2, one line on stderr containing TEXT.
expect_refused() {
  local description="$1" text="$2"
  shift 2
  run predictor "$@"
  [[ $status -eq 2 ]] || fail "$description: exit code $status, expected 2"
  [[ $(wc -l <"$ERR") -eq 1 ]] || fail "$description: expected one line on stderr: $(cat "$ERR")"
  grep -qF -- "$text" "$ERR" || fail "$description: stderr does not say '$text': $(cat "$ERR")"
}
printf '%s\n' 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - id "one";' \
  'rnbqkbnr/pppppppp w' >"$TMP/malformed.epd"
printf '%s\n' 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - id "one";' \
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - id "bad piece";' >"$TMP/bad_fen.epd"
: >"$TMP/empty.epd"
expect_refused "missing file" "$TMP/no_such.epd" --suite "$TMP/no_such.epd" --depth 3 --out "$TMP/x"
expect_refused "malformed EPD line" "$TMP/malformed.epd:2" --suite "$TMP/malformed.epd" --out "$TMP/x"
expect_refused "bad FEN" "$TMP/bad_fen.epd:2" --suite "$TMP/bad_fen.epd" --out "$TMP/x"
expect_refused "empty suite" "$TMP/empty.epd: is empty" --suite "$TMP/empty.epd" --out "$TMP/x"
expect_refused "bad depth" "--depth" --depth 0 --out "$TMP/x"
expect_refused "bad movetime" "--movetime" --movetime soon --out "$TMP/x"
expect_refused "bad threads" "--threads" --threads 0 --out "$TMP/x"
expect_refused "bad strategy" "--strategy 'mtdf'" --strategy mtdf --out "$TMP/x"
expect_refused "depth and movetime" "exclude each other" --depth 3 --movetime 10 --out "$TMP/x"
expect_refused "unknown flag" "--nodes" --nodes 5
: >"$TMP/a_file"
expect_refused "out is a file" "$TMP/a_file" --depth 1 --out "$TMP/a_file"
[[ ! -e "$TMP/x" || -z "$(ls "$TMP/x")" ]] || fail "a refused run wrote results: $(ls "$TMP/x")"

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all predictor CLI checks passed"
