#include "parallel/cost_model.h"

#include <charconv>
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
    "provisional defaults (parallel/cost_model.cc): one CPU's virtual NPS within 8% of bench's here";

CostModel default_costs() {
  CostModel c;
  // Provisional: estimates whose sum over a search gives one virtual CPU 400 ns a node on the
  // scaling suite at depth 10, against bench's 369 ns here (2.71 M nodes/s). A fit of each
  // cost to measured 1-thread times and counts, and the split, join and wake costs from
  // `scale`'s measurements, are still to come; until then compare strategies under one
  // cost model, not against a real machine's seconds. The spin window is the Parker's.
  c.interior_node = 420;
  c.quiescence_node = 260;
  c.evaluation = 90;
  c.probe_cached = 15;
  c.probe_uncached = 90;
  c.store = 10;
  c.split = 900;
  c.join = 700;
  c.copy_position = 60;
  c.lock = 40;
  c.spin_window = 1'000'000;  // kSpinWithOwnCore.
  c.wake_spinning = 150;
  c.wake_sleeping = 30'000;
  c.ring = 20;
  c.ring_sleeper = 3'000;
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
