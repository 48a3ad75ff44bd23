// The calibration's searches (`simulate --calibrate`, simulate_calibration.h): one search of a
// position on the game's search, by real threads or metered by a virtual CPU. The game's search
// is each game's registered hook, search_game_once<G> instantiated by its registration
// (cli/game_registration.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "bench/simulate/simulate_calibration.h"
#include "bench/simulate/virtual_cpus.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"
#include "parallel/options.h"

namespace splitlab::bench {

// One search of `fen` to `depth` with a fresh table: by one real thread (meter null,
// threads 1), by `threads` real YBWC threads, or metered by one virtual CPU.
struct CalibrationSearch {
  double seconds = 0;
  uint64_t nodes = 0;
  double split_seconds = 0;
  uint64_t split_events = 0;
};

struct CalibrationSearchHook {
  using Fn = CalibrationSearch (*)(const CalibrationConfig& config,
                                   hashing::TranspositionTable& table, const std::string& fen,
                                   int threads, parallel::VirtualCpus* cpus);
  static constexpr const char* kWhat = "calibration search";
};

template <typename G>
CalibrationSearch search_game_once(const CalibrationConfig& config,
                                   hashing::TranspositionTable& table, const std::string& fen,
                                   int threads, parallel::VirtualCpus* cpus) {
  search::Searcher<G> searcher(table);
  searcher.shared_state().features = config.features;
  parallel::SplitSettings settings;
  settings.strategy = parallel::SplitStrategy::kYbwc;
  parallel::configure_threads(searcher, threads, settings);
  searcher.set_meter(cpus);
  typename G::Position pos;
  std::string error;
  G::parse_fen(fen, pos, error);  // Checked when the suite was read.
  table.clear();
  searcher.new_game();
  if (cpus) cpus->reset();
  search::SearchLimits limits;
  limits.depth = config.depth;
  searcher.arm();
  const auto start = std::chrono::steady_clock::now();
  searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
  CalibrationSearch m;
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  m.nodes = searcher.nodes();
  for (const auto& t : parallel::thread_reports(searcher)) {
    m.split_seconds += t.stats.split_seconds;
    m.split_events += t.stats.splits + t.stats.joins;
  }
  if (cpus) m.seconds = double(cpus->clock_ps(0)) * 1e-12;
  return m;
}

}  // namespace splitlab::bench
