#include "bench/match/time_control.h"

#include <gtest/gtest.h>

#include "bench/match/game_runner.h"

namespace splitlab::bench::match {
namespace {

TimeControl tc(const std::string& text) {
  TimeControl t;
  std::string error;
  EXPECT_TRUE(parse_tc(text, t, error)) << text << ": " << error;
  return t;
}

TEST(TimeControlTest, ParsesCutechessForms) {
  TimeControl t = tc("40/60+0.6");
  EXPECT_EQ(t.moves_per_period, 40);
  EXPECT_EQ(t.base_ms, 60000);
  EXPECT_EQ(t.increment_ms, 600);
  t = tc("10+0.1");
  EXPECT_EQ(t.moves_per_period, 0);
  EXPECT_EQ(t.base_ms, 10000);
  EXPECT_EQ(t.increment_ms, 100);
  t = tc("1:30+2");
  EXPECT_EQ(t.base_ms, 90000);
  EXPECT_EQ(t.increment_ms, 2000);
  t = tc("40/120");
  EXPECT_EQ(t.moves_per_period, 40);
  EXPECT_EQ(t.base_ms, 120000);
  EXPECT_EQ(t.increment_ms, 0);
  t = tc("0.5");
  EXPECT_EQ(t.base_ms, 500);
  t = tc("inf");
  EXPECT_FALSE(t.has_clock());
  EXPECT_EQ(tc("40/60+0.6").to_string(), "40/60+0.6");
  EXPECT_EQ(tc("10+0.1").to_string(), "10+0.1");
  EXPECT_EQ(tc("1:30").to_string(), "90");
  EXPECT_EQ(tc("inf").to_string(), "inf");
}

TEST(TimeControlTest, RejectsMalformedStrings) {
  for (const char* bad : {"", "abc", "40/", "/60", "0/60", "10+", "+0.1", "10+x", "-5", "10.0001",
                          "1:xx", "10++1", "0", "0+0", "40/60+0.6/2", "ten"}) {
    TimeControl t;
    std::string error;
    EXPECT_FALSE(parse_tc(bad, t, error)) << "'" << bad << "' was accepted";
    EXPECT_NE(error.find("tc="), std::string::npos) << error;
  }
}

TEST(TimeControlTest, ParsesTimePerMove) {
  TimeControl t;
  std::string error;
  ASSERT_TRUE(parse_st("0.5", t, error));
  EXPECT_EQ(t.move_time_ms, 500);
  EXPECT_EQ(t.to_string(), "0.5/move");
  EXPECT_FALSE(parse_st("0", t, error));
  EXPECT_FALSE(parse_st("-1", t, error));
  EXPECT_FALSE(parse_st("1s", t, error));
  EXPECT_NE(error.find("st=1s"), std::string::npos);
}

TEST(GameClockTest, IncrementIsAddedAfterEachMove) {
  GameClock clock(tc("10+0.1"));
  EXPECT_EQ(clock.time_left_ms(), 10000);
  EXPECT_EQ(*clock.deadline_ms(), 10000);
  EXPECT_TRUE(clock.charge(1500));
  EXPECT_EQ(clock.time_left_ms(), 10000 - 1500 + 100);
  EXPECT_TRUE(clock.charge(0));
  EXPECT_EQ(clock.time_left_ms(), 8700);
  EXPECT_EQ(clock.moves_to_go(), 0);
}

TEST(GameClockTest, MovesToGoPeriodsAddTheBaseTime) {
  GameClock clock(tc("2/10"));
  EXPECT_EQ(clock.moves_to_go(), 2);
  EXPECT_TRUE(clock.charge(3000));
  EXPECT_EQ(clock.moves_to_go(), 1);
  EXPECT_EQ(clock.time_left_ms(), 7000);
  EXPECT_TRUE(clock.charge(4000));  // The period's last move: 3 s left, plus 10 s.
  EXPECT_EQ(clock.time_left_ms(), 13000);
  EXPECT_EQ(clock.moves_to_go(), 2);
}

TEST(GameClockTest, AMoveBeyondTheClockAndMarginLosesOnTime) {
  TimeControl t = tc("1+0");
  t.margin_ms = 50;
  GameClock on_margin(t);
  EXPECT_TRUE(on_margin.charge(1050));  // Exactly at clock + margin: still in time.
  GameClock late(t);
  EXPECT_FALSE(late.charge(1051));
  TimeControl st;
  std::string error;
  ASSERT_TRUE(parse_st("0.2", st, error));
  GameClock per_move(st);
  EXPECT_EQ(*per_move.deadline_ms(), 200);
  EXPECT_TRUE(per_move.charge(200));
  EXPECT_FALSE(per_move.charge(201));
}

TEST(GameClockTest, NoDeadlineWithoutAClock) {
  TimeControl t = tc("inf");
  t.depth = 5;
  GameClock clock(t);
  EXPECT_FALSE(clock.deadline_ms().has_value());
  EXPECT_TRUE(clock.charge(1000000));
}

TEST(GoArgumentsTest, SendsBothClocksAndMovesToGo) {
  GameClock white(tc("40/60+0.6")), black(tc("40/60+0.6"));
  ASSERT_TRUE(white.charge(1000));
  EXPECT_EQ(go_arguments(white, black, 1),
            "wtime 59600 btime 60000 winc 600 binc 600 movestogo 40");
  EXPECT_EQ(go_arguments(white, black, 0),
            "wtime 59600 btime 60000 winc 600 binc 600 movestogo 39");
  TimeControl limits = tc("inf");
  limits.nodes = 2000;
  limits.depth = 3;
  GameClock a(limits), b(limits);
  EXPECT_EQ(go_arguments(a, b, 0), "nodes 2000 depth 3");
  TimeControl st;
  std::string error;
  ASSERT_TRUE(parse_st("0.05", st, error));
  GameClock c(st), d(st);
  EXPECT_EQ(go_arguments(c, d, 1), "movetime 50");
}

TEST(MoveCommentTest, ScoreDepthAndTime) {
  EXPECT_EQ(move_comment("cp 31", 14, 520000), "+0.31/14 0.52s");
  EXPECT_EQ(move_comment("cp -120", 9, 1250000), "-1.20/9 1.25s");
  EXPECT_EQ(move_comment("cp 0", 1, 0), "+0.00/1 0.00s");
  EXPECT_EQ(move_comment("mate 3", 20, 100000), "+M3/20 0.10s");
  EXPECT_EQ(move_comment("mate -2", 7, 100000), "-M2/7 0.10s");
  EXPECT_EQ(move_comment("", 0, 30000), "0.03s");
  EXPECT_EQ(*score_in_centipawns("cp -45"), -45);
  EXPECT_GT(*score_in_centipawns("mate 3"), 90000);
  EXPECT_LT(*score_in_centipawns("mate -1"), -90000);
  EXPECT_FALSE(score_in_centipawns("").has_value());
}

}  // namespace
}  // namespace splitlab::bench::match
