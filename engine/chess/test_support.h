// Helpers shared by the chess tests (testonly).
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/protocol/epd.h"
#include "gtest/gtest.h"

namespace splitlab::chess::test_support {

// The verified perft suite, as a test's runfiles hold it.
inline constexpr char kSuitePath[] = "tests/data/chess_perft.epd";

// Sanitizers check memory and threads, not coverage: random-play tests, which take minutes
// under TSan, play a sixth as many games there (the optimised build plays them all).
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
inline constexpr int kRandomGameDivisor = 6;
#else
inline constexpr int kRandomGameDivisor = 1;
#endif

inline std::vector<std::string> SuiteFens() {
  std::vector<protocol::EpdRecord> records;
  std::string error;
  EXPECT_TRUE(protocol::read_epd_file(kSuitePath, records, error)) << error;
  std::vector<std::string> fens;
  for (const auto& record : records) fens.push_back(record.fen);
  EXPECT_EQ(fens.size(), 126u);
  return fens;
}

// The position of a FEN; fails the test if the FEN is rejected.
inline Position Parse(std::string_view fen) {
  Position pos;
  std::string error;
  EXPECT_TRUE(Position::parse_fen(fen, pos, error)) << fen << ": " << error;
  return pos;
}

// The legal move written in UCI; fails the test if there is none.
inline Move Uci(const Position& pos, std::string_view text) {
  std::string error;
  const Move m = parse_uci_move(pos, text, error);
  EXPECT_FALSE(m.is_none()) << error;
  return m;
}

// The legal moves of `pos` in UCI notation, from the move generator.
inline std::vector<std::string> legal_moves(const Position& pos) {
  MoveList list;
  generate<GenType::kAll>(pos, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(move_to_uci(m));
  return out;
}

inline bool is_legal_text(const Position& pos, const std::string& text) {
  const auto moves = legal_moves(pos);
  return std::find(moves.begin(), moves.end(), text) != moves.end();
}

inline bool is_checkmate(const Position& pos) {
  return pos.in_check() && legal_moves(pos).empty();
}

// Plays `moves` (UCI) on `pos` one by one; fails naming the first move that is not legal.
inline ::testing::AssertionResult play_legal(Position& pos, const std::vector<std::string>& moves) {
  for (size_t i = 0; i < moves.size(); ++i) {
    std::string error;
    const Move m = parse_uci_move(pos, moves[i], error);
    if (m.is_none())
      return ::testing::AssertionFailure()
             << "move " << i + 1 << " '" << moves[i] << "' is not legal in " << pos.fen();
    pos.make_move(m);
  }
  return ::testing::AssertionSuccess();
}

}  // namespace splitlab::chess::test_support
