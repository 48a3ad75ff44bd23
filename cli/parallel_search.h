// Where the binary wires the parallel search (parallel/) into the protocol (engine/protocol),
// which knows it only as protocol::ParallelSearch.
#pragma once

#include "engine/protocol/thread_provider.h"

namespace splitlab::cli {

// The registry's strategies, YBWC by default, and the teams of parallel/ for every game
// registered. Made once; lives for the program.
const protocol::ParallelSearch& parallel_search();

// Each game's threads (parallel_search_of.h's add_provider<G>), registered by each game.
struct ThreadProviderHook {
  using Fn = void (*)(protocol::ParallelSearch& search);
  static constexpr const char* kWhat = "thread provider";
};

}  // namespace splitlab::cli
