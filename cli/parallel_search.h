// Where the binary wires the parallel search (parallel/) into the protocol (engine/protocol),
// which knows it only as protocol::ParallelSearch.
#pragma once

#include "engine/protocol/thread_provider.h"

namespace splitlab::cli {

// The registry's strategies, YBWC by default, and the teams of parallel/ for both games.
// Made once; lives for the program.
const protocol::ParallelSearch& parallel_search();

}  // namespace splitlab::cli
