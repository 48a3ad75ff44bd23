// A game that no engine plays (--instant-games): it ends at once, its result drawn from its
// number and opening, so that a match of them measures what the runner itself costs per game
// (scheduling, the MPI messages, the state, the PGN, the statistics) and gives the same results
// however many ranks play it.
#pragma once

#include "bench/match/game_record.h"
#include "bench/match/match_options.h"
#include "bench/match/openings.h"
#include "bench/match/schedule.h"

namespace splitlab::bench::match {

GameRecord instant_game(const ScheduledGame& game, const Opening& opening,
                        const MatchConfig& config);

}  // namespace splitlab::bench::match
