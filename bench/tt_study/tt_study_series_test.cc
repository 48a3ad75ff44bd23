// Positions for `splitlab tt-study`: consecutive positions of each game from a full-move
// number on, short games passed over, at most max_games series, start FENs honoured.
#include "bench/tt_study/tt_study_series.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/chess/chess_game.h"
#include "engine/protocol/pgn.h"

namespace splitlab::bench {
namespace {

// Game 1: 16 plies from the start. Game 2: 3 plies. Game 3: 12 plies from a FEN at move 3.
constexpr char kGames[] = R"([Event "t"]
[White "alpha"]
[Black "beta"]
[Round "1"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *

[Event "t"]
[Result "*"]

1. d4 d5 2. c4 *

[Event "t"]
[White "gamma"]
[Black "delta"]
[Round "2"]
[SetUp "1"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]
[Result "*"]

3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ 8. Nbxd2 d5 *
)";

std::vector<protocol::PgnLine> games() {
  std::vector<protocol::PgnLine> out;
  std::string error;
  EXPECT_TRUE(protocol::read_pgn(kGames, out, error)) << error;
  EXPECT_EQ(out.size(), 3u);
  return out;
}

std::vector<GameSeries> select(int first_move, int per_game, int max_games) {
  std::vector<GameSeries> series;
  std::string error;
  EXPECT_TRUE(select_series(games(), {first_move, per_game, max_games}, series, error)) << error;
  return series;
}

TEST(TtStudySeriesTest, TakesConsecutivePositionsFromTheFirstMoveOn) {
  const auto series = select(3, 4, 10);
  ASSERT_EQ(series.size(), 2u);  // The 3-ply game never reaches move 3.
  EXPECT_EQ(series[0].game_number, 1);
  EXPECT_EQ(series[0].label, "alpha - beta, round 1");
  EXPECT_EQ(series[1].game_number, 3);
  ASSERT_EQ(series[0].positions.size(), 4u);
  // After 1. e4 e5 2. Nf3 Nc6, White to play move 3 ...
  EXPECT_EQ(series[0].positions[0].fen,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  // ... to after 3. Bb5 a6 4. Ba4, Black to move: one ply apart each.
  EXPECT_EQ(series[0].positions[3].fen,
            "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4");
  for (const auto& s : series)
    for (size_t i = 1; i < s.positions.size(); ++i)
      EXPECT_EQ(s.positions[i].ply, s.positions[i - 1].ply + 1);
  // A game from a FEN counts its moves from the FEN's number.
  EXPECT_EQ(series[1].positions[0].fen,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  EXPECT_EQ(series[1].label, "gamma - delta, round 2");
  EXPECT_EQ(position_count(series), 8u);
}

TEST(TtStudySeriesTest, LaterFirstMoveStartsLater) {
  const auto series = select(5, 2, 10);
  ASSERT_EQ(series.size(), 2u);
  EXPECT_EQ(replay_series<chess::ChessGame>(series[0])[0].game_ply(), 8);  // Move 5, White.
  EXPECT_EQ(replay_series<chess::ChessGame>(series[1])[0].game_ply(), 8);
  EXPECT_EQ(series[1].positions[0].ply, 4u) << "the game starts at move 3";
}

// The positions searched are the game's, replayed with the moves before them (so that a
// repetition counts as in the game): each is the position its FEN records.
TEST(TtStudySeriesTest, ReplayedPositionsAreTheRecordedOnesWithTheGamesHistory) {
  for (const auto& s : select(3, 12, 10)) {
    const auto positions = replay_series<chess::ChessGame>(s);
    ASSERT_EQ(positions.size(), s.positions.size());
    for (size_t i = 0; i < positions.size(); ++i)
      EXPECT_EQ(positions[i].fen(), s.positions[i].fen) << s.game_number << ", " << i;
    EXPECT_EQ(s.moves.size(), s.positions.back().ply) << "the moves up to the last position";
  }
}

TEST(TtStudySeriesTest, GamesTooShortArePassedOverAndMaxGamesIsRespected) {
  // Game 1 has 12 positions from move 3 (its last ply is played from the 12th); game 3 too.
  EXPECT_EQ(select(3, 12, 10).size(), 2u);
  EXPECT_EQ(select(3, 13, 10).size(), 0u);  // The final position is never taken.
  const auto one = select(3, 4, 1);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].game_number, 1);
  EXPECT_EQ(select(30, 1, 10).size(), 0u);
}

TEST(TtStudySeriesTest, FingerprintNamesTheSelection) {
  EXPECT_EQ(series_fingerprint(select(3, 4, 10)), series_fingerprint(select(3, 4, 10)));
  EXPECT_NE(series_fingerprint(select(3, 4, 10)), series_fingerprint(select(3, 3, 10)));
  EXPECT_NE(series_fingerprint(select(3, 4, 10)), series_fingerprint(select(4, 4, 10)));
  EXPECT_NE(series_fingerprint(select(3, 4, 10)), series_fingerprint(select(3, 4, 1)));
}

TEST(TtStudySeriesTest, AGameThatCannotBeReplayedIsNamed) {
  auto list = games();
  list[2].uci_moves[1] = "e7e4";  // Not a legal move there.
  std::vector<GameSeries> series;
  std::string error;
  EXPECT_FALSE(select_series(list, {3, 4, 10}, series, error));
  EXPECT_NE(error.find("game 3, ply 2"), std::string::npos) << error;
  list = games();
  list[0].start_fen = "not a fen";
  EXPECT_FALSE(select_series(list, {3, 4, 10}, series, error));
  EXPECT_NE(error.find("game 1"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::bench
