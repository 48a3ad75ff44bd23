// Move notation: UCI and SAN round trips over every legal move of the suite, and the SAN facts
// (disambiguation, castling, promotion, check and mate marks, en passant) one by one.
#include "engine/chess/notation.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/test_support.h"
#include "engine/protocol/epd.h"
#include "gtest/gtest.h"

namespace splitlab::chess {
namespace {

using test_support::kSuitePath;
using test_support::Parse;
using test_support::Uci;
constexpr char kKiwipete[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

std::vector<Position> SuitePositionsAndTheirChildren() {
  std::vector<protocol::EpdRecord> records;
  std::string error;
  EXPECT_TRUE(protocol::read_epd_file(kSuitePath, records, error)) << error;
  EXPECT_EQ(records.size(), 126u);
  std::vector<Position> positions;
  for (const auto& record : records) {
    const Position pos = Position::from_fen(record.fen);
    positions.push_back(pos);
    // One ply further: the other side's moves, and positions with checks and promotions.
    MoveList moves;
    generate<GenType::kAll>(pos, moves);
    for (Move m : moves) {
      Position child = pos;
      child.make_move(m);
      positions.push_back(child);
    }
  }
  return positions;
}



std::string San(const Position& pos, std::string_view uci) {
  const Move m = Uci(pos, uci);
  return m.is_none() ? "(illegal " + std::string(uci) + ")" : move_to_san(pos, m);
}

// SAN of the move, parsed back; fails the test when parsing fails.
Move SanMove(const Position& pos, std::string_view san) {
  std::string error;
  const Move m = parse_san(pos, san, error);
  EXPECT_FALSE(m.is_none()) << san << ": " << error;
  return m;
}

// parse_san must reject `san` with an error that mentions `mentions`.
void ExpectSanRejected(const Position& pos, std::string_view san, std::string_view mentions) {
  std::string error;
  EXPECT_TRUE(parse_san(pos, san, error).is_none()) << "'" << san << "' was accepted";
  EXPECT_NE(error.find(mentions), std::string::npos)
      << "'" << san << "': error '" << error << "' does not mention '" << mentions << "'";
}

TEST(SquareTest, NamesAndParsesEverySquare) {
  for (Square s = 0; s < 64; ++s) EXPECT_EQ(parse_square(square_to_string(s)), s);
  EXPECT_EQ(square_to_string(0), "a1");
  EXPECT_EQ(square_to_string(63), "h8");
  EXPECT_EQ(parse_square("i1"), kNoSquare);
  EXPECT_EQ(parse_square("a9"), kNoSquare);
  EXPECT_EQ(parse_square("a"), kNoSquare);
  EXPECT_EQ(parse_square("a10"), kNoSquare);
}

TEST(UciTest, EveryLegalMoveRoundTrips) {
  int moves_checked = 0;
  for (const Position& pos : SuitePositionsAndTheirChildren()) {
    MoveList moves;
    generate<GenType::kAll>(pos, moves);
    for (Move m : moves) {
      const std::string text = move_to_uci(m);
      std::string error;
      EXPECT_EQ(parse_uci_move(pos, text, error), m)
          << text << " in " << pos.fen() << ": " << error;
      ++moves_checked;
    }
  }
  EXPECT_EQ(moves_checked, 22577);  // The suite's D1 and D2 counts sum to this.
}

TEST(UciTest, WritesCastlingAsTheKingsMoveAndPromotionsInLowerCase) {
  const Position pos = Parse("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(move_to_uci(Move(make_square(4, 0), make_square(6, 0), Move::kCastling)), "e1g1");
  EXPECT_EQ(Uci(pos, "e1c1").kind(), Move::kCastling);
  EXPECT_EQ(move_to_uci(Uci(pos, "b7a8q")), "b7a8q");
  EXPECT_EQ(Uci(pos, "b7b8n").promoted(), kKnight);
  EXPECT_EQ(move_to_uci(Move::none()), "0000");
}

TEST(UciTest, RejectsMalformedAndIllegalMoves) {
  const Position pos = Position::start();
  for (std::string_view text : {"", "e2", "e2e", "zz99", "e2e4x", "e2e4qq", "e7e8k", "E2E4"}) {
    std::string error;
    EXPECT_TRUE(parse_uci_move(pos, text, error).is_none()) << text;
    EXPECT_NE(error.find("not a move in UCI notation"), std::string::npos) << text << ": " << error;
  }
  for (std::string_view text : {"e2e5", "e7e5", "e1g1", "a2a1q"}) {
    std::string error;
    EXPECT_TRUE(parse_uci_move(pos, text, error).is_none()) << text;
    EXPECT_NE(error.find("not a legal move"), std::string::npos) << text << ": " << error;
  }
  // A promotion must name its piece.
  std::string error;
  EXPECT_TRUE(parse_uci_move(Parse("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a7a8", error).is_none());
}

TEST(SanTest, EveryLegalMoveRoundTrips) {
  int moves_checked = 0;
  for (const Position& pos : SuitePositionsAndTheirChildren()) {
    MoveList moves;
    generate<GenType::kAll>(pos, moves);
    std::vector<std::string> seen;
    for (Move m : moves) {
      const std::string san = move_to_san(pos, m);
      std::string error;
      EXPECT_EQ(parse_san(pos, san, error), m)
          << san << " (" << move_to_uci(m) << ") in " << pos.fen() << ": " << error;
      // Different moves are written differently.
      EXPECT_EQ(std::find(seen.begin(), seen.end(), san), seen.end())
          << san << " twice in " << pos.fen();
      seen.push_back(san);
      ++moves_checked;
    }
  }
  EXPECT_EQ(moves_checked, 22577);  // The suite's D1 and D2 counts sum to this.
}

TEST(SanTest, EveryLegalMoveRoundTripsInRandomGames) {
  // Random games reach promotions, under-promotions and piece clashes the suite lacks.
  std::mt19937_64 rng(0x5A11);
  int moves_checked = 0;
  const int games = 300 / test_support::kRandomGameDivisor;
  for (int game = 0; game < games; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves;
      generate<GenType::kAll>(pos, moves);
      if (moves.empty()) break;
      for (Move m : moves) {
        const std::string san = move_to_san(pos, m);
        std::string error;
        ASSERT_EQ(parse_san(pos, san, error), m)
            << san << " (" << move_to_uci(m) << ") in " << pos.fen() << ": " << error;
        ASSERT_EQ(parse_uci_move(pos, move_to_uci(m), error), m) << pos.fen() << ": " << error;
        ++moves_checked;
      }
      pos.make_move(moves[int(rng() % uint64_t(moves.size()))]);
    }
  }
  EXPECT_GT(moves_checked, 500000 / test_support::kRandomGameDivisor);
}

TEST(SanTest, PieceAndPawnMovesFromTheStart) {
  const Position pos = Position::start();
  EXPECT_EQ(San(pos, "g1f3"), "Nf3");
  EXPECT_EQ(San(pos, "b1c3"), "Nc3");
  EXPECT_EQ(San(pos, "e2e4"), "e4");
  EXPECT_EQ(San(pos, "a2a3"), "a3");
}

TEST(SanTest, CastlingInKiwipete) {
  const Position pos = Parse(kKiwipete);
  EXPECT_EQ(San(pos, "e1g1"), "O-O");
  EXPECT_EQ(San(pos, "e1c1"), "O-O-O");
  const Position black =
      Parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1");
  EXPECT_EQ(San(black, "e8g8"), "O-O");
  EXPECT_EQ(San(black, "e8c8"), "O-O-O");
}

TEST(SanTest, CapturesInKiwipete) {
  const Position pos = Parse(kKiwipete);
  EXPECT_EQ(San(pos, "e5f7"), "Nxf7");
  EXPECT_EQ(San(pos, "d5e6"), "dxe6");
  EXPECT_EQ(San(pos, "f3f6"), "Qxf6");
  EXPECT_EQ(San(pos, "g2h3"), "gxh3");
  EXPECT_EQ(San(pos, "e2a6"), "Bxa6");
}

TEST(SanTest, DisambiguatesByFileThenRankThenSquare) {
  // Knights b1 and f3 both reach d2: the file tells them apart.
  const Position knights = Parse("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  EXPECT_EQ(San(knights, "b1d2"), "Nbd2");
  EXPECT_EQ(San(knights, "f3d2"), "Nfd2");
  EXPECT_EQ(San(knights, "b1c3"), "Nc3");  // Only one knight reaches c3.
  // Rooks a1 and a5 on one file both reach a3: the rank tells them apart.
  const Position rooks = Parse("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(San(rooks, "a1a3"), "R1a3");
  EXPECT_EQ(San(rooks, "a5a3"), "R5a3");
  EXPECT_EQ(San(rooks, "a1b1"), "Rb1");
  // Queens on a1, a3 and c1 reach b2: the file clashes (a1/a3) and the rank clashes (a1/c1).
  const Position queens = Parse("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  EXPECT_EQ(San(queens, "a1b2"), "Qa1b2");
  EXPECT_EQ(San(queens, "a3b2"), "Q3b2");  // a3 shares its file with a1: the rank is used.
  EXPECT_EQ(San(queens, "c1b2"), "Qcb2");  // c1 shares its rank with a1: the file is used.
}

TEST(SanTest, PinnedPieceDoesNotNeedDisambiguation) {
  // Knights d2 and g1 could both reach f3, but d2 is pinned to the king on d1 by the rook on d8:
  // only legal moves count for disambiguation.
  const Position pos = Parse("3rk3/8/8/8/8/8/3N4/3K2N1 w - - 0 1");
  EXPECT_EQ(San(pos, "g1f3"), "Nf3");  // d2 cannot go to f3: it is pinned on the d-file.
}

TEST(SanTest, PromotionsWithAndWithoutCapture) {
  const Position pos = Parse("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(San(pos, "e7e8q"), "e8=Q+");
  EXPECT_EQ(San(pos, "e7e8n"), "e8=N");
  EXPECT_EQ(San(pos, "e7d8r"), "exd8=R+");
  EXPECT_EQ(San(pos, "e7d8b"), "exd8=B");
}

TEST(SanTest, CheckAndMateSuffixes) {
  Position pos = Position::start();
  for (std::string_view uci : {"f2f3", "e7e5", "g2g4"}) pos.make_move(Uci(pos, uci));
  EXPECT_EQ(San(pos, "d8h4"), "Qh4#");  // Fool's mate.
  EXPECT_EQ(San(pos, "f8c5"), "Bc5");
  const Position check = Parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(San(check, "a1a8"), "Ra8+");
  EXPECT_EQ(San(check, "a1a7"), "Ra7");
  // Back-rank mate.
  EXPECT_EQ(San(Parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "a1a8"), "Ra8#");
}

TEST(SanTest, EnPassantIsWrittenAsAPawnCapture) {
  const Position pos = Parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  const Move ep = Uci(pos, "e5f6");
  ASSERT_EQ(ep.kind(), Move::kEnPassant);
  EXPECT_EQ(move_to_san(pos, ep), "exf6");
  EXPECT_EQ(SanMove(pos, "exf6"), ep);
  // The classic d6 form: 1.e4 ... e5, ...d5 then exd6 e.p.
  const Position d6 = Parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  EXPECT_EQ(San(d6, "e5d6"), "exd6");
}

TEST(SanTest, ParsesCommonVariants) {
  const Position start = Position::start();
  const Move nf3 = Uci(start, "g1f3");
  EXPECT_EQ(SanMove(start, "Nf3"), nf3);
  EXPECT_EQ(SanMove(start, "Nf3+"), nf3);
  EXPECT_EQ(SanMove(start, "Nf3!?"), nf3);
  EXPECT_EQ(SanMove(start, "Ng1f3"), nf3);
  EXPECT_EQ(SanMove(start, "Ngf3"), nf3);
  EXPECT_EQ(SanMove(start, "e4"), Uci(start, "e2e4"));

  const Position kiwi = Parse(kKiwipete);
  EXPECT_EQ(SanMove(kiwi, "O-O"), Uci(kiwi, "e1g1"));
  EXPECT_EQ(SanMove(kiwi, "0-0"), Uci(kiwi, "e1g1"));
  EXPECT_EQ(SanMove(kiwi, "O-O-O"), Uci(kiwi, "e1c1"));
  EXPECT_EQ(SanMove(kiwi, "0-0-0"), Uci(kiwi, "e1c1"));
  EXPECT_EQ(SanMove(kiwi, "Nxf7"), Uci(kiwi, "e5f7"));
  EXPECT_EQ(SanMove(kiwi, "Nf7"), Uci(kiwi, "e5f7"));  // The "x" is optional.

  const Position promo = Parse("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(SanMove(promo, "e8=Q"), Uci(promo, "e7e8q"));
  EXPECT_EQ(SanMove(promo, "e8Q"), Uci(promo, "e7e8q"));
  EXPECT_EQ(SanMove(promo, "e8=Q+"), Uci(promo, "e7e8q"));
  EXPECT_EQ(SanMove(promo, "e8N"), Uci(promo, "e7e8n"));
  EXPECT_EQ(SanMove(promo, "exd8=R"), Uci(promo, "e7d8r"));
  EXPECT_EQ(SanMove(promo, "exd8B"), Uci(promo, "e7d8b"));
}

TEST(SanTest, RejectsGarbageIllegalAndAmbiguousMoves) {
  const Position start = Position::start();
  for (std::string_view garbage : {"", "hello", "Nz9", "N", "e", "Nf3f3f3", "e4e5e6"})
    ExpectSanRejected(start, garbage, "not a move in SAN");
  ExpectSanRejected(start, "Nf4", "not a legal move");
  ExpectSanRejected(start, "e5", "not a legal move");
  ExpectSanRejected(start, "Ke2", "not a legal move");
  ExpectSanRejected(start, "O-O", "castling");
  ExpectSanRejected(start, "0-0-0", "castling");

  const Position knights = Parse("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  ExpectSanRejected(knights, "Nd2", "ambiguous");
  EXPECT_EQ(SanMove(knights, "Nbd2"), Uci(knights, "b1d2"));
  EXPECT_EQ(SanMove(knights, "N1d2"), Uci(knights, "b1d2"));

  const Position promo = Parse("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
  ExpectSanRejected(promo, "e8", "not a legal move");  // A promotion must name its piece.
  ExpectSanRejected(promo, "e8=K", "bad promotion piece");
  ExpectSanRejected(promo, "e8=", "bad promotion piece");
}

}  // namespace
}  // namespace splitlab::chess
