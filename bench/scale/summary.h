// The report of a scaling experiment: per configuration, over the positions searched, the
// time-to-depth speedup against its engine's 1-thread search and the threads' shares of time;
// as a readable table, summary.csv and summary.json.
#pragma once

#include <string>
#include <vector>

#include "bench/run_metadata.h"
#include "bench/scale/configs.h"
#include "bench/scale/run_row.h"
#include "bench/scale/runners.h"
#include "bench/scale/scale_calibration.h"
#include "bench/stats/statistics.h"

namespace splitlab::bench::scaling {

struct Summary {
  Config config;
  Interval speedup;
  double nps_ratio = 0, overhead = 0, idle_percent = 0, lock_percent = 0;
  Interval overhead_interval;  // Of the node ratio: searches vary a lot in size (instability).
  double aborted_percent = 0, split_percent = 0;
  double splits_per_search = 0, aborts_per_search = 0, wasted_per_search = 0;
  double failed_percent = 0;  // Failed split attempts per 100 splits made.
  double median_1thread_seconds = 0;  // The engine's 1-thread time to depth, median position.
  int positions = 0;
  std::string cpu_model;  // The machines the rows came from (one model per summary).
};

// Per configuration with rows among `runs` (all from one CPU model, or every row): speedup,
// overhead and the threads' shares of time, each position's N-thread median over its repeats
// against its 1-thread median (Splitlab's baseline is configs[0]; a reference's is itself at 1).
std::vector<Summary> summarise(const std::vector<Config>& configs, const std::vector<Run>& runs,
                               const std::string& cpu_model);

std::string format_summary_table(const std::vector<Summary>& rows, int positions);
// The split rules each of Splitlab's configurations ran with (`split` with the rules left at 0
// resolved for its thread count: parallel::rules_for_threads), a line each.
std::string format_split_rules(const std::vector<Config>& configs,
                               const parallel::SplitSettings& split);
std::string summary_csv(const std::vector<Summary>& rows);
std::string summary_json(const std::vector<Summary>& rows, const ScaleConfig& scale,
                         const std::vector<EngineCalibration>& calibrations,
                         const std::vector<ReferenceIdentity>& references,
                         const RunMetadata& metadata);
// The reference engines as "# reference: NAME = ID NAME, PATH, sha256 HEX" lines.
std::string reference_comments(const std::vector<ReferenceIdentity>& references);

}  // namespace splitlab::bench::scaling
