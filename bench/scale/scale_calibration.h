// Equal-time calibration for `splitlab scale --seconds T`: engines count depth differently (in
// one second a strong search completes depth 20, Glaurung 2.2 depth 13), so comparing them at
// one nominal depth compares trees that differ many times in size. Calibration finds, for each
// engine, the fixed depth at which its 1-thread search of the suite takes about T seconds, by
// searching a few of the suite's positions at depth 1, 2, 3, ... exactly as the experiment
// will (fresh table, time to depth) until the median time reaches T, and picking the depth
// whose median is nearest T on a log scale. Every calibration search is a row of
// calibration.csv, written as it finishes; a resumed experiment reads them back and so picks
// the same depths without searching again.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace splitlab::bench {

struct CalibrationRow {
  std::string engine;
  int depth = 0;
  std::string position;
  double seconds = 0;
  uint64_t nodes = 0;
  bool capped = false;  // Stopped at the calibration's time cap before the depth was reached.

  std::string key() const { return engine + "|" + std::to_string(depth) + "|" + position; }
};

inline constexpr char kCalibrationHeader[] = "engine,depth,position,seconds,nodes,capped";
std::string calibration_to_csv(const CalibrationRow& row);
bool calibration_from_csv(const std::string& line, CalibrationRow& row);

struct CalibrationChoice {
  int depth = 0;
  double median_seconds = 0;  // Of the chosen depth over the calibration positions.
  std::vector<std::pair<int, double>> medians;  // Every depth searched, with its median.
};

// --seconds: what calibration chose for one engine.
struct EngineCalibration {
  std::string engine;
  bool given = false;  // The user fixed this engine's depth: not calibrated.
  CalibrationChoice choice;
};

// The depth among `medians` (depth, median seconds) nearest `target_seconds` on a log scale;
// the shallower of two equally near. `medians` must not be empty.
CalibrationChoice choose_depth(const std::vector<std::pair<int, double>>& medians,
                               double target_seconds);

// The indices of up to `count` of a suite's `size` positions, spread evenly over it (the first
// always among them), so that a suite sorted by opening or phase is sampled across its length.
std::vector<size_t> calibration_sample(size_t size, int count);

// Searches the positions (named by their ids) at depth 1, 2, ... up to `max_depth` with
// `search` (one row per position and depth; it gets the position's index in `position_ids`), stopping after the first depth whose median time reaches the target.
// Rows already in `done` (keyed by CalibrationRow::key) are reused instead of searched; each
// new row goes to `record` as soon as it is known.
using CalibrationSearch = std::function<CalibrationRow(int depth, size_t position)>;
CalibrationChoice calibrate_depth(const std::string& engine, double target_seconds, int max_depth,
                                  const std::vector<std::string>& position_ids,
                                  const std::map<std::string, CalibrationRow>& done,
                                  const CalibrationSearch& search,
                                  const std::function<void(const CalibrationRow&)>& record);

}  // namespace splitlab::bench
