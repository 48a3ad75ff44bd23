#include "bench/match/adjudicator.h"

#include <gtest/gtest.h>

namespace splitlab::bench::match {
namespace {

// Sides as every game numbers them (engine/core/outcome.h).
constexpr int kWhite = 0;
constexpr int kBlack = 1;

AdjudicationSettings draw_rule(int number, int count, int score) {
  AdjudicationSettings s;
  std::string error;
  EXPECT_TRUE(
      parse_draw_settings({"movenumber=" + std::to_string(number),
                           "movecount=" + std::to_string(count), "score=" + std::to_string(score)},
                          s, error))
      << error;
  return s;
}

TEST(AdjudicatorTest, DrawAfterMoveCountMovesOfEachSideWithinTheScore) {
  Adjudicator a(draw_rule(10, 3, 10));
  int ply = 30;  // Past move 10.
  // Six plies (three moves each) within +-10 cp: the sixth ends the game.
  for (int i = 0; i < 5; ++i)
    EXPECT_FALSE(a.engine_move(i % 2 ? kBlack : kWhite, i % 2 ? -10 : 5, ++ply, false)) << i;
  const auto outcome = a.engine_move(kBlack, 0, ++ply, false);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1/2-1/2");
  EXPECT_EQ(outcome->reason, "Draw by adjudication");
  EXPECT_EQ(termination_tag(outcome->termination), std::string("adjudication"));
}

TEST(AdjudicatorTest, DrawCountRestartsOnAScoreOutsideOrAnIrreversibleMove) {
  Adjudicator a(draw_rule(0, 2, 10));
  EXPECT_FALSE(a.engine_move(kWhite, 0, 1, false));
  EXPECT_FALSE(a.engine_move(kBlack, 0, 2, false));
  EXPECT_FALSE(a.engine_move(kWhite, 11, 3, false));  // Outside: back to zero.
  EXPECT_FALSE(a.engine_move(kBlack, 0, 4, false));
  EXPECT_FALSE(a.engine_move(kWhite, 0, 5, true));  // A capture: back to zero.
  EXPECT_FALSE(a.engine_move(kBlack, 0, 6, false));
  EXPECT_FALSE(a.engine_move(kWhite, 0, 7, false));
  a.book_move(kBlack);  // A move without a score: back to zero.
  EXPECT_FALSE(a.engine_move(kWhite, 0, 9, false));
  EXPECT_FALSE(a.engine_move(kBlack, 0, 10, false));
  EXPECT_FALSE(a.engine_move(kWhite, 0, 11, false));
  EXPECT_TRUE(a.engine_move(kBlack, 0, 12, false));
}

TEST(AdjudicatorTest, NoDrawBeforeTheMoveNumber) {
  Adjudicator a(draw_rule(40, 1, 20));
  EXPECT_FALSE(a.engine_move(kWhite, 0, 77, false));
  EXPECT_FALSE(a.engine_move(kBlack, 0, 78, false));  // Move 39 done.
  EXPECT_FALSE(a.engine_move(kWhite, 0, 79, false));
  EXPECT_TRUE(a.engine_move(kBlack, 0, 80, false));  // 40 full moves.
}

TEST(AdjudicatorTest, ResignAfterMoveCountOwnMovesAtOrBelowMinusScore) {
  AdjudicationSettings s;
  std::string error;
  ASSERT_TRUE(parse_resign_settings({"movecount=3", "score=500"}, s, error)) << error;
  Adjudicator a(s);
  int ply = 0;
  for (int i = 0; i < 2; ++i) {
    EXPECT_FALSE(a.engine_move(kWhite, 100, ++ply, false));
    EXPECT_FALSE(a.engine_move(kBlack, -500, ++ply, false));
  }
  EXPECT_FALSE(a.engine_move(kWhite, 100, ++ply, false));
  const auto outcome = a.engine_move(kBlack, -600, ++ply, false);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1-0");
  EXPECT_EQ(outcome->reason, "White wins by adjudication");
}

TEST(AdjudicatorTest, TwoSidedResignNeedsTheWinnerToAgree) {
  AdjudicationSettings s;
  std::string error;
  ASSERT_TRUE(parse_resign_settings({"movecount=2", "score=300", "twosided=true"}, s, error));
  Adjudicator a(s);
  EXPECT_FALSE(a.engine_move(kWhite, -400, 1, false));
  EXPECT_FALSE(a.engine_move(kBlack, 200, 2, false));  // Black does not see it as won.
  EXPECT_FALSE(a.engine_move(kWhite, -400, 3, false));
  EXPECT_FALSE(a.engine_move(kBlack, 300, 4, false));
  EXPECT_FALSE(a.engine_move(kWhite, -400, 5, false));  // Black agreed only once so far.
  EXPECT_FALSE(a.engine_move(kBlack, 350, 6, false));
  const auto outcome = a.engine_move(kWhite, -400, 7, false);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->reason, "Black wins by adjudication");
  EXPECT_EQ(outcome->result, "0-1");
}

TEST(AdjudicatorTest, MaximumMoves) {
  AdjudicationSettings s;
  s.max_moves = 3;
  Adjudicator a(s);
  for (int ply = 1; ply < 6; ++ply)
    EXPECT_FALSE(a.engine_move(ply % 2 ? kWhite : kBlack, std::nullopt, ply, false));
  const auto outcome = a.engine_move(kBlack, std::nullopt, 6, false);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->reason, "Draw by maximum moves");
}

TEST(AdjudicatorTest, RejectsBadWords) {
  AdjudicationSettings s;
  std::string error;
  EXPECT_FALSE(parse_draw_settings({"movenumber=40", "movecount=8"}, s, error));
  EXPECT_NE(error.find("score="), std::string::npos) << error;
  EXPECT_FALSE(parse_draw_settings({"movenumber=x", "movecount=8", "score=10"}, s, error));
  EXPECT_NE(error.find("movenumber=x"), std::string::npos) << error;
  EXPECT_FALSE(parse_resign_settings({"movecount=3", "score=500", "twosided=maybe"}, s, error));
  EXPECT_NE(error.find("twosided=maybe"), std::string::npos) << error;
  EXPECT_FALSE(parse_resign_settings({"moves=3"}, s, error));
  EXPECT_NE(error.find("moves=3"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::bench::match
