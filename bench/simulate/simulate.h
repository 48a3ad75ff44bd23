// The experiment behind `splitlab simulate`: every position of a suite searched to one depth
// by one virtual CPU and by each strategy at each CPU count (bench/simulate/virtual_cpus.h), with
// the same search core, table, split points and strategy code as real threads. A simulated
// run replays exactly, so its figures are the same on every run and at any --jobs: speedup
// (virtual time to depth against one CPU's), search overhead, NPS ratio, and where each CPU's
// time went (searching, splitting and joining, starved of work, a YBWC owner waiting for its
// helpers, waiting for a lock), with the strategies' own counters.
//
// runs.csv holds one row per search, written in suite order as positions finish; a rerun
// resumes from it. summary.txt and summary.csv give per strategy and CPU count the geometric
// mean speedup with a bootstrap interval, pooled overhead and the time shares; costs.txt
// holds the cost model used. Host seconds (how fast the simulation ran) are the only figures
// that vary between runs: they go to speed.csv, never into runs.csv or the summary.
#pragma once

#include <string>
#include <vector>

#include "bench/scale/scale_position.h"
#include "bench/simulate/cost_model.h"
#include "engine/games/game_id.h"
#include "engine/search/search_features.h"
#include "parallel/strategy.h"

namespace splitlab::bench {

struct SimulateConfig {
  GameId game = kDefaultGame;  // The positions' game, searched by its search.
  std::vector<parallel::SplitStrategy> strategies;
  std::vector<int> cpus;  // Counts above 1 (one CPU is always searched: the reference).
  int depth = 10;
  size_t hash_mb = 64;
  int jobs = 1;  // Positions simulated at once, each on its own OS thread.
  // How far one virtual CPU may run ahead of another before it yields, in ns (0: the exact
  // order; VirtualCpus::set_quantum_ps). It changes the results: a folder keeps one.
  int64_t quantum_ns = 0;
  parallel::SplitSettings split;
  search::SearchFeatures features;
  parallel::CostModel costs;
  std::string costs_source;  // The file the costs came from, or the defaults' source.
  std::vector<ScalePosition> positions;
  // A position whose searches also write a timeline of every CPU's activity
  // (timeline-<strategy>-<cpus>.csv); empty: none.
  std::string timeline_position;
  std::string out_dir;
  std::vector<std::string> command_line;
};

// Runs (or resumes) the experiment: progress on stderr, the summary on stdout and in out_dir.
// Returns 0, or 2 with `error` set.
int run_simulate(const SimulateConfig& config, std::string& error);

}  // namespace splitlab::bench
