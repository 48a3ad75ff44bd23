#include "bench/simulate/cost_model.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace splitlab::parallel {
namespace {

struct CostField {
  const char* name;
  double CostModel::*value;  // Null for cache_lines, the one integer.
};

constexpr CostField kFields[] = {
    {"interior_node", &CostModel::interior_node},
    {"quiescence_node", &CostModel::quiescence_node},
    {"evaluation", &CostModel::evaluation},
    {"probe_cached", &CostModel::probe_cached},
    {"probe_uncached", &CostModel::probe_uncached},
    {"store", &CostModel::store},
    {"split", &CostModel::split},
    {"join", &CostModel::join},
    {"copy_position", &CostModel::copy_position},
    {"lock", &CostModel::lock},
    {"spin_window", &CostModel::spin_window},
    {"wake_spinning", &CostModel::wake_spinning},
    {"wake_sleeping", &CostModel::wake_sleeping},
    {"ring", &CostModel::ring},
    {"ring_sleeper", &CostModel::ring_sleeper},
    {"cache_lines", nullptr},
};

std::string field_names() {
  std::string names;
  for (const CostField& f : kFields) names += std::string(names.empty() ? "" : ", ") + f.name;
  return names;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

const char* const kDefaultCostsSource =
    "splitlab simulate --calibrate on the 2-core development machine "
    "(experiments/simulate/calibration)";

CostModel default_costs() {
  CostModel c;
  // Measured by `splitlab simulate --calibrate --positions 48 --depth 14` on the 2-core
  // machine (experiments/simulate/calibration/calibrated-costs.txt, rounded): the work costs
  // are starting estimates scaled by the real 1-thread time over one virtual CPU's (x1.033,
  // 438 ns a node over 24 M nodes; each position's ratio to it 0.80-1.38, median 0.96); split
  // and join from 2-thread YBWC split seconds per split or join (2,120 ns); the wakes from a
  // Parker between two threads (medians of 200). The spin window is the Parker's own.
  c.interior_node = 434;
  c.quiescence_node = 269;
  c.evaluation = 93;
  c.probe_cached = 15.5;
  c.probe_uncached = 93;
  c.store = 10.3;
  c.split = 2058;
  c.join = 1996;
  c.copy_position = 62;
  c.lock = 41;
  c.spin_window = 1'000'000;  // kSpinWithOwnCore.
  c.wake_spinning = 281;
  c.wake_sleeping = 69'442;
  c.ring = 5.7;
  c.ring_sleeper = 17'126;
  c.cache_lines = 16384;  // 1 MiB.
  return c;
}

bool parse_costs(std::string_view text, CostModel& costs, std::string& error) {
  int line_number = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++line_number;
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    const size_t space = line.find_first_of(" \t=");
    const std::string where = "costs line " + std::to_string(line_number) + ": ";
    if (space == std::string_view::npos) {
      error = where + "expected 'name value', got '" + std::string(line) + "'";
      return false;
    }
    const std::string_view name = line.substr(0, space);
    std::string_view value = trim(line.substr(space + 1));
    if (!value.empty() && value.front() == '=') value = trim(value.substr(1));
    const CostField* field = nullptr;
    for (const CostField& f : kFields)
      if (name == f.name) field = &f;
    if (!field) {
      error = where + "unknown cost '" + std::string(name) + "' (" + field_names() + ")";
      return false;
    }
    double number = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (ec != std::errc() || ptr != value.data() + value.size() || !std::isfinite(number) ||
        number < 0) {
      error = where + "'" + std::string(name) + "' needs a number of nanoseconds at least 0, got '" +
              std::string(value) + "'";
      return false;
    }
    if (field->value) {
      costs.*(field->value) = number;
    } else {
      if (number < 1 || number > double(1 << 30) || number != std::floor(number)) {
        error = where + "'cache_lines' needs a whole number from 1 to 2^30, got '" +
                std::string(value) + "'";
        return false;
      }
      costs.cache_lines = int64_t(number);
    }
  }
  return true;
}

namespace {

struct CostGroup {
  const char* name;
  std::initializer_list<const char*> members;
};
const CostGroup kGroups[] = {
    {"node", {"interior_node", "quiescence_node", "evaluation", "probe_cached", "store"}},
    {"split", {"split", "copy_position", "lock"}},
    {"join", {"join"}},
    {"wake", {"wake_spinning", "wake_sleeping", "ring", "ring_sleeper"}},
    {"cache_line", {"probe_uncached"}},
};

// Multiplies the cost `name` (a field's name) by `factor`; false if there is no such cost.
bool scale_field(std::string_view name, double factor, CostModel& costs) {
  for (const CostField& f : kFields) {
    if (name != f.name) continue;
    if (f.value)
      costs.*(f.value) *= factor;
    else
      costs.cache_lines = std::max<int64_t>(1, int64_t(std::llround(double(costs.cache_lines) * factor)));
    return true;
  }
  return false;
}

}  // namespace

bool scale_costs(std::string_view spec, CostModel& costs, std::string& description,
                 std::string& error) {
  CostModel scaled = costs;
  std::string said;
  while (!spec.empty()) {
    const size_t comma = spec.find(',');
    const std::string_view item = trim(spec.substr(0, comma));
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
    const size_t equals = item.find('=');
    double factor = 0;
    const std::string_view name = equals == std::string_view::npos ? item : item.substr(0, equals);
    const std::string_view value =
        equals == std::string_view::npos ? std::string_view() : item.substr(equals + 1);
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), factor);
    if (equals == std::string_view::npos || ec != std::errc() ||
        ptr != value.data() + value.size() || !std::isfinite(factor) || factor <= 0) {
      error = "'" + std::string(item) + "': expected GROUP=FACTOR with a factor above 0";
      return false;
    }
    bool known = false;
    for (const CostGroup& g : kGroups) {
      if (name != g.name) continue;
      for (const char* member : g.members) scale_field(member, factor, scaled);
      known = true;
    }
    if (!known && !scale_field(name, factor, scaled)) {
      std::string groups;
      for (const CostGroup& g : kGroups) groups += std::string(groups.empty() ? "" : ", ") + g.name;
      error = "'" + std::string(name) + "' is neither a group (" + groups + ") nor a cost (" +
              field_names() + ")";
      return false;
    }
    char text[96];
    std::snprintf(text, sizeof text, "%s%.*s x%g", said.empty() ? "" : ", ", int(name.size()),
                  name.data(), factor);
    said += text;
  }
  costs = scaled;
  description = said;
  return true;
}

std::string format_costs(const CostModel& costs) {
  std::ostringstream out;
  out.precision(10);
  for (const CostField& f : kFields) {
    out << f.name << ' ';
    if (f.value)
      out << costs.*(f.value);
    else
      out << costs.cache_lines;
    out << '\n';
  }
  return out.str();
}

}  // namespace splitlab::parallel
