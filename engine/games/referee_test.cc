// Each game's referee (engine/chess/referee.h, engine/xiangqi/referee.h), and the registry's
// make_referee.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/games/games.h"

namespace splitlab {
namespace {

// Plays `moves` from `fen`; returns the outcome after the last one.
std::optional<Outcome> play(const std::string& fen, const std::vector<std::string>& moves) {
  chess::Referee referee;
  std::string error;
  EXPECT_TRUE(referee.reset(fen, error)) << error;
  for (const auto& m : moves) EXPECT_TRUE(referee.play(m)) << m;
  return referee.outcome();
}

TEST(RefereeTest, FoolsMateIsBlackMates) {
  const auto outcome = play(std::string(chess::kStartFen), {"f2f3", "e7e5", "g2g4", "d8h4"});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "0-1");
  EXPECT_EQ(outcome->reason, "Black mates");
  EXPECT_EQ(termination_tag(outcome->termination), std::string("normal"));
}

TEST(RefereeTest, ScholarsMateIsWhiteMates) {
  const auto outcome =
      play(std::string(chess::kStartFen), {"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1-0");
  EXPECT_EQ(outcome->reason, "White mates");
}

TEST(RefereeTest, Stalemate) {
  // Qg5-g6 takes h7 from the king on h8 (the king on f7 has g8 and g7) without giving check.
  const auto outcome = play("7k/5K2/8/6Q1/8/8/8/8 w - - 0 1", {"g5g6"});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1/2-1/2");
  EXPECT_EQ(outcome->reason, "Draw by stalemate");
}

TEST(RefereeTest, ThreefoldRepetitionOnTheThirdOccurrence) {
  const std::string start(chess::kStartFen);
  const std::vector<std::string> shuffle = {"g1f3", "g8f6", "f3g1", "f6g8"};
  EXPECT_FALSE(play(start, shuffle));  // The start position seen twice: play on.
  std::vector<std::string> twice = shuffle;
  twice.insert(twice.end(), shuffle.begin(), shuffle.end());
  const auto outcome = play(start, twice);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1/2-1/2");
  EXPECT_EQ(outcome->reason, "Draw by 3-fold repetition");
}

TEST(RefereeTest, FiftyMovesRule) {
  // 99 half-moves without a capture or pawn move; the 100th ends the game.
  const std::string fen = "8/8/8/4k3/8/8/8/R3K3 w - - 99 80";
  EXPECT_FALSE(play(fen, {}));
  const auto outcome = play(fen, {"a1a2"});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->reason, "Draw by fifty moves rule");
  // A pawn move resets the count.
  EXPECT_FALSE(play("8/8/8/4k3/8/8/P7/4K3 w - - 99 80", {"a2a3"}));
}

TEST(RefereeTest, MateOnTheHundredthHalfMoveIsMate) {
  // Rook a1-a8 mates the king on h8 (its pawns block it) as the fiftieth move ends.
  const auto outcome = play("7k/6pp/8/8/8/8/8/R5K1 w - - 99 80", {"a1a8"});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->reason, "White mates");
}

TEST(RefereeTest, InsufficientMaterial) {
  const auto outcome = play("8/8/8/4k3/8/8/3n4/4K3 w - - 0 1", {"e1d2"});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1/2-1/2");
  EXPECT_EQ(outcome->reason, "Draw by insufficient mating material");
  EXPECT_FALSE(play("8/8/8/4k3/8/8/3n4/4K2R w - - 0 1", {"e1d2"}));  // A rook can mate.
}

TEST(RefereeTest, RefusesIllegalAndMalformedMoves) {
  chess::Referee referee;
  std::string error;
  ASSERT_TRUE(referee.reset(chess::kStartFen, error));
  EXPECT_FALSE(referee.play("e2e5"));
  EXPECT_FALSE(referee.play("e7e5"));  // Not White's piece.
  EXPECT_FALSE(referee.play("zz"));
  EXPECT_FALSE(referee.play("0000"));
  EXPECT_EQ(referee.plies(), 0);
  bool irreversible = false;
  EXPECT_TRUE(referee.play("g1f3", &irreversible));
  EXPECT_FALSE(irreversible);
  EXPECT_TRUE(referee.play("e7e5", &irreversible));
  EXPECT_TRUE(irreversible);
  EXPECT_EQ(referee.position_command(), "position startpos moves g1f3 e7e5");
  ASSERT_TRUE(referee.reset("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", error));
  EXPECT_EQ(referee.position_command(), "position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
  EXPECT_FALSE(referee.reset("not a fen", error));
}

// Xiangqi: moves in UCI text (ranks 1..10), as Fairy-Stockfish and `splitlab uci` send them.
std::optional<Outcome> play_xiangqi(const std::string& fen, const std::vector<std::string>& moves,
                                    bool chase_rule = true) {
  xiangqi::Referee referee(RefereeRules{chase_rule});
  std::string error;
  EXPECT_TRUE(referee.reset(fen, error)) << error;
  for (const auto& m : moves) EXPECT_TRUE(referee.play(m)) << m;
  return referee.outcome();
}

TEST(XiangqiRefereeTest, MateAndStalemateBothLose) {
  // The chariot from a1 to a10 mates the bare general on d10 (the other chariot holds rank 9).
  auto outcome = play_xiangqi("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1", {"a1a10"});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1-0");
  EXPECT_EQ(outcome->reason, "White mates");
  // Black to move, not in check, without a legal move: no stalemate draw in xiangqi.
  outcome = play_xiangqi("3k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1", {});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1-0");
  EXPECT_EQ(outcome->reason, "White wins by stalemate");
}

TEST(XiangqiRefereeTest, MovesAreUciTextAndIllegalOnesAreRefused) {
  xiangqi::Referee referee;
  std::string error;
  ASSERT_TRUE(referee.reset(std::string(xiangqi::kStartFen), error)) << error;
  EXPECT_FALSE(referee.play("h2e2"));  // UCCI's ranks: h2 is empty in UCI numbering.
  EXPECT_FALSE(referee.play("e1e3"));  // The general steps one point at a time.
  EXPECT_FALSE(referee.play("a0a1"));  // No rank 0 in UCI text.
  EXPECT_TRUE(referee.play("h3e3"));
  EXPECT_TRUE(referee.play("h10g8"));
  EXPECT_EQ(referee.side_to_move(), 0);
  EXPECT_EQ(referee.position_command(), "position startpos moves h3e3 h10g8");
  EXPECT_FALSE(referee.outcome());
}

TEST(XiangqiRefereeTest, PerpetualCheckLosesAtTheThirdOccurrence) {
  // White's chariot checks from a9 and a10 in turn while the general steps between e10 and e9.
  const std::string fen = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
  const std::vector<std::string> cycle = {"a9a10", "e10e9", "a10a9", "e9e10"};
  std::vector<std::string> moves = cycle;
  EXPECT_FALSE(play_xiangqi(fen, moves));  // The second occurrence: play on.
  moves.insert(moves.end(), cycle.begin(), cycle.end());
  const auto outcome = play_xiangqi(fen, moves);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "0-1");
  EXPECT_EQ(outcome->reason, "White loses by perpetual check");
}

TEST(XiangqiRefereeTest, OtherRepetitionsDrawAtTheThirdOccurrence) {
  // Nobody gives check: the chariot and the general shuffle.
  const std::string fen = "4k4/9/9/9/9/9/9/9/R8/5K3 w - - 0 1";
  const std::vector<std::string> cycle = {"a2a3", "e10d10", "a3a2", "d10e10"};
  std::vector<std::string> moves = cycle;
  EXPECT_FALSE(play_xiangqi(fen, moves));
  moves.insert(moves.end(), cycle.begin(), cycle.end());
  const auto outcome = play_xiangqi(fen, moves);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1/2-1/2");
  EXPECT_EQ(outcome->reason, "Draw by 3-fold repetition");
}

// Red's chariot chases an undefended black horse between a7 and c6: every Red move attacks it
// anew, no Black move attacks anything. The ply after the second cycle brings a position back for
// the third time.
TEST(XiangqiRefereeTest, PerpetualChaseLosesUnlessTheRuleIsOff) {
  const std::string fen = "5k3/9/9/n8/9/9/9/9/1R7/3K5 w - - 0 1";
  std::vector<std::string> moves = {"b2a2", "a7c6", "a2c2", "c6a7",
                                    "c2a2", "a7c6", "a2c2", "c6a7"};
  EXPECT_FALSE(play_xiangqi(fen, moves));
  moves.push_back("c2a2");  // The third occurrence of the position after b2a2.
  auto outcome = play_xiangqi(fen, moves);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "0-1");
  EXPECT_EQ(outcome->reason, "White loses by perpetual chase");
  outcome = play_xiangqi(fen, moves, /*chase_rule=*/false);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1/2-1/2");
  EXPECT_EQ(outcome->reason, "Draw by 3-fold repetition");
  // Perpetual check still loses without the chase rule.
  const std::vector<std::string> checks = {"a9a10", "e10e9", "a10a9", "e9e10",
                                           "a9a10", "e10e9", "a10a9", "e9e10"};
  outcome = play_xiangqi("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1", checks, false);
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->reason, "White loses by perpetual check");
}

TEST(XiangqiRefereeTest, FiftyMovesWithoutACaptureDraw) {
  EXPECT_FALSE(play_xiangqi("4k4/9/9/9/9/9/9/9/R8/5K3 w - - 98 80", {"a2a3"}));
  const auto outcome = play_xiangqi("4k4/9/9/9/9/9/9/9/R8/5K3 w - - 98 80", {"a2a3", "e10d10"});
  ASSERT_TRUE(outcome);
  EXPECT_EQ(outcome->result, "1/2-1/2");
  EXPECT_EQ(outcome->reason, "Draw by fifty moves rule");
}

TEST(XiangqiRefereeTest, MakeRefereeFollowsTheGame) {
  std::string error;
  auto chess_referee = make_referee(game_id_of<chess::ChessGame>());
  EXPECT_TRUE(chess_referee->reset(std::string(chess::kStartFen), error)) << error;
  EXPECT_TRUE(chess_referee->play("e2e4"));
  auto xiangqi_referee = make_referee(game_id_of<xiangqi::XiangqiGame>());
  // make_referee passes the chase rule on (the chase of PerpetualChaseLosesUnlessTheRuleIsOff).
  auto no_chase = make_referee(game_id_of<xiangqi::XiangqiGame>(), RefereeRules{false});
  ASSERT_TRUE(no_chase->reset("5k3/9/9/n8/9/9/9/9/1R7/3K5 w - - 0 1", error)) << error;
  for (const char* m : {"b2a2", "a7c6", "a2c2", "c6a7", "c2a2", "a7c6", "a2c2", "c6a7", "c2a2"})
    ASSERT_TRUE(no_chase->play(m)) << m;
  ASSERT_TRUE(no_chase->outcome());
  EXPECT_EQ(no_chase->outcome()->result, "1/2-1/2");
  EXPECT_FALSE(xiangqi_referee->reset(std::string(chess::kStartFen), error));
  EXPECT_TRUE(xiangqi_referee->reset(std::string(xiangqi::kStartFen), error)) << error;
  EXPECT_TRUE(xiangqi_referee->play("b1c3"));
  EXPECT_EQ(xiangqi_referee->position_command(), "position startpos moves b1c3");
}

}  // namespace
}  // namespace splitlab
