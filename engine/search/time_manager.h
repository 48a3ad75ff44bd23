// Turns the UCI clock into three limits: an optimum (do not start another iteration past it),
// a maximum (stop the search once it has a move from a completed iteration) and, on a clock or a
// movetime, a deadline (stop at once, even inside the first iteration). All leave a safety margin
// for the time it takes to answer and for the GUI's own overhead, so the engine never loses on
// time.
#pragma once

#include <algorithm>
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
  // The clock kept in reserve (kReserve) or planned down to (kFloor), in margins.
  static constexpr int64_t kReserveMargins = 4;

  // How the plan treats a low clock when there is an increment. Without one, all are kPlain.
  //  kPlain   (the default): plan on the time left minus the Move Overhead. At a fast time
  //           control with increment the clock drains to near the Move Overhead, where one delay
  //           of the machine (a VM's stolen time) loses on time.
  //  kReserve (SearchFeatures::time_reserve): the plan is kPlain's, but the maximum never eats
  //           into a reserve of kReserveMargins margins (max(Move Overhead, kMinClockMarginMs)
  //           each), and inside it is half an increment. It binds hard: many moves near the
  //           reserve are cut short.
  //  kFloor   (SearchFeatures::time_floor): the plan itself leaves the same reserve out, so the
  //           clock settles near it gradually instead of being cut there; the maximum only keeps
  //           the clock above half the reserve (or spends one increment).
  enum class ClockPolicy { kPlain, kReserve, kFloor };

  // `side` indexes limits.time_left_ms; `move_overhead_ms` is reserved per move. Time counts
  // from `started`: when the GUI sent "go", since its clock runs from then.
  void start(const SearchLimits& limits, int side, int64_t move_overhead_ms,
             Clock::time_point started = Clock::now(), ClockPolicy policy = ClockPolicy::kPlain);

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
  // Whether the hard limit is reached: on a clock the time left minus max(move overhead, the
  // minimum margin); with movetime the larger of the maximum and movetime minus the minimum
  // margin. Never true for depth, nodes or infinite.
  bool past_deadline() const { return active_ && has_deadline_ && elapsed_ms() >= deadline_ms_; }

 private:
  Clock::time_point start_ = Clock::now();
  bool active_ = false;
  bool has_deadline_ = false;
  int64_t optimum_ms_ = 0, maximum_ms_ = 0, deadline_ms_ = 0;
};

// SearchFeatures::smart_time: how much of the optimum to spend, from how the iterations go (as
// strong engines do): more while the best move keeps changing or the score falls, less once the
// same move has come back iteration after iteration. The maximum still caps it.
class IterationTrend {
 public:
  // After each completed iteration from the second on.
  void update(bool best_move_changed, int score, int previous_score) {
    changes_ = changes_ / 2 + (best_move_changed ? 1.0 : 0.0);
    stable_ = best_move_changed ? 0 : stable_ + 1;
    const int drop = previous_score - score;
    falling_ = drop > 20 ? std::min(1.5, 1.0 + drop / 100.0) : 1.0;
  }
  // Multiplies the optimum: 0.5 to 2.5.
  double scale() const {
    const double stability = stable_ >= 4 ? 0.75 : 1.0;
    return std::clamp(instability() * stability * falling_, 0.5, 2.5);
  }
  // SearchFeatures::smart_time_2: the same, with the stability judged by `effort`, the best
  // move's share (0..1) of the last iteration's root nodes, in place of stable iterations.
  // The factor is about 1 at an effort of 0.69, the median over bench's positions from depth 7
  // on (deciles 0.28 to 0.95; 0.40 where the best move had just changed): 0.6 to 1.6.
  double scale_with_effort(double effort) const {
    const double effort_factor = std::clamp(1.9 - 1.3 * effort, 0.6, 1.6);
    return std::clamp(instability() * effort_factor * falling_, 0.5, 2.5);
  }

 private:
  double instability() const { return 1.0 + 0.5 * std::min(changes_, 2.0); }

  double changes_ = 0;  // Best-move changes, each halved at every later iteration.
  int stable_ = 0;      // Iterations in a row with the same best move.
  double falling_ = 1;  // From the last iteration's score drop.
};

}  // namespace splitlab::search
