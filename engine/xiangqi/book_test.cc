// Xiangqi books: keys (a mirror pair's keys swap under mirroring, the side to move changes the
// key), a book made from games with known results, the mirror-image lookup, and a round trip
// through the file.
#include "engine/xiangqi/book.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

#include "engine/xiangqi/notation.h"

namespace splitlab::xiangqi::book {
namespace {

Position after(const std::string& moves) {
  Position pos = Position::start();
  std::istringstream words(moves);
  for (std::string word; words >> word;) {
    std::string error;
    const Move move = parse_move(pos, word, error);
    EXPECT_FALSE(move.is_none()) << word << ": " << error;
    pos.make_move(move);
  }
  return pos;
}

TEST(XiangqiBookTest, KeysFollowPiecesSideAndMirror) {
  const Position start = Position::start();
  EXPECT_EQ(key(start), mirrored_key(start));  // The start is symmetric.
  const Position left = after("b2e2"), right = after("h2e2");  // Central cannon, from each wing.
  EXPECT_NE(key(left), key(right));
  EXPECT_EQ(key(left), mirrored_key(right));
  EXPECT_EQ(mirrored_key(left), key(right));
  EXPECT_NE(key(after("h2e2 h9g7")), key(after("h2e2 h9g7 g3g4 g6g5")));
}

TEST(XiangqiBookTest, MakesReadsAndMirrors) {
  // h2e2 three times (Red won, won, drew: 2 + 2 + 1 = 5), b0c2 once (Red lost: 0, left out).
  // After h2e2, Black's h9g7 twice (lost, lost: 0, left out) and b9c7 once (drew: 1).
  const std::vector<GameForBook> games = {
      {"", {"h2e2", "h9g7"}, "1-0"},
      {"", {"h2e2", "h9g7"}, "1-0"},
      {"", {"h2e2", "b9c7"}, "1/2-1/2"},
      {"", {"b0c2"}, "0-1"},
  };
  std::vector<::splitlab::book::Entry> entries;
  std::string error;
  ASSERT_TRUE(make_book(games, 20, 1, entries, error)) << error;
  EXPECT_EQ(entries.size(), 2u);
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/xiangqi.book";
  ASSERT_TRUE(::splitlab::book::write_entries(path, entries, error)) << error;
  Book book;
  ASSERT_TRUE(book.load(path, error)) << error;
  auto moves = book.moves(Position::start());
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(move_to_text(moves[0].move), "h2e2");
  EXPECT_EQ(moves[0].weight, 5);
  moves = book.moves(after("h2e2"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(move_to_text(moves[0].move), "b9c7");
  // The mirror image: after b2e2 (the other cannon) the book has nothing of its own, and gives
  // the mirror of b9c7, h9g7.
  moves = book.moves(after("b2e2"));
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(move_to_text(moves[0].move), "h9g7");
  EXPECT_TRUE(book.moves(after("c3c4")).empty());
  // An illegal move in a game is an error naming the game and the ply.
  EXPECT_FALSE(make_book({{"", {"h2e2", "h2e2"}, "1-0"}}, 20, 1, entries, error));
  EXPECT_NE(error.find("game 1, ply 2"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::xiangqi::book
