#!/bin/bash
# scripts/test's --run_under: runs one test (the arguments after FILE) and appends a line to FILE:
# the target, its shard, the CPU seconds (user + system) of the test and every process it waited
# for, and its wall seconds. On a two-core machine a test's CPU, not its wall time, is what it
# takes from the others; scripts/test sums these per configuration and lists the heaviest.
#   scripts/test_cpu.sh FILE COMMAND [ARGS...]
file=$1
shift
start=$(date +%s.%N)
"$@"
status=$?
end=$(date +%s.%N)
# The children's user and system time, in clock ticks: fields 16 and 17 of /proc/PID/stat (read
# in this shell: `times` in a pipe or a $(...) would report the subshell's children).
read -r -a stat </proc/$$/stat
ticks=$(getconf CLK_TCK)
printf '%s %s %.2f %.2f\n' "${TEST_TARGET:-?}" "${TEST_SHARD_INDEX:-0}" \
  "$(awk -v u="${stat[15]}" -v s="${stat[16]}" -v t="$ticks" 'BEGIN { print (u + s) / t }')" \
  "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" >>"$file" 2>/dev/null
exit $status
