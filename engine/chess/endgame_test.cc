// Endgame scaling: each rule on positions whose outcome is textbook knowledge, its limits
// (the same material one detail away from the draw is scored normally), agreement with the
// KPK bitbase, and the evaluation shrinking where a rule applies.
#include "engine/chess/endgame.h"

#include <cstdlib>
#include <string>

#include "engine/chess/chess_game.h"
#include "engine/chess/evaluate.h"
#include "engine/chess/kpk.h"
#include "engine/chess/test_support.h"
#include "gtest/gtest.h"

namespace splitlab::chess {
namespace {

int scale_for(const std::string& fen, Color strong) {
  return endgame_scale(test_support::Parse(fen), strong);
}

TEST(EndgameScale, KingPawnKingFollowsTheBitbase) {
  // The king on the sixth in front of its pawn wins with either side to move.
  EXPECT_EQ(scale_for("3k4/8/3K4/3P4/8/8/8/8 w - - 0 1", kWhite), kNormalScale);
  EXPECT_EQ(scale_for("3k4/8/3K4/3P4/8/8/8/8 b - - 0 1", kWhite), kNormalScale);
  // A rook's pawn against a king in its corner is a draw.
  EXPECT_EQ(scale_for("k7/8/8/8/8/8/P7/K7 w - - 0 1", kWhite), 0);
  // Black's pawn, from Black's side.
  EXPECT_EQ(scale_for("8/8/8/8/3p4/3k4/8/3K4 b - - 0 1", kBlack), kNormalScale);  // Sixth rank.
  EXPECT_EQ(scale_for("8/8/8/8/8/3k4/3p4/3K4 w - - 0 1", kBlack), 0);  // Stalemate.
  const Position pos = test_support::Parse("8/8/8/4k3/8/8/2P5/2K5 w - - 0 1");
  EXPECT_EQ(endgame_scale(pos, kWhite) == kNormalScale,
            kpk::probe(kWhite, pos.king_square(kWhite), lsb(pos.pieces(kWhite, kPawn)),
                       pos.king_square(kBlack), kWhite));
}

TEST(EndgameScale, WrongRookPawnBishopDrawsOnlyWhenTheKingHoldsTheCorner) {
  // h-pawns, the light-squared bishop (f1) and a dark promotion corner (h8).
  EXPECT_EQ(scale_for("7k/8/8/8/8/7P/7P/4KB2 w - - 0 1", kWhite), 0);
  EXPECT_EQ(scale_for("8/6k1/8/8/8/7P/8/4KB2 b - - 0 1", kWhite), 0);  // g7 touches h8.
  EXPECT_EQ(scale_for("7k/8/8/8/8/7P/8/2B1K3 w - - 0 1", kWhite), kNormalScale);  // Dark bishop.
  EXPECT_EQ(scale_for("8/8/8/k7/8/7P/8/4KB2 w - - 0 1", kWhite), kNormalScale);  // King far.
  EXPECT_EQ(scale_for("7k/8/8/8/8/6PP/8/4KB2 w - - 0 1", kWhite), kNormalScale);  // A g-pawn too.
  // Black's a-pawn queens on a1 (dark): a light bishop is the wrong one.
  EXPECT_EQ(scale_for("4k3/8/3b4/8/8/p7/8/K7 w - - 0 1", kBlack), kNormalScale);
  EXPECT_EQ(scale_for("4k3/8/2b5/8/8/p7/8/K7 w - - 0 1", kBlack), 0);
}

TEST(EndgameScale, MaterialThatCannotWin) {
  EXPECT_EQ(scale_for("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", kWhite), 0);       // A knight.
  EXPECT_EQ(scale_for("8/8/4k3/8/8/3BK3/8/8 w - - 0 1", kWhite), 0);       // A bishop.
  EXPECT_EQ(scale_for("8/8/4k3/8/8/2NNK3/8/8 w - - 0 1", kWhite), 0);      // Two knights.
  EXPECT_EQ(scale_for("8/8/4k3/4p3/8/2NNK3/8/8 w - - 0 1", kWhite), kNormalScale);  // Zugzwang.
  EXPECT_EQ(scale_for("8/8/4k3/8/8/2NBK3/8/8 w - - 0 1", kWhite), kNormalScale);   // Mates.
  EXPECT_EQ(scale_for("8/8/4k3/8/8/3RK3/8/8 w - - 0 1", kWhite), kNormalScale);
  EXPECT_EQ(scale_for("8/8/4kb2/8/8/3RK3/8/8 w - - 0 1", kWhite), 8);      // Rook against bishop.
  EXPECT_EQ(scale_for("8/8/4kr2/8/8/2NRK3/8/8 w - - 0 1", kWhite), 8);     // R+N against R.
  EXPECT_EQ(scale_for("8/8/4kr2/8/8/3QK3/8/8 w - - 0 1", kWhite), kNormalScale);  // Q against R.
  EXPECT_EQ(scale_for("8/8/4kb2/8/8/3RK2P/8/8 w - - 0 1", kWhite), kNormalScale);  // A pawn.
}

TEST(EndgameScale, OppositeColouredBishops) {
  // d3 is light, d6 dark; the pawns do not matter for the colour rule.
  EXPECT_EQ(scale_for("8/4k3/3b4/8/3P4/3BK3/8/8 w - - 0 1", kWhite), 24);
  EXPECT_EQ(scale_for("8/4k3/3b4/8/3P4/3BK1P1/7P/8 w - - 0 1", kWhite), 40);
  EXPECT_EQ(scale_for("8/4k3/4b3/8/3P4/3BK3/7P/8 w - - 0 1", kWhite), kNormalScale);  // Same.
  EXPECT_EQ(scale_for("8/4k3/3b4/8/3P4/3BK3/3R3P/8 w - - 0 1", kWhite), kNormalScale);  // A rook.
}

TEST(EndgameScale, TheEvaluationShrinksWhereARuleApplies) {
  const int unscaled = evaluate(test_support::Parse("7k/8/8/8/8/7P/7P/4KB2 w - - 0 1"));
  EXPECT_GT(unscaled, 300) << "endgame knowledge is off by default";
  const int drawn = evaluate(test_support::Parse("7k/8/8/8/8/7P/7P/4KB2 w - - 0 1"), true);
  const int won = evaluate(test_support::Parse("7k/8/8/8/8/7P/7P/2B1K3 w - - 0 1"), true);
  EXPECT_LT(std::abs(drawn), 60) << "bishop and two pawns up, yet a draw";
  EXPECT_GT(won, 300);
  // The rule follows the side that is ahead: the same with colours exchanged.
  EXPECT_EQ(drawn, evaluate(test_support::Parse("4kb2/7p/7p/8/8/8/8/7K b - - 0 1"), true));
  // The thread's evaluation cache keeps the two apart.
  EXPECT_EQ(evaluate(test_support::Parse("7k/8/8/8/8/7P/7P/4KB2 w - - 0 1")), unscaled);
}

// The switch is the state of an evaluation (chess_game.h), one per search thread, set from the
// search's features: two of them in one thread answer differently, and nothing process-wide
// changes.
TEST(EndgameScale, EachEvaluationKeepsItsOwnSwitch) {
  search::SearchFeatures with_knowledge;
  with_knowledge.endgame_knowledge = true;
  Evaluation knowing, plain;
  knowing.configure(with_knowledge);
  plain.configure(search::SearchFeatures{});
  const Position drawn = test_support::Parse("7k/8/8/8/8/7P/7P/4KB2 w - - 0 1");
  EXPECT_LT(std::abs(knowing.evaluate(drawn)), 60);
  EXPECT_GT(plain.evaluate(drawn), 300);
  EXPECT_LT(std::abs(knowing.evaluate(drawn)), 60);
  EXPECT_EQ(plain.evaluate(drawn), evaluate(drawn));
}

}  // namespace
}  // namespace splitlab::chess
