// `splitlab simulate --calibrate`: this machine's costs for the simulator, measured.
//
//   * The search's work (nodes, evaluations, table probes and stores): each position of the
//     suite is searched for real by one thread (the fastest of `repeats` runs) and by one
//     virtual CPU under the starting costs, which searches the same tree; the work costs are
//     the starting ones scaled by the pooled ratio of real to virtual time. The kinds of work
//     rise and fall together from one search to the next (evaluations with nodes, probes with
//     both), so their ratios cannot be told apart from times and counts; the scale can, and
//     the spread of each position's ratio around it says how well one scale fits them all.
//   * Splits and joins: real 2-thread YBWC searches of the same positions, the threads' split
//     seconds (making, joining and leaving split points) per split and join.
//   * Waking: two threads and a Parker (parallel/parker.h). A sleeper rung awake, the ringer's
//     cost then, a spinner seeing a store, and a ring that finds nobody asleep; medians.
//
// The costs file it writes carries each figure's measurement in its comments.
#pragma once

#include <string>
#include <vector>

#include "bench/scale/scale_position.h"
#include "bench/simulate/cost_model.h"
#include "engine/games/game_id.h"
#include "engine/search/search_features.h"

namespace splitlab::bench {

struct CalibrationConfig {
  GameId game = kDefaultGame;  // The positions' game, searched by its search.
  std::vector<ScalePosition> positions;
  int depth = 12;
  int repeats = 3;
  size_t hash_mb = 64;
  search::SearchFeatures features;
  parallel::CostModel start;  // The starting costs: their ratios are kept.
};

// Measures and returns the costs file's text; progress on stderr. False with `error` set on
// failure.
bool calibrate_costs(const CalibrationConfig& config, std::string& costs_file, std::string& error);

}  // namespace splitlab::bench
