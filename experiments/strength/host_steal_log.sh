#!/bin/bash
# Logs the hypervisor's stalls beside a match: once a second it reads the steal time that
# /proc/stat counts (time the host ran something else while this VM had work), and a second
# with at least MIN_MS of it gets a line: the time, the steal in ms, and the match's games that
# ran in that second (a game that ended within it, as one lost on time does, among them). A time loss or an unseen delay of about 100 ms can then be pinned on the host (strength
# log entries 27 and 29) instead of argued.
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

# The match's games that ran at some time since the previous reading: its log is read on as it
# grows (bash builtins on an open descriptor, no fork), each "Started game N" adds N and each
# "Finished game N" removes it after this reading, so a game that ended within a stalled second
# (the one a time loss ends) is still named.
declare -A running=() finished_now=()
pending=
match_log_open=0
read_match_log() {
  local line game
  if [ "$match_log_open" = 0 ]; then
    [ -r "$match_out" ] || return 0  # tee has not made it yet
    exec 3< "$match_out"
    match_log_open=1
  fi
  finished_now=()
  while IFS= read -r line <&3; do
    line=$pending$line
    pending=
    game=${line#* game }
    game=${game%% *}
    case $line in
      "Started game "*) running[$game]=1 ;;
      "Finished game "*) finished_now[$game]=1 ;;
    esac
  done
  pending+=$line  # A line still being written.
}
games_ran() {
  local game names=
  # Numeric order; the sets hold at most the match's concurrency and a few more.
  for game in $(printf '%s\n' "${!running[@]}" "${!finished_now[@]}" | sort -nu); do
    names+="${names:+, }$game"
  done
  echo "games: ${names:-none}"
}
forget_finished() {
  local game
  for game in "${!finished_now[@]}"; do unset "running[$game]"; done
}

read_steal || { echo "host_steal_log.sh: cannot read steal time from $stat" >&2; exit 2; }
previous=$steal
read_match_log
forget_finished
printf '# host steal time beside %s: seconds with at least %s ms (started %s)\n' \
  "$match_out" "$min_ms" "$(date -u +%FT%TZ)" >> "$log"
while sleep 1; do
  read_steal || continue
  stolen_ms=$(((steal - previous) * ms_per_tick))
  previous=$steal
  read_match_log
  if [ "$stolen_ms" -ge "$min_ms" ]; then
    printf '%s\t%d ms\t%s\n' "$(date -u +%FT%T.%3NZ)" "$stolen_ms" "$(games_ran)" >> "$log"
  fi
  forget_finished
done
