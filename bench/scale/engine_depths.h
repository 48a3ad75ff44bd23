// `scale --seconds`: each engine's depth for equal 1-thread time (scale_calibration.h says how
// a depth is chosen). One depth for all of Splitlab's strategies, whose 1-thread search is one
// and the same; one per reference engine, unless the user gave it. Searches go through the
// runners the experiment uses, at one thread; each is a row of calibration.csv, which a rerun
// reads back.
#pragma once

#include <string>
#include <vector>

#include "bench/run_metadata.h"
#include "bench/scale/configs.h"
#include "bench/scale/runners.h"
#include "bench/scale/scale_calibration.h"

namespace splitlab::bench::scaling {

// Sets every configuration's depth to its engine's calibrated depth (configurations marked in
// `skipped` are left out) and says what was chosen in `calibrations`. False with `error` when
// calibration.csv cannot be written or an engine cannot be calibrated.
bool calibrate_engine_depths(const ScaleConfig& scale, const RunMetadata& metadata,
                             std::vector<Config>& configs, Runners& runners,
                             const std::vector<bool>& skipped,
                             std::vector<EngineCalibration>& calibrations, std::string& error);

}  // namespace splitlab::bench::scaling
