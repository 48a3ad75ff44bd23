// make_team's definition and with it every strategy's team, for the one file per game that
// compiles them (engine/<game>/threads/):
//
//   template std::unique_ptr<splitlab::parallel::ThreadTeam<MyGame>>
//   splitlab::parallel::make_team<MyGame>(search::SharedSearchState&, int, const SplitSettings&,
//                                         SimulatedCpus*);
//
// Everything else includes strategies.h, the declaration.
#pragma once

#include <memory>

#include "parallel/abdada.h"
#include "parallel/dts.h"
#include "parallel/lazy.h"
#include "parallel/strategies.h"
#include "parallel/ybwc.h"

namespace splitlab::parallel {

template <search::SearchGame G>
std::unique_ptr<ThreadTeam<G>> make_team(search::SharedSearchState& shared, int threads,
                                         const SplitSettings& given, SimulatedCpus* cpus) {
  // Rules left at 0 become the strategy's for this thread count (its registry entry).
  const SplitSettings settings = rules_for_threads(given, threads);
  switch (settings.strategy) {
    case SplitStrategy::kNone:
      return nullptr;
    case SplitStrategy::kYbwc:
      return std::make_unique<Ybwc<G>>(shared, threads, settings, cpus);
    case SplitStrategy::kDts:
      return std::make_unique<Dts<G>>(shared, threads, settings, cpus);
    case SplitStrategy::kLazy:
      return std::make_unique<Lazy<G>>(shared, threads, settings, cpus);
    case SplitStrategy::kAbdada:
      return std::make_unique<Abdada<G>>(shared, threads, settings, cpus);
  }
  return nullptr;
}

}  // namespace splitlab::parallel
