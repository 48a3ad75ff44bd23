// Helpers shared by the chess tests (testonly).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/protocol/epd.h"
#include "gtest/gtest.h"

namespace splitlab::chess::test_support {

// The verified perft suite, as a test's runfiles hold it.
inline constexpr char kSuitePath[] = "tests/data/chess_perft.epd";

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

}  // namespace splitlab::chess::test_support
