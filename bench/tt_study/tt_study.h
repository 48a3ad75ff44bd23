// The replacement experiment of Breuker, Uiterwijk & van den Herik, replicated by
// `splitlab tt-study`: for each search mode (Splitlab's full search, or the plain search of
// the papers' test program), table mode (kept between the positions of a game, or cleared
// before each), replacement policy and table size (2^min_log2 .. 2^max_log2 entries), every
// position of every game's series is searched to a fixed depth, in order, on one thread, and
// the nodes of the whole series are one row of results.csv.
//
// Files in the output folder:
//   results.csv  one row per measurement, appended and flushed as each finishes
//   config.txt   what the rows were measured on (positions, depth, entry scheme, features);
//                a rerun into the same folder checks it and skips the rows already measured,
//                so an interrupted run loses at most the row it was on. The lists of policies,
//                sizes and modes may differ between reruns: rows are kept by their key.
//   summary.txt  nodes relative to the best policy at each size (tt_study_results.h), under
//                the run's metadata (run_metadata.h) as "# key: value" lines
//   run.json     the run's metadata (command, commit, build, machine, start, seed), when it
//                was last updated, the configuration, progress
// The single-threaded search is deterministic: a row measured again gives the same nodes.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "bench/tt_study/tt_study_results.h"
#include "bench/tt_study/tt_study_series.h"
#include "hashing/tt_options.h"

namespace splitlab::bench {

namespace ranks {
class World;
}

struct TtStudyConfig {
  std::string games_path;  // Where the series come from (recorded, not compared on resume).
  SeriesSelection selection;
  std::vector<GameSeries> series;
  // Fixed depths. The plain search prunes and reduces nothing, so its tree at a depth is many
  // times the full search's: at 5 it is about the size of the full search's at 7.
  int depth = 7;        // Of the full search.
  int plain_depth = 5;  // Of the plain search.
  int depth_of(StudySearch search) const {
    return search == StudySearch::Plain ? plain_depth : depth;
  }
  int min_log2 = 8, max_log2 = 22;
  std::vector<hashing::TtReplacePolicy> policies;
  std::vector<StudySearch> searches;
  std::vector<StudyTable> tables;
  hashing::TtEntryScheme scheme = hashing::TtEntryScheme::Xor;
  std::string out_dir;
  std::vector<std::string> command_line;  // "splitlab", "tt-study", ...: for the metadata.
  // Under mpirun (bench/ranks): rank 0 hands each row still to measure to the next free rank
  // and writes every file; the other ranks measure (each needs the games file at the same
  // path). Rows name their host and CPU model; nodes do not depend on the machine. Null: this
  // process alone.
  ranks::World* world = nullptr;
};

// Searches every position of `series` to `depth` (recorded in the row) on a fresh table of
// 2^log2_entries entries under `policy` and a fresh single-threaded searcher, clearing the table
// and the move-ordering history at the start of each game's series, and the table before each
// position too when `table` is Cleared. Calls `searched(positions_done)` after each position.
// Returns false with `error` set if the table cannot be allocated.
bool measure_tt_study_row(const std::vector<GameSeries>& series, int depth,
                          hashing::TtEntryScheme scheme, TtStudyRow& row,
                          const std::function<void(int)>& searched, std::string& error);

struct TtStudyOutcome {
  int rows_measured = 0;         // By this run.
  int rows_resumed = 0;          // Found in results.csv from an earlier run.
  std::vector<TtStudyRow> rows;  // Every row of this run's grid, in grid order.
  std::string summary;           // As written to summary.txt.
};

// Runs or resumes the study, with progress and an ETA on stderr and each row on stdout.
// Returns 0, or 2 with `error` set (output folder, a folder holding another configuration,
// a table that cannot be allocated).
int run_tt_study(const TtStudyConfig& config, TtStudyOutcome& outcome, std::string& error);

// The text of config.txt for `config` measured at `commit` (exposed for tests).
std::string tt_study_config_text(const TtStudyConfig& config, const std::string& commit);

}  // namespace splitlab::bench
