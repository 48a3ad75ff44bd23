#!/bin/bash
# Regression tests of what fuzz/resume_fuzzer.cc found, on its own inputs.
# 1. A runs.csv whose last row was cut short (a run killed while writing it). The inputs are the fuzzer's own (fuzz/corpus/resume/
# COMMAND-interrupted: a command byte, a suite, "== runs.csv ==", the cut file), run as the
# fuzzer runs them. Before the fix the rerun appended its first new row to the cut line, the
# joined line read back as neither row, and every later rerun searched that row again and
# appended it once more. Now: the rerun completes the file, every data line has the header's
# number of fields, and a third run adds nothing.
# 2. A suite position whose id holds a comma (fuzz/corpus/resume/scale-comma-id): its rows were
# written with the comma, never read back, and searched again on every rerun. Now such an id,
# and an id two positions share, are refused (exit 2) with the line named.
set -u

RUNFILES="${TEST_SRCDIR:-.}/${TEST_WORKSPACE:-splitlab}"
BIN="$RUNFILES/splitlab"
CORPUS="$RUNFILES/fuzz/corpus/resume"
[[ -x "$BIN" ]] || BIN="./splitlab"
[[ -d "$CORPUS" ]] || CORPUS="fuzz/corpus/resume"
[[ -x "$BIN" ]] || { echo "cannot find the splitlab binary" >&2; exit 1; }
TMP="${TEST_TMPDIR:-$(mktemp -d)}"
failures=0
fail() {
  echo "FAILED: $*" >&2
  failures=$((failures + 1))
}

for command in scale simulate overhead; do
  input="$CORPUS/$command-interrupted"
  dir="$TMP/$command"
  rm -rf "$dir"
  mkdir -p "$dir/out"
  # Byte 0 is the fuzzer's command selector; then the suite, the separator and runs.csv.
  tail -c +2 "$input" | sed '/^== runs.csv ==$/,$d' >"$dir/suite.epd"
  # The cut runs.csv byte for byte (sed would end its last line with a newline).
  python3 - "$input" "$dir/out/runs.csv" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()[1:]
sep = b"== runs.csv ==\n"
open(sys.argv[2], "wb").write(data[data.index(sep) + len(sep):])
PY
  [[ -n "$(tail -c 1 "$dir/out/runs.csv")" ]] || fail "$command: the input's runs.csv is not cut mid-line"
  args=(--suite "$dir/suite.epd" --depth 2 --hash 1 --out "$dir/out" --strategies ybwc)
  case $command in
    scale) args+=(--threads 1,2 --references none) ;;
    simulate) args+=(--cpus 2 --jobs 1) ;;
    overhead) args+=(--threads 2) ;;
  esac
  for attempt in 1 2; do
    "$BIN" "$command" "${args[@]}" >"$TMP/stdout" 2>"$TMP/stderr" ||
      fail "$command run $attempt: exit $?: $(tail -3 "$TMP/stderr")"
    cp "$dir/out/runs.csv" "$dir/runs-$attempt.csv"
  done
  cmp -s "$dir/runs-1.csv" "$dir/runs-2.csv" ||
    fail "$command: the third run changed runs.csv: $(diff "$dir/runs-1.csv" "$dir/runs-2.csv" | head -5)"
  # Every data line has as many fields as the header (a joined line has about twice as many).
  bad=$(grep -v '^#' "$dir/runs-2.csv" | awk -F, 'NR == 1 { n = NF; next } NF != n { print NR": "NF" fields" }')
  [[ -z "$bad" ]] || fail "$command: rows with the wrong number of fields: $bad"
done

# 2. Ids the results cannot hold, refused before anything is searched.
dir="$TMP/ids"
rm -rf "$dir"
mkdir -p "$dir"
tail -c +2 "$CORPUS/scale-comma-id" | sed '/^== runs.csv ==$/,$d' >"$dir/comma.epd"
grep -q 'id "[^"]*,' "$dir/comma.epd" || fail "the comma input lost its comma"
fen='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
printf '%s id "a";\n%s id "b";\n%s id "a";\n' "$fen" "$fen" "$fen" >"$dir/twice.epd"
for case in "comma.epd:comma.epd:1: the position id 'scal,.001' is empty or holds a comma" \
  "twice.epd:twice.epd:3: the position id 'a' is also line 1's"; do
  suite="${case%%:*}"
  want="${case#*:}"
  for command in scale simulate overhead; do
    "$BIN" "$command" --suite "$dir/$suite" --depth 2 --hash 1 --out "$dir/out-$command" \
      >/dev/null 2>"$TMP/stderr"
    status=$?
    [[ $status -eq 2 ]] && grep -qF -- "$want" "$TMP/stderr" ||
      fail "$command --suite $suite: exit $status, $(cat "$TMP/stderr")"
    [[ ! -s "$dir/out-$command/runs.csv" ]] || fail "$command --suite $suite: rows were written"
  done
done

if [[ $failures -gt 0 ]]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "resume_fuzz_finds_test: all checks passed"
