// Polyglot books: the keys against the format's published test positions (the Polyglot book
// format's own list of positions and keys), every legal move's encoding round trip over the
// verified perft positions, a book written and read back, weighted choice, making a book from
// games, and the errors for missing, truncated and unsorted files.
#include "engine/chess/polyglot.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/test_support.h"

namespace splitlab::chess::polyglot {
namespace {

std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir ? dir : "/tmp") + "/" + name;
}

Position after(const std::string& moves) {
  Position pos = Position::start();
  std::istringstream words(moves);
  for (std::string word; words >> word;) {
    std::string error;
    const Move move = parse_uci_move(pos, word, error);
    EXPECT_FALSE(move.is_none()) << word << ": " << error;
    pos.make_move(move);
  }
  return pos;
}

// The format's test positions, by the moves from the start that reach them, and their keys.
TEST(PolyglotKeyTest, MatchesTheFormatsPublishedKeys) {
  const std::vector<std::pair<std::string, uint64_t>> known = {
      {"", 0x463b96181691fc9cULL},
      {"e2e4", 0x823c9b50fd114196ULL},
      {"e2e4 d7d5", 0x0756b94461c50fb0ULL},
      {"e2e4 d7d5 e4e5", 0x662fafb965db29d4ULL},
      {"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78ULL},
      {"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1ULL},
      {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9ULL},
      {"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637ULL},
      {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560ULL},
  };
  for (const auto& [moves, expected] : known) {
    SCOPED_TRACE(moves.empty() ? "start" : moves);
    EXPECT_EQ(key(after(moves)), expected);
  }
}

TEST(PolyglotKeyTest, TheSamePositionByAnotherRouteHasTheSameKey) {
  EXPECT_EQ(key(after("g1f3 g8f6 b1c3 b8c6")), key(after("b1c3 b8c6 g1f3 g8f6")));
  EXPECT_NE(key(after("g1f3 g8f6 b1c3")), key(after("b1c3 g8f6 g1f3 b8c6")));
}

// Every legal move of every verified perft position encodes to a word that decodes to it, and
// no two moves of a position share a word; castling is written king-takes-rook.
TEST(PolyglotMoveTest, EveryLegalMoveRoundTrips) {
  int moves = 0, castles = 0, promotions = 0;
  for (const std::string& fen : test_support::SuiteFens()) {
    const Position pos = Position::from_fen(fen);
    MoveList legal;
    generate<GenType::kAll>(pos, legal);
    std::map<uint16_t, Move> words;
    for (const Move move : legal) {
      const uint16_t word = encode(pos, move);
      EXPECT_TRUE(words.emplace(word, move).second) << fen << " " << move_to_uci(move);
      EXPECT_EQ(decode(pos, word), move) << fen << " " << move_to_uci(move);
      ++moves;
      if (move.kind() == Move::kCastling) {
        ++castles;
        const int rook_file = file_of(move.to()) == 6 ? 7 : 0;
        EXPECT_EQ(word & 63, make_square(rook_file, rank_of(move.from()))) << fen;
      }
      if (move.kind() == Move::kPromotion) {
        ++promotions;
        EXPECT_EQ(word >> 12, int(move.promoted()) - int(kKnight) + 1);
      }
    }
  }
  EXPECT_GT(moves, 1000);
  EXPECT_GT(castles, 10);
  EXPECT_GT(promotions, 10);
}

TEST(PolyglotBookTest, WritesAndReadsBackAndChoosesByWeight) {
  const Position start = Position::start();
  const Position sicilian = after("e2e4 c7c5");
  std::string error;
  auto entry = [&](const Position& pos, const std::string& uci, uint16_t weight) {
    return Entry{key(pos), encode(pos, parse_uci_move(pos, uci, error)), weight, 0};
  };
  // Out of order on purpose: write_book sorts by key, then heaviest first.
  std::vector<Entry> entries = {entry(sicilian, "g1f3", 5), entry(start, "d2d4", 30),
                                entry(start, "e2e4", 60), entry(start, "c2c4", 10),
                                entry(sicilian, "b1c3", 1)};
  const std::string path = temp_path("book.bin");
  ASSERT_TRUE(write_book(path, entries, error)) << error;
  Book book;
  ASSERT_TRUE(book.load(path, error)) << error;
  ASSERT_EQ(book.size(), 5u);
  for (size_t i = 1; i < book.size(); ++i) EXPECT_LE(book.entries()[i - 1].key, book.entries()[i].key);
  const auto moves = book.moves(start);
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(move_to_uci(moves[0].move), "e2e4");
  EXPECT_EQ(moves[0].weight, 60);
  EXPECT_EQ(move_to_uci(moves[2].move), "c2c4");
  EXPECT_EQ(move_to_uci(book.best(sicilian)), "g1f3");
  EXPECT_TRUE(book.best(after("d2d4")).is_none());
  // Weighted choice: e2e4 about 60%, d2d4 30%, c2c4 10% of 10,000 draws; the same seed gives the
  // same draws.
  std::mt19937_64 rng(2026), again(2026);
  std::map<std::string, int> counts;
  for (int i = 0; i < 10000; ++i) {
    const Move m = book.weighted_random(start, rng);
    ++counts[move_to_uci(m)];
    EXPECT_EQ(m, book.weighted_random(start, again));
  }
  EXPECT_NEAR(counts["e2e4"], 6000, 300);
  EXPECT_NEAR(counts["d2d4"], 3000, 300);
  EXPECT_NEAR(counts["c2c4"], 1000, 200);
}

TEST(PolyglotBookTest, RefusesMissingTruncatedAndUnsortedFiles) {
  Book book;
  std::string error;
  EXPECT_FALSE(book.load(temp_path("no-such-book.bin"), error));
  EXPECT_NE(error.find("no-such-book.bin"), std::string::npos) << error;

  const std::string good = temp_path("good.bin");
  std::vector<Entry> two = {{1, 1, 1, 0}, {2, 2, 2, 0}};
  ASSERT_TRUE(write_book(good, two, error)) << error;
  std::ifstream in(good, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_EQ(bytes.size(), 32u);

  const std::string truncated = temp_path("truncated.bin");
  std::ofstream(truncated, std::ios::binary) << bytes.substr(0, 23);
  EXPECT_FALSE(book.load(truncated, error));
  EXPECT_NE(error.find("23 bytes"), std::string::npos) << error;
  EXPECT_TRUE(book.empty());

  const std::string unsorted = temp_path("unsorted.bin");
  std::ofstream(unsorted, std::ios::binary) << bytes.substr(16) << bytes.substr(0, 16);
  EXPECT_FALSE(book.load(unsorted, error));
  EXPECT_NE(error.find("out of key order"), std::string::npos) << error;

  const std::string empty = temp_path("empty.bin");
  std::ofstream(empty, std::ios::binary).flush();
  EXPECT_FALSE(book.load(empty, error));
}

TEST(PolyglotMakeBookTest, CountsEachMoveByItsResultForTheMover) {
  // e2e4 is played in three games (White wins one, draws one, loses one): 2 + 1 + 0 = 3; d2d4 in
  // one game, which is below min_games 2 and left out. Black's e7e5 (after e2e4) in two games:
  // White won one (0 for Black), drew one (1).
  const std::vector<GameForBook> games = {
      {"", {"e2e4", "e7e5", "g1f3"}, "1-0"},
      {"", {"e2e4", "e7e5", "b1c3"}, "1/2-1/2"},
      {"", {"e2e4", "c7c5"}, "0-1"},
      {"", {"d2d4", "d7d5"}, "1-0"},
      {"", {"e2e4"}, "*"},  // No result: not counted.
  };
  std::vector<Entry> entries;
  std::string error;
  ASSERT_TRUE(make_book(games, 20, 2, entries, error)) << error;
  std::map<std::pair<uint64_t, uint16_t>, uint16_t> weight;
  for (const Entry& e : entries) weight[{e.key, e.move}] = e.weight;
  const Position start = Position::start(), e4 = after("e2e4");
  EXPECT_EQ(entries.size(), 2u);
  EXPECT_EQ((weight[{key(start), encode(start, parse_uci_move(start, "e2e4", error))}]), 3);
  EXPECT_EQ((weight[{key(e4), encode(e4, parse_uci_move(e4, "e7e5", error))}]), 1);
  // max_plies 1: only the first move of each game.
  ASSERT_TRUE(make_book(games, 1, 1, entries, error)) << error;
  EXPECT_EQ(entries.size(), 2u);  // e2e4 and d2d4
  // A game with an illegal move is an error naming the game and the ply.
  EXPECT_FALSE(make_book({{"", {"e2e4", "e2e4"}, "1-0"}}, 20, 1, entries, error));
  EXPECT_NE(error.find("game 1, ply 2"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::chess::polyglot
