#include "bench/scale/engine_depths.h"

#include <cstdio>
#include <map>
#include <memory>
#include <set>

#include "bench/resumable_csv.h"
#include "engine/util/progress.h"

namespace splitlab::bench::scaling {

namespace {

// A calibration search runs to depth unless it passes this many times the target: one position
// that explodes at a depth must not cost minutes (its capped time still counts, as a lower bound
// that puts it above the median's target).
constexpr double kCalibrationCap = 8.0;

// What the calibration of all engines shares: the positions, the file, the progress line.
struct CalibrationRun {
  const ScaleConfig& scale;
  std::vector<const ScalePosition*> sample;
  std::vector<std::string> sample_ids;
  std::map<std::string, CalibrationRow> done;
  ResumableCsv csv;
  util::Progress progress{"scale calibration"};
  double expected_seconds = 0, spent_seconds = 0;
};

// The 1-thread search of configuration c's engine: Splitlab's baseline (configs[0]), or the
// reference at one thread (a runner of its own when --threads leaves 1 out). False with `error`
// when that reference cannot start.
bool one_thread_searcher(const std::vector<Config>& configs, size_t c, Runners& runners,
                         size_t hash_mb, Config& one, ReferenceRunner*& reference,
                         SplitlabRunner*& splitlab,
                         std::unique_ptr<ReferenceRunner>& own_reference, std::string& error) {
  one = configs[c];
  one.threads = 1;
  if (!one.reference) {
    one = configs[0];
    splitlab = runners.splitlab[0].get();
    return true;
  }
  for (size_t k = 0; k < configs.size(); ++k)
    if (configs[k].engine == one.engine && configs[k].threads == 1)
      reference = runners.reference[k].get();
  if (reference) return true;
  own_reference = std::make_unique<ReferenceRunner>(one, hash_mb);
  if (!own_reference->error().empty()) {
    error = "calibrating " + one.engine + ": " + own_reference->error();
    return false;
  }
  reference = own_reference.get();
  return true;
}

bool calibrate_engine(CalibrationRun& run, const std::vector<Config>& configs, size_t c,
                      Runners& runners, EngineCalibration& calibration, std::string& error) {
  Config one;
  ReferenceRunner* reference = nullptr;
  SplitlabRunner* splitlab = nullptr;
  std::unique_ptr<ReferenceRunner> own_reference;
  if (!one_thread_searcher(configs, c, runners, run.scale.hash_mb, one, reference, splitlab,
                           own_reference, error))
    return false;
  one.cap_seconds = kCalibrationCap * run.scale.seconds;
  const std::string& engine = calibration.engine;
  auto search = [&](int depth, size_t index) {
    const ScalePosition& position = *run.sample[index];
    one.depth = depth;
    const Run searched =
        reference ? reference->search(one, position) : splitlab->search(one, position);
    CalibrationRow row;
    row.seconds = searched.seconds;
    row.nodes = searched.nodes;
    row.capped = searched.depth < depth;
    run.spent_seconds += searched.seconds;
    run.progress.update(std::min(run.spent_seconds, 0.99 * run.expected_seconds),
                        run.expected_seconds,
                        engine + " depth " + std::to_string(depth) + " " + position.id);
    return row;
  };
  auto record = [&](const CalibrationRow& row) { run.csv.append(calibration_to_csv(row)); };
  calibration.choice =
      calibrate_depth(engine, run.scale.seconds, 60, run.sample_ids, run.done, search, record);
  std::string medians;
  for (const auto& [depth, seconds] : calibration.choice.medians)
    if (depth + 2 >= calibration.choice.depth) {
      char item[48];
      std::snprintf(item, sizeof item, "%s%d: %.3f s", medians.empty() ? "" : ", ", depth,
                    seconds);
      medians += item;
    }
  std::fprintf(stderr, "scale: %s at depth %d (1-thread median over %zu positions: %s)\n",
               engine.c_str(), calibration.choice.depth, run.sample.size(), medians.c_str());
  return true;
}

}  // namespace

bool calibrate_engine_depths(const ScaleConfig& scale, const RunMetadata& metadata,
                             std::vector<Config>& configs, Runners& runners,
                             const std::vector<bool>& skipped,
                             std::vector<EngineCalibration>& calibrations, std::string& error) {
  CalibrationRun run{scale};
  ResumableCsv::Form form;
  form.header = kCalibrationHeader;
  if (!run.csv.open(scale.out_dir + "/calibration.csv", form, metadata, error)) return false;
  run.done = rows_by_key<CalibrationRow>(run.csv, calibration_from_csv);
  for (size_t i : calibration_sample(scale.positions.size(), scale.calibration_positions)) {
    run.sample.push_back(&scale.positions[i]);
    run.sample_ids.push_back(scale.positions[i].id);
  }
  // Work is time: an engine's calibration costs about 2.5 targets a position (each depth about
  // half the next, and the last one past the target).
  std::set<std::string> engines;
  for (size_t c = 0; c < configs.size(); ++c)
    if (!skipped[c]) engines.insert(configs[c].engine);
  run.expected_seconds = 2.5 * scale.seconds * double(run.sample.size() * engines.size());

  std::set<std::string> engines_done;
  for (size_t c = 0; c < configs.size(); ++c) {
    if (skipped[c] || !engines_done.insert(configs[c].engine).second) continue;
    EngineCalibration calibration;
    calibration.engine = configs[c].engine;
    if (configs[c].reference && configs[c].reference->depth_given) {
      calibration.given = true;
      calibration.choice.depth = configs[c].depth;
    } else if (!calibrate_engine(run, configs, c, runners, calibration, error)) {
      return false;
    }
    calibrations.push_back(calibration);
  }
  for (auto& config : configs)
    for (const auto& calibration : calibrations)
      if (config.engine == calibration.engine) config.depth = calibration.choice.depth;
  return true;
}

}  // namespace splitlab::bench::scaling
