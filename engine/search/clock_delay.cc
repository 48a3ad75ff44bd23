#include "engine/search/clock_delay.h"

#include <algorithm>

namespace splitlab::search {

int64_t ClockDelayMonitor::on_go(int game_ply, int64_t time_left_ms, int64_t increment_ms,
                                 bool measurable) {
  Move& last = moves_[game_ply & 1];
  int64_t delay = -1;
  if (last.pending && game_ply == last.game_ply + 2) {
    const int64_t charged = last.time_left_ms + last.increment_ms - time_left_ms;
    // A clock that grew by more than the increment was refilled (moves-to-go controls): the
    // move's charge cannot be told.
    if (charged >= 0) {
      delay = std::max<int64_t>(0, charged - last.intended_ms);
      if (block_moves_ == kBlockMoves) {
        block_worst_ms_[1] = block_worst_ms_[0];
        block_worst_ms_[0] = 0;
        block_moves_ = 0;
      }
      block_worst_ms_[0] = std::max(block_worst_ms_[0], delay);
      ++block_moves_;
    }
  }
  last.pending = false;
  answering_ = measurable ? (game_ply & 1) : -1;
  if (measurable) {
    last.game_ply = game_ply;
    last.time_left_ms = time_left_ms;
    last.increment_ms = increment_ms;
  }
  return delay;
}

void ClockDelayMonitor::on_answer(int64_t elapsed_ms, int64_t maximum_ms) {
  if (answering_ < 0) return;
  moves_[answering_].intended_ms = std::min(elapsed_ms, maximum_ms);
  moves_[answering_].pending = true;
  answering_ = -1;
}

int64_t ClockDelayMonitor::margin_ms(int64_t move_overhead_ms) const {
  return std::max(move_overhead_ms, kDelayFactor * worst_delay_ms());
}

}  // namespace splitlab::search
