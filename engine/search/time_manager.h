// Turns the UCI clock into three limits: an optimum (do not start another iteration past it),
// a maximum (stop the search once it has a move from a completed iteration) and, on a clock, a
// deadline (stop at once, even inside the first iteration). All of them leave a safety margin
// for the time it takes to answer and for the GUI's own overhead, so the engine never loses on
// time.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/search/search_types.h"

namespace splitlab::search {

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  // The clock margin kept below the time left even with a Move Overhead of 0: answering, the
  // pipe and the GUI take a few milliseconds on an idle machine, more on a loaded one.
  static constexpr int64_t kMinClockMarginMs = 20;

  // `side` indexes limits.time_left_ms; `move_overhead_ms` is reserved per move. Time counts
  // from `started`: when the GUI sent "go", since its clock runs from then.
  void start(const SearchLimits& limits, int side, int64_t move_overhead_ms,
             Clock::time_point started = Clock::now());

  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }
  // Whether the time budget is in force (not for infinite, pondering or depth/node-only searches).
  bool active() const { return active_; }
  void set_active(bool active) { active_ = active; }
  // After "ponderhit": the budget comes into force, and the GUI's clock runs from now on, so the
  // deadline moves by the time spent pondering.
  void start_after_ponder();
  int64_t optimum_ms() const { return optimum_ms_; }
  int64_t maximum_ms() const { return maximum_ms_; }
  bool past_optimum() const { return active_ && elapsed_ms() >= optimum_ms_; }
  bool past_maximum() const { return active_ && elapsed_ms() >= maximum_ms_; }
  // Whether the clock's own limit is reached: the time left minus max(move overhead, the
  // minimum margin). Never true without a clock (movetime, depth, nodes, infinite).
  bool past_deadline() const { return active_ && has_deadline_ && elapsed_ms() >= deadline_ms_; }

 private:
  Clock::time_point start_ = Clock::now();
  bool active_ = false;
  bool has_deadline_ = false;
  int64_t optimum_ms_ = 0, maximum_ms_ = 0, deadline_ms_ = 0;
};

}  // namespace splitlab::search
