// Makes the threads of a parallel search for a strategy (the registry's other half: see
// strategy.h).
#pragma once

#include <memory>

#include "parallel/abdada.h"
#include "parallel/dts.h"
#include "parallel/lazy.h"
#include "parallel/strategy.h"
#include "parallel/thread_team.h"
#include "parallel/ybwc.h"

namespace splitlab::parallel {

// `threads` threads following `settings.strategy` (null for "none"); with `cpus`, on those
// virtual CPUs (a simulated run).
template <search::SearchGame G>
std::unique_ptr<ThreadTeam<G>> make_team(search::SharedSearchState& shared, int threads,
                                         const SplitSettings& settings,
                                         VirtualCpus* cpus = nullptr) {
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
