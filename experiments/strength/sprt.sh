#!/bin/sh
# One entry of the strength log: an SPRT of a change against the build before it, the way
# fishtest tests a patch, at 1 thread on the default book.
#
#   experiments/strength/sprt.sh NAME NEW [BASE]        (from the repository root)
#
# NEW and BASE are engine specs: a binary path, optionally followed by ":" and a SearchFeatures
# value, optionally followed by ":" and UCI options as NAME=VALUE,... (spin and check values,
# such as SPSA's tuned parameters). With BASE left out, NEW's binary with SearchFeatures=none is
# the base. Examples:
#   experiments/strength/sprt.sh futility /tmp/splitlab-HEAD:futility
#   experiments/strength/sprt.sh eval-tuned /tmp/splitlab-new /tmp/splitlab-old
#   experiments/strength/sprt.sh lmr-tuned /tmp/splitlab-HEAD:lmp:LmrBase=62,LmrDivisor=189 \
#     /tmp/splitlab-HEAD:lmp
# Settings (environment): TC (default 3+0.03), ELO0/ELO1 (0/10), ROUNDS (game pairs, 1000: the
# strength log's truncation at 2000 games, see its stopping rule; a test begun under the old
# default of 3000 resumes only with ROUNDS=3000, since a match may not shrink, and is read at
# its first 2000 games),
# CONCURRENCY (2: one engine per core; each engine has one thread), SEED (2029), VARIANT
# (xiangqi for a xiangqi change: its default book, refereed by xiangqi's rules), BOOK (an EPD
# opening file instead of the default book, such as experiments/strength/endgame_book/
# endgame_book.epd for a change that only matters in endgames), RUNNER (the binary whose
# `match` plays the games; NEW's binary by default).
# Writes experiments/strength/sprt/NAME/ (match.out, games.pgn, results/, engines.txt: the two
# binaries' checksums, commits, builds and bench signatures, and host-steal.log: the seconds in
# which the VM's host stole 20 ms or more, host_steal_log.sh); progress and ETA go to stderr;
# rerunning resumes, with the same binaries only. Each binary must be an opt build without
# sanitizers or assertions (engine_build_check.py).
# The machine must be otherwise idle (see experiments/second-thread/README.md).
set -eu
name=${1:?usage: sprt.sh NAME NEW [BASE]}
new=${2:?usage: sprt.sh NAME NEW [BASE]}
base=${3:-${new%%:*}:none}
spec() {  # "PATH[:FEATURES[:NAME=V,...]]" -> "cmd=PATH option.SearchFeatures=FEATURES option.NAME=V ..."
  path=${1%%:*}
  features=none
  options=
  case $1 in *:*) features=${1#*:} ;; esac
  case $features in *:*) options=${features#*:}; features=${features%%:*} ;; esac
  [ -x "$path" ] || { echo "sprt.sh: no executable '$path'" >&2; exit 2; }
  printf 'cmd=%s option.SearchFeatures=%s' "$path" "$features"
  old_ifs=$IFS
  IFS=,
  for option in $options; do
    case $option in
      [A-Za-z]*=?*) printf ' option.%s' "$option" ;;
      *) echo "sprt.sh: '$option' in '$1' is not NAME=VALUE" >&2; exit 2 ;;
    esac
  done
  IFS=$old_ifs
  echo
}
# Refuse a bad spec here, before any game (a failure inside the $(spec ...) below would not stop
# the script).
spec "$new" >/dev/null
spec "$base" >/dev/null
# The match runner: NEW's binary unless RUNNER names another (a newer runner keeps more per
# game, such as the clocks; the engines stay the binaries given).
runner=${RUNNER:-${new%%:*}}
[ -x "$runner" ] || { echo "sprt.sh: no executable runner '$runner'" >&2; exit 2; }
dir=experiments/strength/sprt/$name
case ${VARIANT:-chess} in
  chess) variant= ;;
  xiangqi) variant="--variant xiangqi" ;;
  *) echo "sprt.sh: VARIANT is chess or xiangqi, not '$VARIANT'" >&2; exit 2 ;;
esac
openings=
if [ -n "${BOOK:-}" ]; then
  [ -r "$BOOK" ] || { echo "sprt.sh: cannot read BOOK '$BOOK'" >&2; exit 2; }
  openings="--openings file=$BOOK format=epd"
fi
mkdir -p "$dir"
# Both engines must be the optimized, unsanitized build that users play (a TSan build is some
# 14 times slower and would test another search), and a resumed test must run the binaries it
# began with: engines.txt keeps each one's checksum, commit, build and bench signature.
# CHECK_ONLY=1 stops after this check (the test's way in).
python3 "$(dirname "$0")/engine_build_check.py" "$dir/engines.txt" "new=${new%%:*}" "base=${base%%:*}"
[ "${CHECK_ONLY:-0}" = 1 ] && exit 0
# The host's stalls, logged beside the games so that a time loss can be checked against them;
# the logger ends with this script.
bash "$(dirname "$0")/host_steal_log.sh" "$dir/match.out" "$dir/host-steal.log" &
steal_logger=$!
trap 'kill "$steal_logger" 2>/dev/null' EXIT
# Line-buffered, so that match.out keeps every line up to the moment a test is stopped (the
# games themselves are safe in results/ whatever happens to this log).
# shellcheck disable=SC2046,SC2086
stdbuf -oL "$runner" match $variant $openings \
  --engine name=new $(spec "$new") --engine name=base $(spec "$base") \
  --each tc="${TC:-3+0.03}" option.Hash=16 option.Threads=1 \
  --rounds "${ROUNDS:-1000}" --games 2 --repeat --concurrency "${CONCURRENCY:-2}" \
  --seed "${SEED:-2029}" \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --sprt elo0="${ELO0:-0}" elo1="${ELO1:-10}" alpha=0.05 beta=0.05 model=logistic \
  --ratinginterval 50 \
  --pgnout "$dir/games.pgn" --out "$dir/results" | tee -a "$dir/match.out"
# The test's course (results/sprt.csv, written by the match) as a picture: results/sprt.png.
/usr/bin/python3 "$(dirname "$0")/../../scripts/plot_sprt.py" "$dir/results/sprt.csv" || true
