// Turns the UCI clock into two budgets: an optimum (do not start another iteration past it)
// and a maximum (stop the search at once). Both leave a safety margin for the time it takes
// to answer and for the GUI's own overhead, so the engine never loses on time.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/search/search_types.h"

namespace splitlab::search {

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  // `side` indexes limits.time_left_ms; `move_overhead_ms` is reserved per move.
  void start(const SearchLimits& limits, int side, int64_t move_overhead_ms);

  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }
  // Whether the time budget is in force (not for infinite, pondering or depth/node-only searches).
  bool active() const { return active_; }
  void set_active(bool active) { active_ = active; }
  int64_t optimum_ms() const { return optimum_ms_; }
  int64_t maximum_ms() const { return maximum_ms_; }
  bool past_optimum() const { return active_ && elapsed_ms() >= optimum_ms_; }
  bool past_maximum() const { return active_ && elapsed_ms() >= maximum_ms_; }

 private:
  Clock::time_point start_ = Clock::now();
  bool active_ = false;
  int64_t optimum_ms_ = 0, maximum_ms_ = 0;
};

}  // namespace splitlab::search
