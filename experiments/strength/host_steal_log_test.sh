#!/bin/bash
# host_steal_log.sh against a planted /proc/stat: a second in which steal jumps by 120 ms must
# be logged with every game that ran in it, the one that finished then included (a time loss
# ends its game); a second of 10 ms (below the 20 ms floor) must not; a later 40 ms second
# names only the game still running; a stat file without a steal count must be refused by name.
set -u
# SCRIPT runs another copy of the logger instead (a planted faulty one: the canary).
script=${SCRIPT:-experiments/strength/host_steal_log.sh}
work=$(mktemp -d)
trap 'kill "$logger" 2>/dev/null; rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tick_ms=$((1000 / $(getconf CLK_TCK)))

echo "cpu  10 0 5 900 0 0 0 100 0 0" > "$work/stat"
# Games 5 and 6 are over before the logger starts; 7 is running.
printf '%s\n' "Started game 5 of 10 (new vs base)" "Started game 6 of 10 (base vs new)" \
  "Finished game 5 (new vs base): 1-0 {White mates}" "Started game 7 of 10 (new vs base)" \
  "Finished game 6 (base vs new): 0-1 {Black mates}" > "$work/match.out"
STAT="$work/stat" bash "$script" "$work/match.out" "$work/log" &
logger=$!
# Each step waits for the logger's answer instead of sleeping a fixed time, so a loaded machine
# (CI builds beside the test) cannot fold two planted seconds into one reading.
wait_for() {  # wait_for PATTERN: up to 20 s for a line of the log to match
  for _ in $(seq 200); do
    grep -qP "$1" "$work/log" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
wait_for '^# host steal time beside' || fail "no header line: the logger did not start"
# 120 ms of steal (in this machine's ticks) since the logger's first reading.
# In the stalled second game 7 loses on time and game 8 starts (its line still being written
# when the logger may read it).
printf '%s\n%s' "Started game 8 of 10 (base vs new)" "Finished game 7 (new vs base): 0-1 {White lo" \
  >> "$work/match.out"
echo "cpu  10 0 5 900 0 0 0 $((100 + 120 / tick_ms)) 0 0" > "$work/stat"
printf '%s\n' "ses on time}" >> "$work/match.out"
wait_for '\t120 ms\t' || fail "the planted 120 ms stall was not logged within 20 s"
# Then 10 ms, below the floor: two more readings must add nothing.
echo "cpu  10 0 5 900 0 0 0 $((100 + 120 / tick_ms + 10 / tick_ms)) 0 0" > "$work/stat"
sleep 2.5
# Then 40 ms while game 8 alone runs.
echo "cpu  10 0 5 900 0 0 0 $((100 + 170 / tick_ms)) 0 0" > "$work/stat"
wait_for '\t40 ms\t' || fail "the planted 40 ms stall was not logged within 20 s"
kill "$logger"
wait "$logger" 2>/dev/null

grep -q '^# host steal time beside' "$work/log" || fail "no header line in the log"
stalls=$(grep -vc '^#' "$work/log")
[ "$stalls" = 2 ] || fail "expected 2 logged seconds, got $stalls: $(cat "$work/log")"
grep -qP '\t120 ms\tgames: 7, 8$' "$work/log" ||
  fail "the planted 120 ms stall is not logged with games 7 and 8: $(cat "$work/log")"
grep -qP '\t40 ms\tgames: 8$' "$work/log" ||
  fail "the planted 40 ms stall is not logged with game 8 alone: $(cat "$work/log")"

echo "intr 5" > "$work/bad"
message=$(STAT="$work/bad" bash "$script" "$work/match.out" "$work/log2" 2>&1)
status=$?
[ "$status" = 2 ] || fail "a stat without a cpu line exits $status, expected 2"
case $message in
  *"cannot read steal time from $work/bad"*) ;;
  *) fail "unclear error for a bad stat file: '$message'" ;;
esac

[ "$failures" = 0 ] && echo "host_steal_log_test: all checks pass"
exit "$failures"
