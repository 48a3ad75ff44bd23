// The search's numeric parameters that are tuned in games rather than set by hand (SPSA,
// experiments/strength/spsa.py), each a UCI spin option of the same name and a `--tune NAME=V`
// of bench and epd. The defaults are the values the games have accepted; any other value is an
// experiment, so a setting is a few integers, never a build.
#pragma once

#include <algorithm>
#include <array>
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

// The parameter named `name`, or null.
const TuningParameter* find_tuning_parameter(std::string_view name);

// Sets one parameter from its decimal text; false with `error` naming the name or the value.
bool set_tuning_parameter(SearchTuning& tuning, std::string_view name, std::string_view value,
                          std::string& error);

// Parses "NAME=VALUE,NAME=VALUE" over `base` (empty: `base` unchanged); `out` is left
// unchanged on an error. A name given twice takes its last value.
bool parse_search_tuning(std::string_view text, const SearchTuning& base, SearchTuning& out,
                         std::string& error);

// The parameters that differ from `defaults`, "NAME=VALUE,..." ("default" if none).
std::string describe_search_tuning(const SearchTuning& tuning, const SearchTuning& defaults);

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
