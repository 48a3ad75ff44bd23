// The default book as the binary holds it: the same text as the committed file, and every line a
// legal, balanced-looking position that the engine's own EPD and FEN parsers accept.
#include "bench/book/default_book.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/games/games.h"
#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/protocol/epd.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "gtest/gtest.h"

namespace splitlab::bench {
namespace {

constexpr char kBookPath[] = "bench/book/splitlab_book.epd";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The position lines of a compiled-in book, parsed; comment lines skipped.
std::vector<protocol::EpdRecord> book_records(std::string_view text = default_book_epd()) {
  std::vector<protocol::EpdRecord> records;
  std::istringstream lines{std::string(text)};
  std::string line;
  int line_number = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    if (line.empty() || line[0] == '#') continue;
    protocol::EpdRecord record;
    std::string error;
    EXPECT_TRUE(protocol::parse_epd_line(line, record, error)) << line_number << ": " << error;
    record.line_number = line_number;
    records.push_back(std::move(record));
  }
  return records;
}

std::string first_four_fields(const std::string& fen) {
  std::istringstream words(fen);
  std::string word, out;
  for (int i = 0; i < 4 && words >> word; ++i) out += (i ? " " : "") + word;
  return out;
}

const std::string& single_operand(const protocol::EpdRecord& record, const char* opcode) {
  static const std::string kMissing;
  const auto* op = record.find(opcode);
  EXPECT_TRUE(op && op->operands.size() == 1) << "line " << record.line_number << ": " << opcode;
  return op && op->operands.size() == 1 ? op->operands[0] : kMissing;
}

TEST(DefaultBookTest, CompiledTextIsTheCommittedFile) {
  const std::string file = read_file(kBookPath);
  ASSERT_FALSE(file.empty());
  EXPECT_EQ(default_book_epd(), file);
  EXPECT_EQ(default_book_name(), "splitlab_book.epd");
}

// Both books: over 500 distinct positions, ids book-001, book-002, ...
void expect_distinct_positions_with_sequential_ids(std::string_view text) {
  const auto records = book_records(text);
  std::set<std::string> positions;
  for (size_t i = 0; i < records.size(); ++i) {
    const auto& record = records[i];
    EXPECT_EQ(record.fen, first_four_fields(record.fen)) << "no move counters expected";
    EXPECT_TRUE(positions.insert(record.fen).second) << "duplicate: " << record.fen;
    char id[32];
    std::snprintf(id, sizeof id, "book-%03zu", i + 1);
    EXPECT_EQ(single_operand(record, "id"), id);
  }
  EXPECT_GE(positions.size(), 500u);
}

TEST(DefaultBookTest, HasOverFiveHundredDistinctPositionsWithSequentialIds) {
  expect_distinct_positions_with_sequential_ids(default_book_epd());
}

// What the book checks need of a game: its position, FEN parsing, legal-move count, start, move
// parsing in the book's text and making moves.
struct ChessBook {
  using Position = chess::Position;
  static constexpr const char* kEngine = "sf15.1";
  static constexpr int kMinDepth = 14;
  static bool parse_fen(const std::string& fen, Position& pos, std::string& error) {
    return Position::parse_fen(fen, pos, error);
  }
  static int legal_moves(const Position& pos) { return chess::count_legal_moves(pos); }
  static Position start() { return Position::start(); }
  static bool play(Position& pos, const std::string& text, std::string& error) {
    const chess::Move move = chess::parse_uci_move(pos, text, error);
    if (move.is_none()) return false;
    pos.make_move(move);
    return true;
  }
};

// Xiangqi, with Fairy-Stockfish's move text (ranks 1..10).
struct XiangqiBook {
  using Position = xiangqi::Position;
  static constexpr const char* kEngine = "fsf11.1";
  static constexpr int kMinDepth = 12;
  static bool parse_fen(const std::string& fen, Position& pos, std::string& error) {
    return Position::parse_fen(fen, pos, error);
  }
  static int legal_moves(const Position& pos) { return xiangqi::count_legal_moves(pos); }
  static Position start() { return Position::start(); }
  static bool play(Position& pos, const std::string& text, std::string& error) {
    const xiangqi::Move move = xiangqi::parse_move(pos, text, error, xiangqi::RankBase::kOne);
    if (move.is_none()) return false;
    pos.make_move(move);
    return true;
  }
};

// Replays the moves of c0 from the start position: they are legal, and reach the book's FEN.
// The position is not in check, has as many legal moves as the referee counted (D1), and its
// evaluation is within +/-0.50.
template <typename Book>
void expect_every_position_reached_by_its_moves(std::string_view text) {
  for (const auto& record : book_records(text)) {
    SCOPED_TRACE("line " + std::to_string(record.line_number) + ": " + record.fen);
    typename Book::Position book_position;
    std::string error;
    ASSERT_TRUE(Book::parse_fen(record.fen, book_position, error)) << error;
    EXPECT_FALSE(book_position.in_check());
    EXPECT_EQ(std::to_string(Book::legal_moves(book_position)), single_operand(record, "D1"));

    // c0 is "moves e2e4 c7c5 ..., sf15.1 depth 16 +0.12".
    std::istringstream comment(single_operand(record, "c0"));
    std::string word;
    comment >> word;
    ASSERT_EQ(word, "moves");
    typename Book::Position pos = Book::start();
    int plies = 0;
    while (comment >> word) {
      const bool last = word.back() == ',';
      if (last) word.pop_back();
      ASSERT_TRUE(Book::play(pos, word, error)) << word << ": " << error;
      ++plies;
      if (last) break;
    }
    EXPECT_GE(plies, 6);
    EXPECT_EQ(first_four_fields(pos.fen()), record.fen);

    std::string engine, depth_word, pawns;
    int depth = 0;
    ASSERT_TRUE(comment >> engine >> depth_word >> depth >> pawns);
    EXPECT_EQ(engine, Book::kEngine);
    EXPECT_GE(depth, Book::kMinDepth);
    const double evaluation = std::strtod(pawns.c_str(), nullptr);
    EXPECT_LE(evaluation, 0.50);
    EXPECT_GE(evaluation, -0.50);
  }
}

TEST(DefaultBookTest, EveryPositionIsReachedByItsMovesAndHasStockfishsMoveCount) {
  expect_every_position_reached_by_its_moves<ChessBook>(default_book_epd());
}

TEST(XiangqiBookTest, CompiledTextIsTheCommittedFile) {
  const std::string file = read_file("bench/book/xiangqi_book.epd");
  ASSERT_FALSE(file.empty());
  EXPECT_EQ(xiangqi_book_epd(), file);
  EXPECT_EQ(xiangqi_book_name(), "xiangqi_book.epd");
}

TEST(XiangqiBookTest, HasOverFiveHundredDistinctPositionsWithSequentialIds) {
  expect_distinct_positions_with_sequential_ids(xiangqi_book_epd());
}

TEST(XiangqiBookTest, EveryPositionIsReachedByItsMovesAndHasFairyStockfishsMoveCount) {
  expect_every_position_reached_by_its_moves<XiangqiBook>(xiangqi_book_epd());
}

// Each game's default openings (its traits' kDefaultOpenings, read by `match` through the
// registry) are a book compiled into the binary, whose positions are the game's.
TEST(DefaultBooksTest, EveryGamesDefaultOpeningsAreCompiledIn) {
  EXPECT_EQ(compiled_book_epd("no_such_book.epd"), "");
  for (const GameInfo& game : all_games()) {
    SCOPED_TRACE(std::string(game.name));
    const std::string_view text = compiled_book_epd(game.default_openings);
    ASSERT_FALSE(text.empty());
    const auto records = book_records(text);
    ASSERT_FALSE(records.empty());
    with_game(game.id, [&]<typename G>(std::type_identity<G>) {
      typename G::Position pos;
      std::string error;
      EXPECT_TRUE(G::parse_fen(records.front().fen, pos, error)) << error;
      return 0;
    });
  }
}

}  // namespace
}  // namespace splitlab::bench
