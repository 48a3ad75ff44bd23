// One configuration of the overhead experiment: a searcher of one thread, or of a strategy at N
// threads, on the shared table; each search a fresh game with a cleared table, its counters
// summed over the threads. The game's search is each game's registered hook (game_runner.h).
#pragma once

#include <memory>

#include "bench/overhead/rows.h"
#include "bench/scale/scale_position.h"
#include "engine/games/game_hooks.h"
#include "engine/search/node_log.h"
#include "engine/search/search_features.h"
#include "hashing/tt.h"
#include "parallel/strategy.h"

namespace splitlab::bench::overhead {

// One configuration's searcher: one thread, or a strategy at N threads, on the shared table.
class Runner {
 public:
  virtual ~Runner() = default;
  // With `log`, every thread's full-width nodes go into it (emptied first); the search stops at
  // `cap_seconds` when that is above 0.
  virtual Row search(const ScalePosition& position, int depth, double cap_seconds = 0,
                     search::NodeLog* log = nullptr) = 0;
};

// The Runner of each game (engine/games/game_hooks.h): game_runner.h's make_game_runner<G>,
// registered by each game.
struct RunnerHook {
  using Fn = std::unique_ptr<Runner> (*)(parallel::SplitStrategy strategy, int threads,
                                         const parallel::SplitSettings& split,
                                         const search::SearchFeatures& features,
                                         hashing::TranspositionTable& table);
  static constexpr const char* kWhat = "overhead runner";
};

// A Runner of the game `game`.
inline std::unique_ptr<Runner> make_runner(GameId game, parallel::SplitStrategy strategy,
                                           int threads, const parallel::SplitSettings& split,
                                           const search::SearchFeatures& features,
                                           hashing::TranspositionTable& table) {
  return PerGame<RunnerHook>::of(game)(strategy, threads, split, features, table);
}

}  // namespace splitlab::bench::overhead
