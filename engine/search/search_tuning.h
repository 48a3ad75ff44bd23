// The search's numeric parameters that are tuned in games rather than set by hand (SPSA,
// experiments/strength/spsa.py), each a UCI spin option of the same name and a `--tune NAME=V`
// of bench and epd. The defaults are the values the games have accepted; any other value is an
// experiment, so a setting is a few integers, never a build.
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace splitlab::search {

// The member defaults are the hand-set values the parameters began with; each game's default
// is its traits' G::kDefaultSearchTuning, the values its games have accepted.
struct SearchTuning {
  // Late-move reduction at depth d of the move numbered m (the first is 0), in plies:
  //   base / 100 + ln(d) ln(m) x 100 / divisor, rounded down (0 at d = 0 or m = 0).
  int lmr_base = 50;
  int lmr_divisor = 200;
  // SearchFeatures::history_lmr: a quiet move's reduction less its history / this (at most two
  // plies either way).
  int lmr_history_divisor = 2000;

  bool operator==(const SearchTuning&) const = default;
};

struct TuningParameter {
  std::string_view name;  // The UCI option's and --tune's name.
  int SearchTuning::*field;
  int min, max;
};

inline constexpr std::array<TuningParameter, 3> kTuningParameters = {{
    {"LmrBase", &SearchTuning::lmr_base, 0, 300},
    {"LmrDivisor", &SearchTuning::lmr_divisor, 50, 1000},
    {"LmrHistoryDivisor", &SearchTuning::lmr_history_divisor, 250, 32000},
}};

inline const TuningParameter* find_tuning_parameter(std::string_view name) {
  for (const TuningParameter& p : kTuningParameters)
    if (p.name == name) return &p;
  return nullptr;
}

// Sets one parameter from its decimal text; false with `error` naming the name or the value.
inline bool set_tuning_parameter(SearchTuning& tuning, std::string_view name,
                                 std::string_view value, std::string& error) {
  const TuningParameter* p = find_tuning_parameter(name);
  if (!p) {
    error = "unknown tuning parameter '" + std::string(name) + "' (known:";
    for (const TuningParameter& known : kTuningParameters) error += " " + std::string(known.name);
    error += ")";
    return false;
  }
  int v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || end != value.data() + value.size() || v < p->min || v > p->max) {
    error = "bad value '" + std::string(value) + "' for " + std::string(name) +
            ": expected an integer from " + std::to_string(p->min) + " to " +
            std::to_string(p->max);
    return false;
  }
  tuning.*(p->field) = v;
  return true;
}

// Parses "NAME=VALUE,NAME=VALUE" over `base` (empty: `base` unchanged); `out` is left
// unchanged on an error. A name given twice takes its last value.
inline bool parse_search_tuning(std::string_view text, const SearchTuning& base, SearchTuning& out,
                                std::string& error) {
  SearchTuning tuning = base;
  size_t start = 0;
  while (!text.empty() && start <= text.size()) {  // A trailing comma leaves an empty item.
    const size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const size_t equals = item.find('=');
    if (equals == std::string_view::npos) {
      error = "expected NAME=VALUE, not '" + std::string(item) + "'";
      return false;
    }
    if (!set_tuning_parameter(tuning, item.substr(0, equals), item.substr(equals + 1), error))
      return false;
    start = comma + 1;
  }
  out = tuning;
  return true;
}

// The parameters that differ from `defaults`, "NAME=VALUE,..." ("default" if none).
inline std::string describe_search_tuning(const SearchTuning& tuning,
                                          const SearchTuning& defaults) {
  std::string text;
  for (const TuningParameter& p : kTuningParameters)
    if (tuning.*(p.field) != defaults.*(p.field))
      text += (text.empty() ? "" : ",") + std::string(p.name) + "=" +
              std::to_string(tuning.*(p.field));
  return text.empty() ? "default" : text;
}

// The late-move reduction table of a tuning, indexed by depth and move number (both < 64).
class LateMoveReductions {
 public:
  explicit LateMoveReductions(const SearchTuning& tuning = {}) { set(tuning); }
  void set(const SearchTuning& tuning) {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m) {
        // Divided by divisor / 100 (2.0 at the hand-set 200, exact) so that the hand-set values
        // give the hand-set table bit for bit: 0.5 + ln(d) ln(m) / 2.
        const double plies = d && m ? tuning.lmr_base / 100.0 +
                                          std::log(d) * std::log(m) / (tuning.lmr_divisor / 100.0)
                                    : 0.0;
        table_[d][m] = uint8_t(std::clamp(plies, 0.0, 63.0));
      }
  }
  int operator()(int depth, int move_number) const {
    return table_[std::min(depth, 63)][std::min(move_number, 63)];
  }

 private:
  uint8_t table_[64][64];
};

}  // namespace splitlab::search
