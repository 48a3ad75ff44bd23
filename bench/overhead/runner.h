// One configuration of the overhead experiment: a searcher of one thread, or of a strategy at N
// threads, on the shared table; each search a fresh game with a cleared table, its counters
// summed over the threads. The game's search is chosen through the registry.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <type_traits>

#include "bench/overhead/rows.h"
#include "bench/scale/scale_position.h"
#include "engine/games/games.h"
#include "engine/search/node_log.h"
#include "engine/search/search_features.h"
#include "engine/search/searcher.h"
#include "parallel/options.h"
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

// A Runner of the game G's search.
template <typename G>
class GameRunner final : public Runner {
 public:
  GameRunner(parallel::SplitStrategy strategy, int threads, const parallel::SplitSettings& split,
             const search::SearchFeatures& features, hashing::TranspositionTable& table)
      : searcher_(table), table_(table), threads_(threads) {
    searcher_.shared_state().features = features;
    parallel::SplitSettings settings = split;
    settings.strategy = strategy;
    parallel::configure_threads(searcher_, threads, settings);
  }

  Row search(const ScalePosition& position, int depth, double cap_seconds = 0,
             search::NodeLog* log = nullptr) override {
    Row row;
    if (log) log->reset(threads_);
    searcher_.shared_state().node_log = log;
    typename G::Position pos;
    std::string error;
    G::parse_fen(position.fen, pos, error);  // Checked when the suite was read.
    table_.clear();
    searcher_.new_game();
    search::SearchLimits limits;
    limits.depth = depth;
    if (cap_seconds > 0) limits.movetime_ms = int64_t(cap_seconds * 1000);
    searcher_.arm();
    const auto start = std::chrono::steady_clock::now();
    const auto result = searcher_.run(pos, limits, false, 0, [](const search::SearchResult&) {});
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    searcher_.shared_state().node_log = nullptr;
    row.depth = result.depth;
    for (const auto& t : parallel::thread_reports(searcher_)) {
      row.nodes += t.search.nodes;
      row.qnodes += t.search.qnodes;
      row.accounting += t.search.accounting;
      row.cut_waste_nodes += t.stats.cut_waste_nodes;
      row.aborted_nodes += t.stats.aborted_nodes;
      row.stale_researches += t.stats.stale_window_researches;
      row.splits += t.stats.splits;
      row.deferred_moves += t.stats.deferred_moves;
    }
    return row;
  }

 private:
  search::Searcher<G> searcher_;
  hashing::TranspositionTable& table_;
  int threads_;
};

// A Runner of the game `game` (engine/games/games.h).
inline std::unique_ptr<Runner> make_runner(GameId game, parallel::SplitStrategy strategy,
                                           int threads, const parallel::SplitSettings& split,
                                           const search::SearchFeatures& features,
                                           hashing::TranspositionTable& table) {
  return with_game(game, [&]<typename G>(std::type_identity<G>) -> std::unique_ptr<Runner> {
    return std::make_unique<GameRunner<G>>(strategy, threads, split, features, table);
  });
}

}  // namespace splitlab::bench::overhead
