// Position: make/unmake and the incremental key under random play, FEN in and out, the draw
// rules, and the legality edge cases (checks, pins through en passant, castling).
#include "engine/chess/position.h"

#include <algorithm>
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/test_support.h"
#include "engine/protocol/epd.h"
#include "gtest/gtest.h"

namespace splitlab::chess {
namespace {

using test_support::Parse;
using test_support::SuiteFens;
using test_support::Uci;




void Play(Position& pos, std::initializer_list<std::string_view> moves) {
  for (auto text : moves) {
    const Move m = Uci(pos, text);
    ASSERT_FALSE(m.is_none()) << text;
    pos.make_move(m);
  }
}

bool HasLegalUciMove(const Position& pos, std::string_view text) {
  MoveList moves;
  generate<GenType::kAll>(pos, moves);
  for (Move m : moves)
    if (move_to_uci(m) == text) return true;
  return false;
}

// --- Random play: make/unmake, keys, consistency -----------------------------------------

// Plays `games` random games of up to `max_plies` from `fen`; checks every invariant after
// each move, then unmakes the game and checks that every earlier position comes back exactly.
void CheckRandomGames(const std::string& fen, int games, int max_plies, std::mt19937_64& rng) {
  for (int game = 0; game < games; ++game) {
    Position pos = Parse(fen);
    std::vector<std::string> fens = {pos.fen()};
    std::vector<uint64_t> keys = {pos.key()};
    std::vector<Move> played;
    for (int ply = 0; ply < max_plies; ++ply) {
      MoveList moves;
      generate<GenType::kAll>(pos, moves);
      if (moves.empty()) break;
      const Move m = moves[int(rng() % uint64_t(moves.size()))];
      pos.make_move(m);
      played.push_back(m);
      std::string why;
      ASSERT_TRUE(pos.is_consistent(&why))
          << why << " after " << move_to_uci(m) << " from " << fens.back();
      ASSERT_EQ(pos.key(), pos.compute_key())
          << "after " << move_to_uci(m) << " from " << fens.back();
      fens.push_back(pos.fen());
      keys.push_back(pos.key());

      // The FEN written here describes the same position, with the same key.
      Position reparsed = Parse(fens.back());
      ASSERT_EQ(reparsed.key(), pos.key()) << fens.back();
      ASSERT_EQ(reparsed.fen(), fens.back());

      // A null move (not legal in check) is undone exactly.
      if (!pos.in_check()) {
        pos.make_null_move();
        ASSERT_NE(pos.side_to_move(), reparsed.side_to_move());
        ASSERT_EQ(pos.key(), pos.compute_key()) << "after a null move in " << fens.back();
        ASSERT_TRUE(pos.is_consistent(&why)) << why << " after a null move in " << fens.back();
        pos.unmake_null_move();
        ASSERT_EQ(pos.fen(), fens.back());
        ASSERT_EQ(pos.key(), keys.back());
      }
    }
    for (int ply = int(played.size()) - 1; ply >= 0; --ply) {
      pos.unmake_move(played[ply]);
      ASSERT_EQ(pos.fen(), fens[ply]) << "unmaking " << move_to_uci(played[ply]);
      ASSERT_EQ(pos.key(), keys[ply]) << "unmaking " << move_to_uci(played[ply]);
      std::string why;
      ASSERT_TRUE(pos.is_consistent(&why)) << why;
    }
  }
}

TEST(PositionRandomPlayTest, FromTheStartPosition) {
  std::mt19937_64 rng(20240601);
  CheckRandomGames(std::string(kStartFen), 1500 / test_support::kRandomGameDivisor, 200, rng);
}

TEST(PositionRandomPlayTest, FromEverySuitePosition) {
  std::mt19937_64 rng(20240602);
  for (const std::string& fen : SuiteFens()) {
    CheckRandomGames(fen, 12 / test_support::kRandomGameDivisor, 200, rng);
    if (HasFatalFailure()) return;
  }
}

TEST(PositionTest, NullMoveFlipsSideClearsEnPassantAndIsUndone) {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
  Position pos = Parse(fen);
  ASSERT_EQ(pos.en_passant_square(), make_square(4, 2));
  const uint64_t key = pos.key();
  pos.make_null_move();
  EXPECT_EQ(pos.side_to_move(), kWhite);
  EXPECT_EQ(pos.en_passant_square(), kNoSquare);
  EXPECT_NE(pos.key(), key);
  EXPECT_EQ(pos.key(), pos.compute_key());
  EXPECT_EQ(pos.fen(), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
  pos.unmake_null_move();
  EXPECT_EQ(pos.fen(), fen);
  EXPECT_EQ(pos.key(), key);
}

// --- FEN ----------------------------------------------------------------------------------

TEST(FenTest, SuitePositionsRoundTripExactly) {
  for (const std::string& fen : SuiteFens()) {
    const Position pos = Parse(fen);
    EXPECT_EQ(pos.fen(), fen);
    std::string why;
    EXPECT_TRUE(pos.is_consistent(&why)) << fen << ": " << why;
  }
}

TEST(FenTest, StartPositionRoundTripsAndCountersAreKept) {
  EXPECT_EQ(Position::start().fen(), kStartFen);
  EXPECT_EQ(Parse("4k3/8/8/8/8/8/8/4K2R b K - 37 112").fen(), "4k3/8/8/8/8/8/8/4K2R b K - 37 112");
}

TEST(FenTest, MoveCountersMayBeOmitted) {
  EXPECT_EQ(Parse("4k3/8/8/8/8/8/8/4K2R w K -").fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

TEST(FenTest, EnPassantSquareIsDroppedWhenNoPawnCanCapture) {
  // After 1.e4 no black pawn stands beside e4: the square is not kept, and the key is the one
  // of the same position written without it.
  const Position with = Parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  const Position without = Parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(with.en_passant_square(), kNoSquare);
  EXPECT_EQ(with.fen(), without.fen());
  EXPECT_EQ(with.key(), without.key());
}

TEST(FenTest, EnPassantSquareIsKeptAndHashedWhenAPawnCanCapture) {
  const Position with = Parse("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  const Position without = Parse("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(with.en_passant_square(), make_square(4, 2));
  EXPECT_EQ(with.fen(), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_NE(with.key(), without.key());
}

TEST(FenTest, MakeMoveRecordsEnPassantOnlyWhenCapturable) {
  Position pos = Position::start();
  Play(pos, {"e2e4"});
  EXPECT_EQ(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  Play(pos, {"d7d5", "e4e5", "f7f5"});
  EXPECT_EQ(pos.fen(), "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
}

struct BadFen {
  const char* what;
  const char* fen;
  const char* error_mentions;
};

class MalformedFenTest : public testing::TestWithParam<BadFen> {};

TEST_P(MalformedFenTest, IsRejectedWithAMessageNamingTheProblem) {
  const BadFen& bad = GetParam();
  Position pos;
  std::string error;
  EXPECT_FALSE(Position::parse_fen(bad.fen, pos, error)) << bad.what;
  EXPECT_NE(error.find(bad.error_mentions), std::string::npos)
      << bad.what << ": the error '" << error << "' does not mention '" << bad.error_mentions
      << "'";
  EXPECT_EQ(error.find('\n'), std::string::npos) << "error is not one line: " << error;
}

INSTANTIATE_TEST_SUITE_P(
    Fen, MalformedFenTest,
    testing::Values(
        BadFen{"too few fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "4 fields"},
        BadFen{"empty", "", "4 fields"},
        BadFen{"nine squares on a rank",
               "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares"},
        BadFen{"nine squares by digits", "rnbqkbnr/pppppppp/8/81/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "more than 8 squares"},
        BadFen{"seven squares on a rank", "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
               "does not have 8 squares"},
        BadFen{"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8 ranks"},
        BadFen{"nine ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "more than 8 ranks"},
        BadFen{"bad piece letter", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "unknown piece letter 'x'"},
        BadFen{"no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1", "one white king"},
        BadFen{"two black kings", "k3k3/8/8/8/8/8/8/4K3 w - - 0 1", "one black king"},
        BadFen{"bad side to move", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
        BadFen{"bad castling letter", "4k3/8/8/8/8/8/8/4K2R w Z - 0 1", "'Z'"},
        BadFen{"castling right without its rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
               "castling right 'K'"},
        BadFen{"castling right without its king", "r3k3/8/8/8/8/8/8/R2K4 w Q - 0 1",
               "castling right 'Q'"},
        BadFen{"en passant square on the wrong rank",
               "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 2", "en-passant"},
        BadFen{"en passant square that is not a square", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
               "en-passant"},
        BadFen{"en passant without a double push",
               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
               "does not follow a double pawn push"},
        BadFen{"pawn on rank 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on the first"},
        BadFen{"pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on the first"},
        BadFen{"side not to move is in check", "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
               "side not to move is in check"},
        BadFen{"non-numeric halfmove clock", "4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock 'x'"},
        BadFen{"non-numeric fullmove number", "4k3/8/8/8/8/8/8/4K3 w - - 0 one",
               "fullmove number 'one'"},
        BadFen{"text after the counters", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "'extra'"}),
    [](const testing::TestParamInfo<BadFen>& info) {
      std::string name;
      for (const char* c = info.param.what; *c; ++c)
        name += std::isalnum(static_cast<unsigned char>(*c)) ? *c : '_';
      return name;
    });

// --- Draw rules ---------------------------------------------------------------------------

TEST(DrawRulesTest, RepetitionsCountEarlierOccurrences) {
  Position pos = Position::start();
  EXPECT_EQ(pos.repetitions(), 0);
  Play(pos, {"g1f3", "g8f6", "f3g1"});
  EXPECT_EQ(pos.repetitions(), 0);
  Play(pos, {"f6g8"});
  EXPECT_EQ(pos.repetitions(), 1);  // The start position, for the second time.
  Play(pos, {"g1f3"});
  EXPECT_EQ(pos.repetitions(), 1);  // After 1.Nf3, for the second time.
  Play(pos, {"g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(pos.repetitions(), 2);  // The start position, for the third time.
}

TEST(DrawRulesTest, RepetitionNeedsTheSameSideToMove) {
  // A rook that returns in two moves repeats the position; one that returns in three leaves
  // the same squares with the other side to move, which is not a repetition.
  Position pos = Parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  Play(pos, {"a1a2", "e8d8", "a2a1", "d8e8"});
  EXPECT_EQ(pos.repetitions(), 1);
  Position other = Parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  Play(other, {"a1a2", "e8d8", "a2a3", "d8e8", "a3a1"});
  EXPECT_EQ(other.repetitions(), 0);  // Same squares as the start, but black to move.
}

TEST(DrawRulesTest, RepetitionsAfterPawnMovesCountOnlyTheNewPosition) {
  Position pos = Position::start();
  Play(pos, {"g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5", "g1f3", "g8f6", "f3g1", "f6g8"});
  // The position after 2...e5 recurs once; the start position lies before the pawn moves.
  EXPECT_EQ(pos.repetitions(), 1);
}

TEST(DrawRulesTest, CastlingRightsMakeADifferentPosition) {
  // Rh1-h2-h1 loses the right to castle king side: the position after it is new.
  Position pos = Parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  Play(pos, {"h1h2", "e8d8", "h2h1", "d8e8"});
  EXPECT_EQ(pos.repetitions(), 0);
  Play(pos, {"h1h2", "e8d8", "h2h1", "d8e8"});
  EXPECT_EQ(pos.repetitions(), 1);
}

TEST(DrawRulesTest, FiftyMoveRuleAfterTheHundredthReversiblePly) {
  Position pos = Parse("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
  EXPECT_FALSE(pos.is_fifty_move_draw());
  Position quiet = pos;
  Play(quiet, {"a1a7"});
  EXPECT_EQ(quiet.rule50_count(), 100);
  EXPECT_TRUE(quiet.is_fifty_move_draw());
  quiet.unmake_move(Uci(pos, "a1a7"));
  EXPECT_FALSE(quiet.is_fifty_move_draw());

  Position pawn = pos;
  Play(pawn, {"e2e3"});
  EXPECT_EQ(pawn.rule50_count(), 0);
  EXPECT_FALSE(pawn.is_fifty_move_draw());

  Position capture = Parse("r3k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  Play(capture, {"a1a8"});
  EXPECT_EQ(capture.rule50_count(), 0);
  EXPECT_FALSE(capture.is_fifty_move_draw());
}

struct MaterialCase {
  const char* fen;
  bool insufficient;
};

TEST(DrawRulesTest, InsufficientMaterial) {
  const MaterialCase cases[] = {
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},       // K v K
      {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},      // KN v K
      {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},      // KB v K
      {"4kb2/8/8/8/8/8/8/4K3 w - - 0 1", true},      // K v KB
      {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},    // KB v KB, bishops on f8 and c1: both dark
      {"4k3/8/8/8/8/8/1B6/B1B1K3 w - - 0 1", true},  // Three bishops, all on dark squares
      {"4kb2/8/8/8/8/8/8/3BK3 w - - 0 1", false},    // KB v KB, d1 light, f8 dark
      {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},   // KBB v K, c1 dark and f1 light
      {"4k3/8/8/8/8/8/8/4KNN1 w - - 0 1", false},    // KNN v K: only a lone minor counts
      {"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false},    // KN v KN
      {"4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1", false},   // KB v KN
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},    // KP v K
      {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},     // KR v K
      {"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},     // KQ v K
  };
  for (const auto& c : cases)
    EXPECT_EQ(Parse(c.fen).has_insufficient_material(), c.insufficient) << c.fen;
}

// --- Checks, mates and legality edge cases ------------------------------------------------

TEST(LegalityTest, FoolsMateIsCheckmate) {
  Position pos = Position::start();
  Play(pos, {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(pos.checkers(), square_bb(make_square(7, 3)));  // The queen on h4.
  EXPECT_EQ(count_legal_moves(pos), 0);
}

TEST(LegalityTest, StalemateHasNoMovesAndNoCheck) {
  const Position pos = Parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(count_legal_moves(pos), 0);
}

TEST(LegalityTest, CheckMustBeAnsweredByCaptureBlockOrKingMove) {
  // White king e1 checked by the rook e8; the bishop on h1 (hemmed in by the knight) can't help,
  // the rook on a4 can block on e4 and the knight on g2 can block on e3.
  const Position pos = Parse("4r1k1/8/8/8/R7/8/6N1/4K2B w - - 0 1");
  ASSERT_TRUE(pos.in_check());
  MoveList moves;
  generate<GenType::kAll>(pos, moves);
  std::vector<std::string> texts;
  for (Move m : moves) texts.push_back(move_to_uci(m));
  std::sort(texts.begin(), texts.end());
  const std::vector<std::string> expected = {"a4e4", "e1d1", "e1d2", "e1f1", "e1f2", "g2e3"};
  EXPECT_EQ(texts, expected);
}

TEST(LegalityTest, PinnedPieceMovesOnlyAlongThePin) {
  // The rook on e4 is pinned by the rook on e8: it may move on the e-file only.
  const Position pos = Parse("4r1k1/8/8/8/4R3/8/8/4K3 w - - 0 1");
  MoveList moves;
  generate<GenType::kAll>(pos, moves);
  for (Move m : moves) {
    if (m.from() == make_square(4, 3)) {
      EXPECT_EQ(file_of(m.to()), 4) << move_to_uci(m);
    }
  }
  EXPECT_TRUE(HasLegalUciMove(pos, "e4e8"));
  EXPECT_FALSE(HasLegalUciMove(pos, "e4a4"));
}

TEST(LegalityTest, EnPassantThatExposesTheKingAlongTheRankIsIllegal) {
  // b5xc6 would remove both pawns from the fifth rank, opening it to the rook on h5.
  const Position pinned = Parse("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
  ASSERT_EQ(pinned.en_passant_square(), make_square(2, 5));
  EXPECT_FALSE(HasLegalUciMove(pinned, "b5c6"));
  EXPECT_FALSE(pinned.is_legal(Move(make_square(1, 4), make_square(2, 5), Move::kEnPassant)));
  std::string error;
  EXPECT_TRUE(parse_uci_move(pinned, "b5c6", error).is_none());

  // Without the rook the same capture is legal.
  const Position free = Parse("8/8/8/KPp5/8/8/8/7k w - c6 0 1");
  EXPECT_TRUE(HasLegalUciMove(free, "b5c6"));
  EXPECT_TRUE(free.is_legal(Move(make_square(1, 4), make_square(2, 5), Move::kEnPassant)));
}

TEST(LegalityTest, EnPassantMayCaptureTheCheckingPawn) {
  // 1.d4 gave check to the king on c5; exd3 e.p. removes the checker.
  const Position pos = Parse("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
  ASSERT_TRUE(pos.in_check());
  EXPECT_TRUE(HasLegalUciMove(pos, "e4d3"));
  EXPECT_FALSE(HasLegalUciMove(pos, "e4e3"));  // Does not answer the check.
}

TEST(LegalityTest, EnPassantByAPinnedPawnMustStayOnThePinLine) {
  // The pawn on d4 is pinned to the king on d8 by the rook on d1: dxe3 would leave the file,
  // the push d3 stays on it.
  const Position pos = Parse("3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1");
  ASSERT_EQ(pos.en_passant_square(), make_square(4, 2));
  EXPECT_FALSE(HasLegalUciMove(pos, "d4e3"));
  EXPECT_TRUE(HasLegalUciMove(pos, "d4d3"));

  // Pinned along a diagonal, the capture that stays on the diagonal is legal: the bishop on g1
  // pins d4 to the king on a7, and e3 lies on that diagonal.
  const Position diagonal = Parse("8/k7/8/8/3pP3/8/8/4K1B1 b - e3 0 1");
  EXPECT_TRUE(HasLegalUciMove(diagonal, "d4e3"));
  EXPECT_FALSE(HasLegalUciMove(diagonal, "d4d3"));
}

TEST(LegalityTest, CastlingNeedsSafeEmptySquaresAndNoCheck) {
  // Both sides castle freely.
  EXPECT_TRUE(HasLegalUciMove(Parse("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
  EXPECT_TRUE(HasLegalUciMove(Parse("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
  // f1 attacked by the rook on f8: no O-O (the king would pass through check); O-O-O is fine.
  const Position through = Parse("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(HasLegalUciMove(through, "e1g1"));
  EXPECT_TRUE(HasLegalUciMove(through, "e1c1"));
  // g1 attacked: no O-O (the king would land in check).
  EXPECT_FALSE(HasLegalUciMove(Parse("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
  // d1 attacked: no O-O-O.
  EXPECT_FALSE(HasLegalUciMove(Parse("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
  // b1 attacked: O-O-O is still legal, only the king's squares matter.
  EXPECT_TRUE(HasLegalUciMove(Parse("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
  // In check: neither.
  const Position checked = Parse("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(HasLegalUciMove(checked, "e1g1"));
  EXPECT_FALSE(HasLegalUciMove(checked, "e1c1"));
  // A piece on b1 blocks O-O-O.
  EXPECT_FALSE(HasLegalUciMove(Parse("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1c1"));
  // Black, symmetric: f8 attacked by the bishop on a3.
  const Position black = Parse("r3k2r/8/8/8/8/B7/8/4K3 b kq - 0 1");
  EXPECT_FALSE(HasLegalUciMove(black, "e8g8"));
  EXPECT_TRUE(HasLegalUciMove(black, "e8c8"));
}

TEST(LegalityTest, CastlingMovesTheRookToo) {
  Position pos = Parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Play(pos, {"e1g1", "e8c8"});
  EXPECT_EQ(pos.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

TEST(LegalityTest, CastlingRightsAreLostWhenKingOrRookMovesOrTheRookIsCaptured) {
  Position pos = Parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Play(pos, {"a1a8"});  // Captures the rook on a8: white loses Q (rook left), black loses q.
  EXPECT_EQ(pos.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  EXPECT_FALSE(HasLegalUciMove(pos, "e8c8"));

  Position king = Parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  Play(king, {"e1e2", "h8h7"});
  EXPECT_EQ(king.fen(), "r3k3/7r/8/8/8/8/4K3/R6R w q - 2 2");

  // A rook captured on its home square by a bishop: that side loses the right.
  Position bishop = Parse("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
  Play(bishop, {"g2h1"});
  EXPECT_EQ(bishop.fen(), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");
  EXPECT_FALSE(HasLegalUciMove(bishop, "e1g1"));
}

TEST(LegalityTest, IsLegalAcceptsGeneratedMovesAndRejectsOthers) {
  const Position pos = Position::start();
  MoveList moves;
  generate<GenType::kAll>(pos, moves);
  for (Move m : moves) EXPECT_TRUE(pos.is_legal(m)) << move_to_uci(m);
  EXPECT_FALSE(pos.is_legal(Move(make_square(4, 1), make_square(4, 4))));  // e2e5
  EXPECT_FALSE(pos.is_legal(Move(make_square(4, 0), make_square(6, 0), Move::kCastling)));
  EXPECT_FALSE(pos.is_legal(Move(make_square(4, 6), make_square(4, 4))));  // Black's e7e5.
  EXPECT_FALSE(pos.is_legal(Move::none()));
}

TEST(LegalityTest, PromotionReplacesThePawnAndUnmakeRestoresIt) {
  Position pos = Parse("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  const std::string fen = pos.fen();
  Play(pos, {"a7b8n"});
  EXPECT_EQ(pos.fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_EQ(pos.captured_piece(), make_piece(kBlack, kRook));
  pos.unmake_move(Move(make_square(0, 6), make_square(1, 7), Move::kPromotion, kKnight));
  EXPECT_EQ(pos.fen(), fen);
}

// --- gives_check: the check a move gives, known before it is played -----------------------

bool ChecksWhenPlayed(Position& pos, Move m) {
  pos.make_move(m);
  const bool check = pos.in_check();
  pos.unmake_move(m);
  return check;
}

TEST(GivesCheckTest, EachKindOfCheck) {
  struct Case {
    const char* fen;
    const char* move;
    bool check;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", true},             // Direct, along a rank.
      {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a7", false},
      {"4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "e4d6", true},             // A knight's check.
      {"4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "e4f6", true},
      {"4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", "e4c5", false},
      {"4k3/4N3/8/8/8/8/8/4K3 w - - 0 1", "e7c6", false},
      {"4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", "e2b5", true},           // Direct and discovered.
      {"4k3/8/8/8/8/8/4B3/4R1K1 w - - 0 1", "e2d3", true},           // Discovered by the rook.
      {"8/8/8/8/8/2k5/8/R3K3 w Q - 0 1", "e1c1", false},
      {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", true},              // The castling rook checks.
      {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true},
      {"8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1", "e5d6", true},           // En passant opens the rank.
      {"8/8/8/3pP3/8/8/k7/4K3 w - d6 0 1", "e5d6", false},
      {"8/8/2k5/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", false},
      {"8/8/8/2kpP3/8/8/8/4K3 w - d6 0 1", "e5d6", false},
      {"8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", true},           // The pawn itself checks.
      {"1k6/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", true},            // Promotion, new piece.
      {"1k6/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", false},
      {"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", true},
      {"3k4/8/8/8/8/8/8/4K2R w K - 0 1", "h1h8", true},
      {"4k3/8/8/8/4p3/8/8/2B1K3 b - - 0 1", "e4e3", false},
      {"8/8/8/8/8/5k2/2p5/4K3 b - - 0 1", "c2c1q", true},            // Black promotes with check.
      {"8/8/8/8/8/5k2/2p5/4K3 b - - 0 1", "c2c1n", false},
  };
  for (const Case& c : cases) {
    Position pos = Parse(c.fen);
    const Move m = Uci(pos, c.move);
    ASSERT_FALSE(m.is_none()) << c.fen << " " << c.move;
    ASSERT_EQ(ChecksWhenPlayed(pos, m), c.check) << "case mislabelled: " << c.fen << " " << c.move;
    EXPECT_EQ(pos.gives_check(m), c.check) << c.fen << " " << c.move;
  }
}

// Every legal move on random walks from the suite: gives_check agrees with playing the move,
// and the walks met checks of every kind, so the agreement covers them all. The walks take well
// under a second even under TSan, so every build plays all of them (a sixth as many met no en
// passant check).
TEST(GivesCheckTest, AgreesWithPlayingTheMoveOnRandomWalks) {
  std::mt19937_64 rng(20261126);
  int checks[4] = {}, moves = 0;
  for (const std::string& fen : SuiteFens()) {
    for (int walk = 0; walk < 9; ++walk) {
      Position pos = Parse(fen);
      for (int ply = 0; ply < 120; ++ply) {
        MoveList list;
        generate<GenType::kAll>(pos, list);
        if (list.empty()) break;
        for (Move m : list) {
          const bool check = ChecksWhenPlayed(pos, m);
          ASSERT_EQ(pos.gives_check(m), check) << pos.fen() << " " << move_to_uci(m);
          checks[m.kind()] += check;
          ++moves;
        }
        pos.make_move(list[int(rng() % uint64_t(list.size()))]);
      }
    }
  }
  EXPECT_GT(moves, 100000);
  EXPECT_GT(checks[Move::kNormal], 1000);
  EXPECT_GT(checks[Move::kPromotion], 10);
  EXPECT_GT(checks[Move::kCastling], 0);
  EXPECT_GT(checks[Move::kEnPassant], 0);
}

// generate_quiet_checks finds exactly the quiet moves that give check among all the legal ones,
// in every position of random walks from the suite where the side to move is not in check.
TEST(GivesCheckTest, QuietCheckGeneratorFindsExactlyTheQuietChecks) {
  std::mt19937_64 rng(20261127);
  int positions = 0, checks = 0, castling_checks = 0, discovered = 0;
  for (const std::string& fen : SuiteFens()) {
    for (int walk = 0; walk < 9; ++walk) {
      Position pos = Parse(fen);
      for (int ply = 0; ply < 120; ++ply) {
        MoveList all;
        generate<GenType::kAll>(pos, all);
        if (all.empty()) break;
        if (!pos.in_check()) {
          std::vector<std::string> expected, found;
          MoveList quiets;
          generate<GenType::kQuiet>(pos, quiets);
          for (Move m : quiets)
            if (ChecksWhenPlayed(pos, m)) {
              expected.push_back(move_to_uci(m));
              castling_checks += m.kind() == Move::kCastling;
              // A discovered check: the piece that moves does not attack the king from `to`.
              Position after = pos;
              after.make_move(m);
              discovered += !(after.checkers() & square_bb(m.to()));
            }
          MoveList generated;
          generate_quiet_checks(pos, generated);
          for (Move m : generated) found.push_back(move_to_uci(m));
          std::sort(expected.begin(), expected.end());
          std::sort(found.begin(), found.end());
          ASSERT_EQ(found, expected) << pos.fen();
          ++positions;
          checks += int(expected.size());
        }
        pos.make_move(all[int(rng() % uint64_t(all.size()))]);
      }
    }
  }
  EXPECT_GT(positions, 5000);
  EXPECT_GT(checks, 5000);
  EXPECT_GT(discovered, 20);
  EXPECT_GT(castling_checks, 0);
}

}  // namespace
}  // namespace splitlab::chess
