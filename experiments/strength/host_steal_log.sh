#!/bin/bash
# Logs the hypervisor's stalls beside a match: once a second it reads the steal time that
# /proc/stat counts (time the host ran something else while this VM had work), and a second
# with at least MIN_MS of it gets a line: the time, the steal in ms, and the last game started
# in the match's log. A time loss or an unseen delay of about 100 ms can then be pinned on the
# host (strength log entry 27) instead of argued.
#
#   experiments/strength/host_steal_log.sh MATCH_OUT LOG [MIN_MS]
#
# sprt.sh starts it for each run (LOG is its directory's host-steal.log). It forks nothing but
# `sleep` in a quiet second, so it costs the games nothing measurable. STAT (default /proc/stat)
# exists for its own check: a file whose steal count jumps must produce a line.
set -u
match_out=${1:?usage: host_steal_log.sh MATCH_OUT LOG [MIN_MS]}
log=${2:?usage: host_steal_log.sh MATCH_OUT LOG [MIN_MS]}
min_ms=${3:-20}
stat=${STAT:-/proc/stat}
ms_per_tick=$((1000 / $(getconf CLK_TCK)))

steal=
read_steal() {  # sets steal: the 8th number of the "cpu" line, all CPUs together, in ticks
  local label user nice system idle iowait irq softirq rest
  read -r label user nice system idle iowait irq softirq steal rest < "$stat" &&
    [[ $label == cpu && $steal =~ ^[0-9]+$ ]]
}

read_steal || { echo "host_steal_log.sh: cannot read steal time from $stat" >&2; exit 2; }
previous=$steal
printf '# host steal time beside %s: seconds with at least %s ms (started %s)\n' \
  "$match_out" "$min_ms" "$(date -u +%FT%TZ)" >> "$log"
while sleep 1; do
  read_steal || continue
  stolen_ms=$(((steal - previous) * ms_per_tick))
  previous=$steal
  if [ "$stolen_ms" -ge "$min_ms" ]; then
    last_game=$(grep -E '^Started game' "$match_out" 2>/dev/null | tail -1)
    printf '%s\t%d ms\t%s\n' "$(date -u +%FT%T.%3NZ)" "$stolen_ms" "${last_game:-no game yet}" >> "$log"
  fi
done
