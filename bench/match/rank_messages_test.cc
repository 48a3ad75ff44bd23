#include "bench/match/rank_messages.h"

#include <gtest/gtest.h>

#include "bench/match/results_store.h"

namespace splitlab::bench::match {
namespace {

AssignedGame game(int index, int pair, int white, const std::string& id, const std::string& fen,
                  std::vector<std::string> moves) {
  AssignedGame a;
  a.game.index = index;
  a.game.round = 3;
  a.game.pairing = 1;
  a.game.pair = pair;
  a.game.white = white;
  a.game.black = 1 - white;
  a.game.opening = size_t(index) * 7;
  a.opening.id = id;
  a.opening.fen = fen;
  a.opening.moves = std::move(moves);
  return a;
}

TEST(RankMessagesTest, AGamePairWithAwkwardOpeningTextSurvivesTheRoundTrip) {
  GameAssignment sent;
  sent.slot = 5;
  sent.games.push_back(game(9, 4, 0, "id with\ttab and \\ backslash",
                            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            {"e2e4", "e7e5"}));
  sent.games.push_back(game(10, 4, 1, "", "8/8/8/8/8/8/8/K1k5 w - - 0 1", {}));
  GameAssignment got;
  ASSERT_TRUE(decode_assignment(encode_assignment(sent), got));
  EXPECT_EQ(got.slot, 5);
  ASSERT_EQ(got.games.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const AssignedGame& a = sent.games[i];
    const AssignedGame& b = got.games[i];
    EXPECT_EQ(b.game.index, a.game.index);
    EXPECT_EQ(b.game.round, a.game.round);
    EXPECT_EQ(b.game.pairing, a.game.pairing);
    EXPECT_EQ(b.game.pair, a.game.pair);
    EXPECT_EQ(b.game.white, a.game.white);
    EXPECT_EQ(b.game.black, a.game.black);
    EXPECT_EQ(b.game.opening, a.game.opening);
    EXPECT_EQ(b.opening.id, a.opening.id);
    EXPECT_EQ(b.opening.fen, a.opening.fen);
    EXPECT_EQ(b.opening.moves, a.opening.moves);
  }
}

TEST(RankMessagesTest, ACutOrMiscountedAssignmentIsRefused) {
  GameAssignment sent;
  sent.slot = 0;
  sent.games.push_back(game(1, -1, 0, "a", "8/8/8/8/8/8/8/K1k5 w - - 0 1", {"a1a2"}));
  const std::string payload = encode_assignment(sent);
  GameAssignment got;
  EXPECT_FALSE(decode_assignment(payload.substr(0, payload.size() / 2), got));
  EXPECT_FALSE(decode_assignment("0\t2\t" + payload.substr(4), got));
  EXPECT_FALSE(decode_assignment("x\t1", got));
  EXPECT_FALSE(decode_assignment("", got));
}

TEST(RankMessagesTest, AFinishedGameKeepsItsSlotAndItsStateLine) {
  GameRecord record;
  record.index = 17;
  record.white = "first";
  record.black = "second";
  record.result = "1/2-1/2";
  record.reason = "Draw by 3-fold repetition";
  record.pgn = "[Event \"?\"]\n\n1. e4 {+0.31/14 0.52s} e5 1/2-1/2\n";
  record.wall_ms = 1234.5;
  int slot = -1;
  GameRecord got;
  ASSERT_TRUE(decode_finished_game(encode_finished_game(3, record), slot, got));
  EXPECT_EQ(slot, 3);
  EXPECT_EQ(ResultsStore::encode(got), ResultsStore::encode(record));
  EXPECT_FALSE(decode_finished_game("3", slot, got));
  EXPECT_FALSE(decode_finished_game("3\tgame\t1", slot, got));
}

TEST(RankMessagesTest, ASlotIsAWholeNumber) {
  int slot = -1;
  EXPECT_TRUE(decode_slot("12", slot));
  EXPECT_EQ(slot, 12);
  EXPECT_FALSE(decode_slot("12 ", slot));
  EXPECT_FALSE(decode_slot("", slot));
}

}  // namespace
}  // namespace splitlab::bench::match
