#!/bin/sh
# One entry of the strength log: an SPRT of a change against the build before it, the way
# fishtest tests a patch, at 1 thread on the default book.
#
#   experiments/strength/sprt.sh NAME NEW [BASE]        (from the repository root)
#
# NEW and BASE are engine specs: a binary path, optionally followed by ":" and a SearchFeatures
# value. With BASE left out, NEW's binary with SearchFeatures=none is the base. Examples:
#   experiments/strength/sprt.sh futility /tmp/splitlab-HEAD:futility
#   experiments/strength/sprt.sh eval-tuned /tmp/splitlab-new /tmp/splitlab-old
# Settings (environment): TC (default 3+0.03), ELO0/ELO1 (0/10), ROUNDS (game pairs, 3000),
# CONCURRENCY (2: one engine per core; each engine has one thread), SEED (2029), VARIANT
# (xiangqi for a xiangqi change: its default book, refereed by xiangqi's rules), RUNNER (the
# binary whose `match` plays the games; NEW's binary by default).
# Writes experiments/strength/sprt/NAME/ (match.out, games.pgn, results/); progress and ETA go
# to stderr; rerunning resumes.
# The machine must be otherwise idle (see experiments/second-thread/README.md).
set -eu
name=${1:?usage: sprt.sh NAME NEW [BASE]}
new=${2:?usage: sprt.sh NAME NEW [BASE]}
base=${3:-${new%%:*}:none}
spec() {  # "PATH[:FEATURES]" -> "cmd=PATH option.SearchFeatures=FEATURES"
  path=${1%%:*}
  case $1 in *:*) features=${1#*:} ;; *) features=none ;; esac
  [ -x "$path" ] || { echo "sprt.sh: no executable '$path'" >&2; exit 2; }
  echo "cmd=$path option.SearchFeatures=$features"
}
# The match runner: NEW's binary unless RUNNER names another (a newer runner keeps more per
# game, such as the clocks; the engines stay the binaries given).
runner=${RUNNER:-${new%%:*}}
[ -x "$runner" ] || { echo "sprt.sh: no executable runner '$runner'" >&2; exit 2; }
dir=experiments/strength/sprt/$name
mkdir -p "$dir"
case ${VARIANT:-chess} in
  chess) variant= ;;
  xiangqi) variant="--variant xiangqi" ;;
  *) echo "sprt.sh: VARIANT is chess or xiangqi, not '$VARIANT'" >&2; exit 2 ;;
esac
# shellcheck disable=SC2046,SC2086
"$runner" match $variant \
  --engine name=new $(spec "$new") --engine name=base $(spec "$base") \
  --each tc="${TC:-3+0.03}" option.Hash=16 option.Threads=1 \
  --rounds "${ROUNDS:-3000}" --games 2 --repeat --concurrency "${CONCURRENCY:-2}" \
  --seed "${SEED:-2029}" \
  --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
  --sprt elo0="${ELO0:-0}" elo1="${ELO1:-10}" alpha=0.05 beta=0.05 model=logistic \
  --ratinginterval 50 \
  --pgnout "$dir/games.pgn" --out "$dir/results" | tee -a "$dir/match.out"
