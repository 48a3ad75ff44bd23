// The KPK bitbase against Stockfish (tests/data/kpk_referee.epd, made by make_kpk_referee.py)
// and against positions whose result is plain on the board.
#include "engine/chess/kpk.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/chess/bitboard.h"
#include "engine/chess/position.h"
#include "engine/chess/test_support.h"
#include "engine/protocol/epd.h"
#include "gtest/gtest.h"

namespace splitlab::chess {
namespace {

using test_support::Parse;

// The bitbase's answer for a KPK position given as a FEN.
bool BitbaseWins(const Position& pos) {
  const Color strong = pos.pieces(kWhite, kPawn) ? kWhite : kBlack;
  return kpk::probe(strong, pos.king_square(strong), lsb(pos.pieces(kPawn)),
                    pos.king_square(~strong), pos.side_to_move());
}

TEST(Kpk, AgreesWithStockfishOnRandomPositions) {
  std::vector<protocol::EpdRecord> records;
  std::string error;
  ASSERT_TRUE(protocol::read_epd_file("tests/data/kpk_referee.epd", records, error)) << error;
  ASSERT_GE(records.size(), 1000u);
  int mismatches = 0, wins = 0, strong_black = 0;
  for (const auto& record : records) {
    const auto* verdict = record.find("c0");
    ASSERT_NE(verdict, nullptr) << "line " << record.line_number;
    ASSERT_FALSE(verdict->operands.empty());
    const std::string expected = verdict->operands[0].substr(0, verdict->operands[0].find(' '));
    ASSERT_TRUE(expected == "win" || expected == "draw") << record.fen;
    const Position pos = Parse(record.fen);
    ASSERT_EQ(popcount(pos.pieces()), 3) << record.fen;
    const bool won = BitbaseWins(pos);
    wins += expected == "win";
    strong_black += pos.pieces(kBlack, kPawn) != 0;
    if (won != (expected == "win")) {
      ++mismatches;
      ADD_FAILURE() << record.fen << ": bitbase " << (won ? "win" : "draw") << ", Stockfish "
                    << expected;
    }
  }
  EXPECT_EQ(mismatches, 0);
  // The sample must hold both results and both colours, or agreement would prove little.
  EXPECT_GT(wins, int(records.size()) / 5);
  EXPECT_LT(wins, int(records.size()) * 4 / 5);
  EXPECT_GT(strong_black, int(records.size()) / 5);
}

TEST(Kpk, PositionsDecidedOnTheBoard) {
  // The pawn promotes and the queen cannot be taken.
  EXPECT_TRUE(BitbaseWins(Parse("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")));
  EXPECT_TRUE(BitbaseWins(Parse("4k3/8/8/8/8/K7/4p3/8 b - - 0 1")));
  // Black to move is stalemated.
  EXPECT_FALSE(BitbaseWins(Parse("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1")));
  // The undefended pawn falls.
  EXPECT_FALSE(BitbaseWins(Parse("8/8/8/8/8/8/3kP3/7K b - - 0 1")));
  EXPECT_FALSE(BitbaseWins(Parse("7k/8/8/8/8/8/3Kp3/8 w - - 0 1")));
  // The rook pawn with the defender in the corner.
  EXPECT_FALSE(BitbaseWins(Parse("k7/8/1K6/P7/8/8/8/8 w - - 0 1")));
  EXPECT_FALSE(BitbaseWins(Parse("7k/8/6K1/7P/8/8/8/8 b - - 0 1")));
  // The pawn far ahead of the defending king, which cannot catch it (the rule of the square).
  EXPECT_TRUE(BitbaseWins(Parse("8/8/8/P7/8/8/8/4K2k b - - 0 1")));
}

TEST(Kpk, MirrorImagesAgree) {
  // Every square of the white king, with the pawn on d4/e4 and the black king on the mirrored
  // squares: a position and its mirror image (files a-h reversed) have the same result, and so
  // does the colour-flipped position.
  int checked = 0;
  for (Square wk = 0; wk < 64; ++wk)
    for (Square bk = 0; bk < 64; ++bk) {
      const Square pawn = make_square(3, 3);
      if (wk == bk || wk == pawn || bk == pawn) continue;
      if (std::max(std::abs(file_of(wk) - file_of(bk)), std::abs(rank_of(wk) - rank_of(bk))) <= 1)
        continue;
      for (Color stm : {kWhite, kBlack}) {
        if (stm == kWhite && (pawn_attacks(kWhite, pawn) & square_bb(bk))) continue;
        const bool won = kpk::probe(kWhite, wk, pawn, bk, stm);
        EXPECT_EQ(won, kpk::probe(kWhite, wk ^ 7, pawn ^ 7, bk ^ 7, stm));
        EXPECT_EQ(won, kpk::probe(kBlack, wk ^ 56, pawn ^ 56, bk ^ 56, ~stm));
        ++checked;
      }
    }
  // About 3,450 legal king pairs with either side to move: the loop really ran over them all.
  EXPECT_GT(checked, 6800);
}

TEST(Kpk, CensusIsPlausible) {
  const kpk::Census census = kpk::census();
  for (Color c : {kWhite, kBlack}) {
    EXPECT_GT(census.legal[c], 70000);
    EXPECT_GT(census.won[c], census.legal[c] / 3) << "side to move " << int(c);
    EXPECT_LT(census.won[c], census.legal[c]);
  }
  // Having the move helps the side with the pawn.
  EXPECT_GT(census.won[kWhite], census.won[kBlack]);
}

}  // namespace
}  // namespace splitlab::chess
