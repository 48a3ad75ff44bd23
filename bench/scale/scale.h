// The scaling experiment behind `splitlab scale`: every strategy at every thread count, and the
// reference engines over UCI, search the same positions to a fixed depth with a fresh table;
// the report gives per configuration the time-to-depth speedup (geometric mean over positions
// with a 95% bootstrap interval), the NPS ratio, the search overhead, idle and lock-wait time
// and the splits. Every run is appended to runs.csv as it finishes; a rerun with the same
// output folder skips the runs already there, so an interrupted experiment loses nothing.
// Every file records the run's metadata (run_metadata.h; its seed is the bootstrap's): the
// summaries at the top (summary.json as keys, summary.csv and summary.txt as "# key: value"
// lines), runs.csv as "# key: value" lines before the first row each run adds, so that the rows
// under them are known to come from that run.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "bench/scale/scale_position.h"
#include "engine/games/game_id.h"
#include "parallel/strategy.h"

namespace splitlab::bench {

namespace ranks {
class World;
}

struct ReferenceEngine {
  std::string name;  // "glaurung", "stockfish", "fairy-stockfish", or the user's (--engine)
  std::string path;
  int depth = 0;     // Its own fixed depth (engines count depth differently).
  bool depth_given = false;  // Set by the user: kept even when the others are calibrated.
  std::string strategy;     // Its parallel search, for the report: "ybwc", "lazy".
  std::string uci_variant;  // Sent as UCI_Variant when not empty ("xiangqi").
  // The user's UCI options (--engine NAME=PATH,OPTION=VALUE...), sent before Threads and Hash,
  // which scale sets itself: an older Splitlab build with its SplitStrategy, say.
  std::vector<std::pair<std::string, std::string>> options;
};

struct ScaleConfig {
  GameId game = kDefaultGame;  // The positions' game, searched by Splitlab's engine for it.
  std::vector<parallel::SplitStrategy> strategies;
  std::vector<int> threads;
  int depth = 12;
  // Above 0: equal time instead of equal depth. Each engine (Splitlab, whose strategies share
  // one 1-thread search, and each reference) searches at the depth at which its 1-thread search
  // takes about this long, calibrated on `calibration_positions` of the suite
  // (scale_calibration.h); `depth` is then unused.
  double seconds = 0;
  int calibration_positions = 8;
  int repeats = 1;
  size_t hash_mb = 64;
  parallel::SplitSettings split;  // Split nodes, minimum split depth, helpers per split.
  std::vector<ScalePosition> positions;
  std::vector<ReferenceEngine> references;
  std::string out_dir;
  std::vector<std::string> command_line;  // "splitlab", "scale", ...: for the metadata.
  // Under mpirun (bench/ranks): rank 0 calibrates, hands each (repeat, position) with the
  // configurations it still lacks to the next free rank, and writes every file; the other
  // ranks search. So a position's 1-thread and N-thread searches run on one machine, and each
  // row names its host and CPU model. Null: this process alone.
  ranks::World* world = nullptr;
};

// Runs (or resumes) the experiment, printing progress on stderr and the report on stdout.
// Returns 0, or 2 with `error` set when something outside the runs fails (output folder,
// a reference engine that cannot be started is only reported and skipped; on a rank other
// than 0, one that rank 0 could start is an error). With rows from more than one CPU model,
// the report has a table per model, each speedup from searches on that model.
int run_scale(const ScaleConfig& config, std::string& error);

}  // namespace splitlab::bench
