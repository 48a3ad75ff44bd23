// The overhead experiment's report: per strategy, its extra nodes against one thread taken apart,
// as a readable text, summary.csv and summary.json.
#pragma once

#include <string>
#include <vector>

#include "bench/overhead/decomposition.h"
#include "bench/overhead/overhead.h"
#include "bench/run_metadata.h"
#include "bench/scale/scale_calibration.h"

namespace splitlab::bench::overhead {

std::string format_report(const std::vector<StrategySummary>& summaries);
std::string summary_csv(const std::vector<StrategySummary>& summaries);
// `calibration`: what --seconds chose (null: a fixed depth).
std::string summary_json(const std::vector<StrategySummary>& summaries,
                         const OverheadConfig& config, int depth,
                         const CalibrationChoice* calibration, const RunMetadata& metadata);

}  // namespace splitlab::bench::overhead
