// Splitlab's searcher of one game as a scaling experiment's runner (runners.h), for each game's
// registration to instantiate (cli/game_registration.h): the configuration's strategy and
// threads, each search a fresh game with a cleared table.
#pragma once

#include <chrono>
#include <memory>

#include "bench/scale/runners.h"
#include "engine/search/searcher.h"
#include "parallel/options.h"

namespace splitlab::bench::scaling {

namespace game_runner_detail {

using Clock = std::chrono::steady_clock;

// The parallel statistics of every thread of the last search, summed into the row.
template <typename S>
void add_thread_reports(S& searcher, Run& run) {
  for (const auto& t : parallel::thread_reports(searcher)) {
    run.idle_seconds += t.stats.idle_seconds;
    run.lock_seconds += t.stats.lock_wait_seconds;
    run.thread_seconds += t.stats.total_seconds;
    run.splits += t.stats.splits;
    run.aborts += t.stats.aborts;
    run.wasted += t.stats.wasted_splits;
    run.failed_splits += t.stats.failed_splits;
    run.help_requests += t.stats.help_requests;
    run.aborted_nodes += t.stats.aborted_nodes;
    run.split_seconds += t.stats.split_seconds;
  }
}

template <search::SearchGame G>
class GameRunner final : public SplitlabRunner {
 public:
  GameRunner(const Config& config, const ScaleConfig& scale, hashing::TranspositionTable& table)
      : searcher_(table), table_(table) {
    parallel::SplitSettings settings = scale.split;
    settings.strategy = config.split_strategy;
    parallel::configure_threads(searcher_, config.threads, settings);
  }

  Run search(const Config& config, const ScalePosition& position) override {
    Run run;
    typename G::Position pos;
    std::string error;
    G::parse_fen(position.fen, pos, error);  // Checked when the suite was read.
    table_.clear();
    searcher_.new_game();
    search::SearchLimits limits;
    limits.depth = config.depth;
    if (config.cap_seconds > 0) limits.movetime_ms = int64_t(config.cap_seconds * 1000);
    searcher_.arm();
    const auto start = Clock::now();
    const auto result = searcher_.run(pos, limits, false, 0, [](const search::SearchResult&) {});
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    run.nodes = result.nodes;
    run.depth = result.depth;
    run.bestmove = result.best_move;
    add_thread_reports(searcher_, run);
    if (run.thread_seconds == 0) run.thread_seconds = run.seconds;
    return run;
  }

 private:
  search::Searcher<G> searcher_;
  hashing::TranspositionTable& table_;
};

}  // namespace game_runner_detail

template <search::SearchGame G>
std::unique_ptr<SplitlabRunner> make_game_runner(const Config& config, const ScaleConfig& scale,
                                                 hashing::TranspositionTable& table) {
  return std::make_unique<game_runner_detail::GameRunner<G>>(config, scale, table);
}

}  // namespace splitlab::bench::scaling
