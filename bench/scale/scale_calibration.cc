#include "bench/scale/scale_calibration.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "bench/stats/statistics.h"

namespace splitlab::bench {

std::string calibration_to_csv(const CalibrationRow& row) {
  std::ostringstream out;
  out.precision(9);
  out << row.engine << ',' << row.depth << ',' << row.position << ',' << row.seconds << ','
      << row.nodes << ',' << (row.capped ? 1 : 0);
  return out.str();
}

bool calibration_from_csv(const std::string& line, CalibrationRow& row) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) fields.push_back(field);
  if (fields.size() != 6) return false;
  try {
    size_t used = 0;
    row.engine = fields[0];
    row.depth = std::stoi(fields[1], &used);
    if (used != fields[1].size() || row.depth < 1) return false;
    row.position = fields[2];
    row.seconds = std::stod(fields[3]);
    row.nodes = std::stoull(fields[4]);
    if (fields[5] != "0" && fields[5] != "1") return false;
    row.capped = fields[5] == "1";
  } catch (...) {
    return false;
  }
  return !row.engine.empty() && !row.position.empty() && row.seconds >= 0;
}

CalibrationChoice choose_depth(const std::vector<std::pair<int, double>>& medians,
                               double target_seconds) {
  CalibrationChoice choice;
  choice.medians = medians;
  double best_distance = INFINITY;
  for (const auto& [depth, seconds] : medians) {
    // A median of 0 (a clock too coarse for a tiny search) is as far as can be.
    const double distance =
        seconds > 0 ? std::fabs(std::log(seconds / target_seconds)) : INFINITY;
    if (choice.depth == 0 || distance < best_distance ||
        (distance == best_distance && depth < choice.depth)) {
      best_distance = distance;
      choice.depth = depth;
      choice.median_seconds = seconds;
    }
  }
  return choice;
}

std::vector<size_t> calibration_sample(size_t size, int count) {
  std::vector<size_t> sample;
  if (count <= 0 || size == 0) return sample;
  const size_t n = std::min(size, size_t(count));
  for (size_t i = 0; i < n; ++i) sample.push_back(i * size / n);
  return sample;
}

CalibrationChoice calibrate_depth(const std::string& engine, double target_seconds, int max_depth,
                                  const std::vector<std::string>& position_ids,
                                  const std::map<std::string, CalibrationRow>& done,
                                  const CalibrationSearch& search,
                                  const std::function<void(const CalibrationRow&)>& record) {
  std::vector<std::pair<int, double>> medians;
  for (int depth = 1; depth <= max_depth; ++depth) {
    std::vector<double> seconds;
    for (size_t i = 0; i < position_ids.size(); ++i) {
      CalibrationRow key_row;
      key_row.engine = engine;
      key_row.depth = depth;
      key_row.position = position_ids[i];
      if (auto it = done.find(key_row.key()); it != done.end()) {
        seconds.push_back(it->second.seconds);
        continue;
      }
      CalibrationRow row = search(depth, i);
      row.engine = engine;
      row.depth = depth;
      row.position = position_ids[i];
      record(row);
      seconds.push_back(row.seconds);
    }
    medians.emplace_back(depth, median(seconds));
    if (medians.back().second >= target_seconds) break;
  }
  return choose_depth(medians, target_seconds);
}

}  // namespace splitlab::bench
