#!/bin/sh
# Win At Chess at 1 s a position (issue 10's target: at least 290 of 300), 1 thread a search,
# the default search unless FEATURES names another list, on an otherwise idle machine.
#
#   [FEATURES=LIST] [JOBS=N] experiments/wac/run.sh [SPLITLAB] [NAME]    (from the repository root)
#
# Writes experiments/wac/NAME.csv (one row per position: solved or not, the move, depth, nodes)
# and NAME.out (the run's output, ending with "Solved: S/300"). NAME defaults to the binary's
# file name, e.g. splitlab-5476b75. JOBS (default 1, at most the cores): the suite is shared
# by N processes side by side (epd --part K/N), each search still 1 thread for 1 s; their rows
# are merged in the suite's order.
set -eu
splitlab=${1:-bazel-bin/splitlab}
name=${2:-$(basename "$splitlab")}
jobs=${JOBS:-1}
[ -x "$splitlab" ] || { echo "run.sh: no executable '$splitlab'" >&2; exit 2; }
case $jobs in ''|*[!0-9]*|0) echo "run.sh: JOBS is a positive count, not '$jobs'" >&2; exit 2 ;; esac
features=${FEATURES:+--features $FEATURES}
out=experiments/wac/$name
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
k=1
while [ "$k" -le "$jobs" ]; do
  # shellcheck disable=SC2086  # $features is one flag and its value, or nothing.
  "$splitlab" epd tests/data/wac.epd --movetime 1000 --hash 64 $features --part "$k/$jobs" \
    --out "$tmp/part$k.csv" >"$tmp/part$k.out" &
  k=$((k + 1))
done
wait
grep '^#' "$tmp/part1.csv" >"$out.csv"           # the run's metadata (part 1's)
grep -v '^#' "$tmp/part1.csv" | head -n 1 >>"$out.csv"  # the header
grep -hv -e '^#' -e '^id,' "$tmp"/part*.csv | sort -t, -k2,2n >>"$out.csv"
{
  cat "$tmp"/part*.out | grep -v '^Solved:'
  awk -F, '!/^#/ && !/^id,/ { n++; s += $3 } END { printf "Solved: %d/%d\n", s, n }' "$out.csv"
} >"$out.out"
tail -n 1 "$out.out"
