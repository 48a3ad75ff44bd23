// Static exchange evaluation: hand-checked exchanges (x-rays, a recapture that would lose, en
// passant, a king that captures), and the search's shortcut ChessGame::see_non_negative, which
// must give see() >= 0 on every capture of the perft suite and of random games from it.
#include "engine/chess/see.h"

#include <random>
#include <string>

#include "engine/chess/chess_game.h"
#include "engine/chess/movegen.h"
#include "engine/chess/test_support.h"
#include "gtest/gtest.h"

namespace splitlab::chess {
namespace {

using test_support::Parse;
using test_support::SuiteFens;
using test_support::Uci;

int SeeOf(std::string_view fen, std::string_view move) {
  const Position pos = Parse(fen);
  return see(pos, Uci(pos, move));
}

TEST(ChessSee, HandCheckedExchanges) {
  // An undefended pawn.
  EXPECT_EQ(SeeOf("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 100);
  // A rook takes a pawn a pawn defends: 100 - 500.
  EXPECT_EQ(SeeOf("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
  // Black's rook would win the knight and lose itself to White's rook: it does not recapture.
  EXPECT_EQ(SeeOf("4k3/4r3/8/4p3/8/3N4/8/4R1K1 w - - 0 1", "d3e5"), 100);
  // The rook behind the first one (an x-ray) recaptures: pawn won, rooks traded.
  EXPECT_EQ(SeeOf("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
  // Without the second rook the first is lost for the pawn.
  EXPECT_EQ(SeeOf("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), -400);
  // En passant takes the pawn that is not on the destination square.
  EXPECT_EQ(SeeOf("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
  // A king takes an undefended pawn.
  EXPECT_EQ(SeeOf("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2"), 100);
  // A queen takes a knight a pawn defends: 320 - 950.
  EXPECT_EQ(SeeOf("4k3/8/2p5/3n4/8/8/8/3QK3 w - - 0 1", "d1d5"), -630);
}

// Checks the shortcut on every tactical move of `pos`.
void ExpectShortcutAgrees(const Position& pos, int& checked) {
  MoveList moves;
  generate<GenType::kTactical>(pos, moves);
  for (Move m : moves) {
    ASSERT_EQ(ChessGame::see_non_negative(pos, m), see(pos, m) >= 0)
        << pos.fen() << " " << move_to_uci(m) << ": see " << see(pos, m);
    ++checked;
  }
}

TEST(ChessSee, ShortcutAgreesWithTheExchange) {
  std::mt19937_64 rng(20261126);
  int checked = 0;
  for (const std::string& fen : SuiteFens()) {
    ExpectShortcutAgrees(Parse(fen), checked);
    // Four random walks of 40 plies from each position, checking every position on the way.
    for (int walk = 0; walk < 4; ++walk) {
      Position pos = Parse(fen);
      for (int ply = 0; ply < 40; ++ply) {
        MoveList moves;
        generate<GenType::kAll>(pos, moves);
        if (moves.empty()) break;
        pos.make_move(moves[int(rng() % uint64_t(moves.size()))]);
        ExpectShortcutAgrees(pos, checked);
      }
    }
  }
  // The suite is full of captures: a run that checked few has tested nothing.
  EXPECT_GT(checked, 5000);
}

}  // namespace
}  // namespace splitlab::chess
