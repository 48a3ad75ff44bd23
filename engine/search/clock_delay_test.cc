// ClockDelayMonitor: the delay of each move is the GUI's charge minus the time the engine meant
// to take, measured only between consecutive moves of one side in one game, and the margin it
// calls for stays at Move Overhead until the delays seen exceed half of it.
#include "engine/search/clock_delay.h"

#include <gtest/gtest.h>

namespace splitlab::search {
namespace {

// One move of ours: go at `ply` with `clock`, answered after `elapsed` with maximum `maximum`.
int64_t move(ClockDelayMonitor& m, int ply, int64_t clock, int64_t elapsed, int64_t maximum,
             int64_t increment = 30) {
  const int64_t delay = m.on_go(ply, clock, increment, true);
  m.on_answer(elapsed, maximum);
  return delay;
}

TEST(ClockDelay, FirstMoveHasNothingToMeasure) {
  ClockDelayMonitor m;
  EXPECT_EQ(m.on_go(0, 3000, 30, true), -1);
  EXPECT_EQ(m.margin_ms(50), 50);
}

TEST(ClockDelay, DelayIsChargeBeyondTheEnginesOwnTime) {
  ClockDelayMonitor m;
  move(m, 10, 1000, 100, 400);
  // Charged 1000 + 30 - 927 = 103 ms for a search of 100 ms: a delay of 3.
  EXPECT_EQ(move(m, 12, 927, 50, 400), 3);
  EXPECT_EQ(m.worst_delay_ms(), 3);
  EXPECT_EQ(m.margin_ms(50), 50);  // An idle machine's delays leave Move Overhead alone.
}

TEST(ClockDelay, AStalledSearchCountsFromItsMaximum) {
  ClockDelayMonitor m;
  // The search meant to stop at 30 ms but answered at 90 (descheduled); the GUI charged 95.
  move(m, 40, 120, 90, 30);
  EXPECT_EQ(move(m, 42, 120 + 30 - 95, 10, 20), 65);
  EXPECT_EQ(m.margin_ms(50), 130);
  EXPECT_EQ(m.margin_ms(200), 200);  // A larger Move Overhead still rules.
}

TEST(ClockDelay, OnlyTheSameSidesNextMoveIsMeasured) {
  ClockDelayMonitor m;
  move(m, 20, 1000, 100, 400);
  EXPECT_EQ(move(m, 24, 500, 100, 400), -1);  // Four plies on: another game or position.
  m.forget_move();                             // ucinewgame
  EXPECT_EQ(move(m, 26, 100, 100, 400), -1);
}

TEST(ClockDelay, EachSideOfASelfPlayGameIsMeasuredOnItsOwnClock) {
  ClockDelayMonitor m;
  move(m, 10, 1000, 100, 400);  // White
  move(m, 11, 800, 50, 400);    // Black
  EXPECT_EQ(move(m, 12, 1000 + 30 - 104, 100, 400), 4);
  EXPECT_EQ(move(m, 13, 800 + 30 - 57, 100, 400), 7);
  EXPECT_EQ(m.worst_delay_ms(), 7);
}

TEST(ClockDelay, UnmeasurableSearchesAreSkipped) {
  ClockDelayMonitor m;
  EXPECT_EQ(m.on_go(10, 1000, 30, false), -1);  // Pondering, movetime or infinite.
  m.on_answer(5000, 400);
  EXPECT_EQ(m.on_go(12, 500, 30, true), -1);
  EXPECT_EQ(m.worst_delay_ms(), 0);
}

TEST(ClockDelay, ARefilledClockIsNotACharge) {
  ClockDelayMonitor m;
  move(m, 78, 500, 100, 400, 0);
  EXPECT_EQ(move(m, 80, 60000, 100, 400, 0), -1);  // 40/60: the control was reached.
  EXPECT_EQ(m.worst_delay_ms(), 0);
}

TEST(ClockDelay, TheWorstDelayIsKeptForOneToTwoBlocksOfMoves) {
  ClockDelayMonitor m;
  int ply = 0;
  int64_t clock = 3000;
  auto next = [&](int64_t delay) {  // One more move of ours, charged 100 ms + delay.
    ply += 2;
    clock = clock + 30 - 100 - delay;
    return move(m, ply, clock, 100, 400);
  };
  move(m, ply, clock, 100, 400);
  EXPECT_EQ(next(160), 160);  // The first measured move of the first block.
  for (int i = 1; i < ClockDelayMonitor::kBlockMoves; ++i) EXPECT_EQ(next(i % 7), i % 7);
  EXPECT_EQ(m.worst_delay_ms(), 160);
  // A second block of small delays: the first block's worst still counts...
  for (int i = 0; i < ClockDelayMonitor::kBlockMoves; ++i) next(5);
  EXPECT_EQ(m.worst_delay_ms(), 160);
  EXPECT_EQ(m.margin_ms(50), 320);
  // ...until a third block starts and the first is dropped.
  EXPECT_EQ(next(3), 3);
  EXPECT_EQ(m.worst_delay_ms(), 5);
  EXPECT_EQ(m.margin_ms(50), 50);
  EXPECT_EQ(next(200), 200);  // A new stall counts at once.
  EXPECT_EQ(m.margin_ms(50), 400);
}

}  // namespace
}  // namespace splitlab::search
