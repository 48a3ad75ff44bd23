#include "engine/search/time_manager.h"

#include <algorithm>

namespace splitlab::search {

void TimeManager::start(const SearchLimits& limits, int side, int64_t move_overhead_ms,
                        Clock::time_point started, ClockPolicy policy) {
  start_ = started;
  active_ = false;
  has_deadline_ = false;
  optimum_ms_ = maximum_ms_ = deadline_ms_ = 0;
  if (limits.movetime_ms > 0) {
    active_ = true;
    maximum_ms_ = std::max<int64_t>(1, limits.movetime_ms - move_overhead_ms);
    optimum_ms_ = maximum_ms_;
    // "Search exactly x ms": a first iteration that is not done by then is cut too (in a
    // position of thirty queens depth 1 alone takes seconds), as a GUI that gave the time
    // forfeits a late answer. Like a clock's, the deadline keeps only the minimum margin, so a
    // Move Overhead above the movetime still leaves depth 1 its chance.
    has_deadline_ = true;
    deadline_ms_ = std::max(maximum_ms_, limits.movetime_ms - kMinClockMarginMs);
  } else if (limits.uses_clock()) {
    // A GUI sends both clocks; if ours is missing, the opponent's is the best guess.
    if (limits.time_left_ms[side] < 0) side ^= 1;
    active_ = true;
    const int64_t available = std::max<int64_t>(1, limits.time_left_ms[side] - move_overhead_ms);
    const int moves_to_plan = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 30;
    const int64_t increment = limits.increment_ms[side];
    const int64_t time_left = limits.time_left_ms[side];
    const int64_t reserve = kReserveMargins * std::max(move_overhead_ms, kMinClockMarginMs);
    if (policy == ClockPolicy::kFloor && increment > 0) {
      // Below the floor the share of the base goes negative, so the optimum falls under
      // 0.75 increments and the clock climbs back; at least a quarter increment.
      const int64_t above_floor = time_left - reserve;
      optimum_ms_ = std::clamp(above_floor / moves_to_plan + increment * 3 / 4, increment / 4,
                               std::max<int64_t>(increment / 4, available / 2));
      maximum_ms_ = std::min({optimum_ms_ * 4, available * 3 / 4,
                              std::max(increment, time_left - reserve / 2)});
    } else {
      optimum_ms_ = std::min(available / moves_to_plan + increment * 3 / 4, available / 2);
      maximum_ms_ = std::min(optimum_ms_ * 4, available * 3 / 4);
    }
    if (policy == ClockPolicy::kReserve && increment > 0) {
      // Never plan into the reserve; inside it, spend half an increment so it fills again.
      maximum_ms_ = std::min(maximum_ms_, std::max(increment / 2, time_left - reserve));
    }
    optimum_ms_ = std::max<int64_t>(1, std::min(optimum_ms_, maximum_ms_));
    maximum_ms_ = std::max<int64_t>(1, maximum_ms_);
    has_deadline_ = true;
    deadline_ms_ = std::max<int64_t>(
        0, limits.time_left_ms[side] - std::max(move_overhead_ms, kMinClockMarginMs));
  }
  if (limits.infinite) active_ = false;
}

void TimeManager::start_after_ponder() {
  if (has_deadline_) deadline_ms_ += elapsed_ms();
  active_ = true;
}

}  // namespace splitlab::search
