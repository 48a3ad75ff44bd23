// The overhead experiment's Runner (runner.h) of one game's search, for each game's
// registration to instantiate (cli/game_registration.h).
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "bench/overhead/runner.h"
#include "engine/search/searcher.h"
#include "parallel/options.h"

namespace splitlab::bench::overhead {

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

template <typename G>
std::unique_ptr<Runner> make_game_runner(parallel::SplitStrategy strategy, int threads,
                                         const parallel::SplitSettings& split,
                                         const search::SearchFeatures& features,
                                         hashing::TranspositionTable& table) {
  return std::make_unique<GameRunner<G>>(strategy, threads, split, features, table);
}

}  // namespace splitlab::bench::overhead
