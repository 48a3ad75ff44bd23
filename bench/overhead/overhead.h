// The overhead experiment behind `splitlab overhead`: where a parallel search's extra nodes go.
// Every position is searched by one thread and by each strategy at N threads, to the same depth
// with a fresh table (by default the depth at which one thread takes about T seconds, as
// `scale --seconds` calibrates it), and each search's node accounting is kept
// (search::NodeAccounting, ParallelThreadStats): nodes by re-search class (the outermost
// re-search on their path: none, late-move, PVS, stale window at a split, aspiration), by
// predicted node type and quiescence, by distance from the root; how often the rules that set
// a node's depth fired (IIR, singular extension, check extension, late-move reductions); and
// the nodes that split points which cut off spent on moves after the cutting one. The report
// gives, per strategy, the N-thread search's extra nodes against one thread's, pooled over the
// positions, taken apart along each of these lines (each line adds up to the whole).
//
// With node_log, each search also logs its nodes, and the N-thread logs are compared with one
// thread's node by node (new positions, other depths, the same ones again: nodelog.csv).
//
// runs.csv holds one row per search, written as it finishes; a rerun resumes from it (and from
// calibration.csv), and every file carries the run's metadata as scale's do.
#pragma once

#include <string>
#include <vector>

#include "bench/scale/scale_position.h"
#include "engine/games/game_id.h"
#include "engine/search/search_features.h"
#include "parallel/strategy.h"

namespace splitlab::bench {

struct OverheadConfig {
  std::vector<parallel::SplitStrategy> strategies;
  int threads = 2;
  int depth = 0;       // Used when `seconds` is 0.
  double seconds = 0;  // Above 0: the depth where one thread takes about this long.
  int calibration_positions = 8;
  int repeats = 1;
  size_t hash_mb = 64;
  parallel::SplitSettings split;
  search::SearchFeatures features;  // Both sides' (the 1-thread and the N-thread searches).
  GameId game = kDefaultGame;       // The positions' game.
  std::vector<ScalePosition> positions;
  // Log every full-width node of each search (search::NodeLog) and compare each N-thread log
  // with the 1-thread log of its position (bench/overhead/node_log_compare.h): nodelog.csv, and a
  // "nodelog" line in the report. keep_node_logs also writes each log to out_dir/nodelogs/.
  bool node_log = false;
  bool keep_node_logs = false;
  std::string out_dir;
  std::vector<std::string> command_line;
};

// Runs (or resumes) the experiment: progress on stderr, the report on stdout and in out_dir
// (runs.csv, summary.txt, summary.csv, summary.json). Returns 0, or 2 with `error` set.
int run_overhead(const OverheadConfig& config, std::string& error);

}  // namespace splitlab::bench
