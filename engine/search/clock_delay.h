// The delay the GUI's clock sees beyond the engine's own, measured move by move, and the clock
// margin it calls for.
//
// A move's delay is what the GUI charged for it (the clock before it plus the increment, minus
// the clock the next "go" reports) less the time the engine meant to stop at: when its search
// ended, or its maximum if a stalled search ended later. On an idle machine it is a few
// milliseconds (answering, the pipe, the GUI's own work). On a loaded one, a descheduled engine
// or GUI adds tens: the kind of delay that lost the games on time in the strength log. Move
// Overhead is a guess made before the game; this is measured during it. The margin in force is
// the larger of Move Overhead and kDelayFactor times the worst recent delay, so on an idle
// machine it is Move Overhead and the search is unchanged, while on a loaded one the clock is
// kept above the delays the machine has shown. Under load the delays are rare spikes (a mean of
// 5 ms, a largest of 100 ms over 240 moves), so the worst of hundreds of moves is what counts.
#pragma once

#include <algorithm>
#include <cstdint>

namespace splitlab::search {

class ClockDelayMonitor {
 public:
  // The margin covers this many times the worst recent delay.
  static constexpr int64_t kDelayFactor = 2;
  // The worst delay is the largest of the last kBlockMoves to 2 x kBlockMoves measured moves
  // (two blocks, the older dropped when a new one fills): under load the delays are rare spikes,
  // which must be remembered for hundreds of moves (the engine process lives through a match),
  // while a stall long past is forgotten.
  static constexpr int kBlockMoves = 128;

  // A "go" on a clock, for the side to move at `game_ply` (plies since the game's start).
  // `measurable`: a timed search on the clock (not pondering, not movetime, not infinite). If
  // this side's last answered move was two plies before, in the same game, the clock now tells
  // what that move was charged; its delay is recorded. Returns the new delay in ms, or -1 when
  // none could be measured.
  int64_t on_go(int game_ply, int64_t time_left_ms, int64_t increment_ms, bool measurable);
  // The search of the last go is over: `elapsed_ms` from go to the answer, `maximum_ms` the
  // longest it meant to take.
  void on_answer(int64_t elapsed_ms, int64_t maximum_ms);
  // A new game, or a position that does not follow from the last: the next go starts afresh.
  // The worst delay is kept: the machine has not changed.
  void forget_move() { moves_[0].pending = moves_[1].pending = false; }

  int64_t worst_delay_ms() const { return std::max(block_worst_ms_[0], block_worst_ms_[1]); }
  // The margin to plan with: Move Overhead, or more when the delays seen call for it.
  int64_t margin_ms(int64_t move_overhead_ms) const;

 private:
  // One record per side (ply parity), so that an engine playing both sides of a game against
  // itself measures each side's moves.
  struct Move {
    bool pending = false;  // Answered, awaiting the clock of this side's next go.
    int game_ply = 0;
    int64_t time_left_ms = 0, increment_ms = 0, intended_ms = 0;
  };
  Move moves_[2];
  int answering_ = -1;  // The side whose measurable search runs, or -1.
  int64_t block_worst_ms_[2] = {0, 0};  // The current block's worst delay and the last one's.
  int block_moves_ = 0;                 // Measured moves in the current block.
};

}  // namespace splitlab::search
