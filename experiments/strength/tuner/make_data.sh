#!/bin/sh
# The tuner's training data, made from Splitlab's own games only: games against other engines
# teach their evaluation's quirks as well as the result (a position type that Glaurung
# misplays looks lost for whoever reaches it), so they are left out.
#
#   SELFPLAY=N [GAME=xiangqi] experiments/strength/tuner/make_data.sh     (from the repository root)
#
# 1. N self-play games (default 4000; 0 for none): Splitlab against itself at 1 thread, 1+0.01,
#    Hash 16, concurrency 2, the game's default book in random order, seed 5150. Rerunning
#    resumes.
# 2. Up to 20 quiet positions a game (make_positions) from those games, and for chess from every
#    committed Splitlab-against-Splitlab game: experiments/second-thread and the strength log's
#    SPRTs (experiments/strength/sprt/*/games.pgn, as committed: git ls-files; the xiangqi
#    SPRTs' games among them are left out by make_positions --game), into
#    data/positions.epd (xiangqi: data/xiangqi_positions.epd; OUT= to write elsewhere).
# SPLITLAB names a copy of the binary (default bazel-bin/splitlab), so that a rebuild during
# the match changes nothing. Needs `bazel build //:splitlab //experiments/strength/tuner:all`.
set -eu
dir=experiments/strength/tuner
splitlab=${SPLITLAB:-bazel-bin/splitlab}
games=${SELFPLAY:-4000}
game=${GAME:-chess}
case $game in
  chess)
    selfplay_dir=$dir/selfplay
    variant=
    book=bench/book/splitlab_book.epd
    out=${OUT:-$dir/data/positions.epd}
    committed=$(git ls-files 'experiments/second-thread/*.pgn' 'experiments/strength/sprt/*/games.pgn')
    ;;
  xiangqi)
    selfplay_dir=$dir/selfplay-xiangqi
    variant="--variant xiangqi"
    book=bench/book/xiangqi_book.epd
    out=${OUT:-$dir/data/xiangqi_positions.epd}
    committed=
    ;;
  *) echo "make_data.sh: GAME is chess or xiangqi, not '$game'" >&2; exit 2 ;;
esac
mkdir -p "$(dirname "$out")"
selfplay=
if [ "$games" -gt 0 ]; then
  mkdir -p "$selfplay_dir"
  # shellcheck disable=SC2086
  "$splitlab" match $variant \
    --engine name=splitlab-a cmd="$splitlab" --engine name=splitlab-b cmd="$splitlab" \
    --each tc=1+0.01 option.Hash=16 option.Threads=1 \
    --rounds $((games / 2)) --games 2 --repeat --concurrency 2 --seed 5150 \
    --openings file=$book format=epd order=random \
    --draw movenumber=40 movecount=8 score=10 --resign movecount=3 score=600 twosided=true \
    --ratinginterval 200 \
    --pgnout "$selfplay_dir/games.pgn" --out "$selfplay_dir/results"
  selfplay="$selfplay_dir/games.pgn"
fi
# shellcheck disable=SC2086
bazel-bin/experiments/strength/tuner/make_positions --game "$game" --out "$out" --per-game 20 \
  --seed 1 $committed $selfplay
