// One simulated search (`splitlab simulate`): a position searched by a strategy on virtual CPUs,
// its row of figures; the game's search is each game's registered hook, simulate_game_search<G>
// instantiated by its registration (cli/game_registration.h).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "bench/scale/scale_position.h"
#include "bench/simulate/simulate.h"
#include "bench/simulate/virtual_cpus.h"
#include "engine/core/game.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"
#include "parallel/options.h"

namespace splitlab::bench {

// One simulated search, its CPUs' accounts and its threads' counters summed.
struct SimulatedRow {
  std::string strategy;  // "none" for the one-CPU reference.
  int cpus = 1;
  std::string position;
  int depth = 0;
  uint64_t virtual_ps = 0;
  uint64_t nodes = 0, qnodes = 0;
  std::string move;
  int score = 0;
  uint64_t busy_ps = 0, no_work_ps = 0, helpers_ps = 0, lock_wait_ps = 0;
  uint64_t locks = 0, lock_waits = 0, probes = 0, probe_misses = 0, wakes = 0, wakes_from_sleep = 0;
  uint64_t splits = 0, failed_splits = 0, wasted_splits = 0, joins = 0, aborts = 0;
  uint64_t aborted_nodes = 0, cut_waste_nodes = 0, help_requests = 0, deferred_moves = 0;
  uint64_t postponed_moves = 0, switches = 0;
  uint64_t late_joins = 0;  // A runs.csv made before this column has none (0).
  // Time to solution (issue 71): the virtual time of the completed iteration from which on the
  // best move was one of the position's "bm" moves, to the end of the search; -1: never, or the
  // position has none. The last column; a runs.csv made before it has none (-1).
  int64_t solution_ps = -1;

  std::string key() const {
    return strategy + "|" + std::to_string(cpus) + "|" + position + "|" + std::to_string(depth);
  }
};

using Row = SimulatedRow;

// The virtual CPUs' accounts and the threads' counters of one search, summed into its row.
void add_accounts(parallel::VirtualCpus& virtual_cpus, int cpus,
                  const std::vector<parallel::ThreadReport>& reports, Row& row);

struct SimulatedSearchHook {
  using Fn = Row (*)(const SimulateConfig& config, const ScalePosition& position,
                     parallel::SplitStrategy strategy, int cpus,
                     std::vector<parallel::TimelineEvent>* timeline, double& host_seconds);
  static constexpr const char* kWhat = "simulated search";
};

namespace simulated_search_detail {

// The position's bm moves (the game's standard notation: chess's SAN) as the searcher writes
// moves; one that does not parse is skipped (the suite's reader checked the position, not its
// operations).
template <typename G>
std::vector<std::string> solution_moves(const typename G::Position& pos,
                                        const std::vector<std::string>& bm) {
  std::vector<std::string> solutions;
  for (const std::string& text : bm) {
    std::string ignored;
    const typename G::Move m = parse_standard_move<G>(pos, text, ignored);
    if (!m.is_none()) solutions.push_back(G::move_to_text(m));
  }
  return solutions;
}

}  // namespace simulated_search_detail

// One search of `position` by `strategy` on `cpus` virtual CPUs (1: the single-threaded
// search, metered), with a fresh table, by the game G's search. `timeline`: the CPUs'
// activity, kept.
template <typename G>
Row simulate_game_search(const SimulateConfig& config, const ScalePosition& position,
                         parallel::SplitStrategy strategy, int cpus,
                         std::vector<parallel::TimelineEvent>* timeline, double& host_seconds) {
  hashing::TranspositionTable table;
  std::string error;
  table.resize(config.hash_mb, &error);  // Checked once before the jobs start.
  // As scale: the same table scheme and policy, so that the figures are comparable.
  table.set_scheme(hashing::TtEntryScheme::Xor);
  table.set_policy(hashing::TtReplacePolicy::Bucket);
  const int64_t lines = int64_t(config.hash_mb * hashing::TranspositionTable::kBytesPerMegabyte /
                                hashing::TranspositionTable::kBucketBytes);
  parallel::VirtualCpus virtual_cpus(config.costs, cpus, lines);
  virtual_cpus.set_quantum_ps(uint64_t(config.quantum_ns) * 1000);
  search::Searcher<G> searcher(table);
  searcher.shared_state().features = config.features;
  if (cpus > 1) {
    parallel::SplitSettings settings = config.split;
    settings.strategy = strategy;
    searcher.set_threads(
        parallel::make_team<G>(searcher.shared_state(), cpus, settings, &virtual_cpus));
  }
  searcher.set_meter(&virtual_cpus);
  typename G::Position pos;
  G::parse_fen(position.fen, pos, error);  // Checked when the suite was read.
  table.clear();
  searcher.new_game();
  virtual_cpus.reset();
  virtual_cpus.record_timeline(timeline != nullptr);
  const std::vector<std::string> solutions =
      simulated_search_detail::solution_moves<G>(pos, position.bm);
  // Each completed iteration's move, at the main CPU's virtual time: solved from the first of
  // a run of right moves that lasts to the end.
  int64_t solved_at = -1;
  auto report = [&](const search::SearchResult& r) {
    const bool right =
        std::find(solutions.begin(), solutions.end(), r.best_move) != solutions.end();
    if (!right)
      solved_at = -1;
    else if (solved_at < 0)
      solved_at = int64_t(virtual_cpus.clock_ps(0));
  };
  search::SearchLimits limits;
  limits.depth = config.depth;
  searcher.arm();
  const auto start = std::chrono::steady_clock::now();
  const auto result = searcher.run(pos, limits, false, 0, report);
  host_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  Row row;
  row.strategy = cpus > 1 ? std::string(parallel::split_strategy_name(strategy)) : "none";
  row.cpus = cpus;
  row.position = position.id;
  row.depth = config.depth;
  row.virtual_ps = virtual_cpus.clock_ps(0);
  row.move = result.best_move;
  const bool solved = std::find(solutions.begin(), solutions.end(), result.best_move) !=
                      solutions.end();
  row.solution_ps = solved ? solved_at : -1;
  row.score = result.score;
  add_accounts(virtual_cpus, cpus, parallel::thread_reports(searcher), row);
  if (timeline) *timeline = virtual_cpus.timeline();
  searcher.set_meter(nullptr);
  return row;
}

}  // namespace splitlab::bench
