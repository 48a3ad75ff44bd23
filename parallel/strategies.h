// Makes the threads of a parallel search for a strategy (the registry's other half: see
// strategy.h).
#pragma once

#include <memory>

#include "parallel/strategy.h"
#include "parallel/thread_team.h"

namespace splitlab::parallel {

// `threads` threads following `settings.strategy` (null for "none"); with `cpus`, on those
// virtual CPUs (a simulated run). Defined in team_instance.h and compiled once per game, with
// the strategies' teams (engine/<game>/threads/).
template <search::SearchGame G>
std::unique_ptr<ThreadTeam<G>> make_team(search::SharedSearchState& shared, int threads,
                                         const SplitSettings& settings,
                                         SimulatedCpus* cpus = nullptr);

}  // namespace splitlab::parallel
