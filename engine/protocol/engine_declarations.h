// The options the engine declares, in the order it declares them ("uci" / "ucci" lists them
// so): the settings shared with the command-line flags (engine/search/engine_options.h), Move
// Overhead, the search's tuned parameters, Ponder, the opening book's, Clear Hash, and under UCI
// the game (UCI_Variant). docs/engine.md is checked against this list, both dialects.
#pragma once

#include <vector>

#include "engine/games/game_info.h"
#include "engine/protocol/dialect.h"
#include "engine/protocol/thread_provider.h"
#include "engine/protocol/uci_options.h"

namespace splitlab::protocol {

// `game`: its default search features and tuning; `parallel`: the strategies offered.
std::vector<UciOption> engine_declarations(const GameInfo& game, const ParallelSearch& parallel,
                                           Dialect dialect);

}  // namespace splitlab::protocol
