// A rank other than 0 in a match over MPI ranks (`mpirun -np N splitlab match ...`): it plays,
// on --concurrency slots at once, the game pairs rank 0 hands it, with its own engine processes,
// and sends back each game as it ends. It writes no file: rank 0 keeps every result.
#pragma once

#include <string>

#include "bench/match/match_options.h"
#include "bench/ranks/ranks.h"

namespace splitlab::bench::match {

// Returns 0 once rank 0 has no more games for any slot; 2 with `error` set (naming this rank and
// its machine) when an engine does not start here.
int play_for_rank_zero(const MatchConfig& config, ranks::World& world, std::string& error);

}  // namespace splitlab::bench::match
