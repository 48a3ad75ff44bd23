// The xiangqi rules: perft against the verified suite (tests/data/xiangqi_perft.epd, counts
// confirmed by Fairy-Stockfish), each piece's moves on hand-checked positions (the facts of the
// rules: palace, river, the horse's leg, the elephant's eye, the cannon's screen, the soldier
// after the river, the flying general), random playouts (make/unmake restores the FEN and the
// key, the incremental key equals the recomputed one), FEN and move text, and bad input.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/protocol/epd.h"
#include "engine/xiangqi/ray_movegen.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/xiangqi_game.h"
#include "gtest/gtest.h"

namespace splitlab::xiangqi {
namespace {

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr uint64_t kPerftBudget = 400'000;  // Nodes per check: the sanitizers are 10-50x slower.
constexpr int kPlayoutsPerStart = 1;
#else
constexpr uint64_t kPerftBudget = 5'000'000;
constexpr int kPlayoutsPerStart = 4;
#endif

Position parse(std::string_view fen) {
  Position pos;
  std::string error;
  EXPECT_TRUE(Position::parse_fen(fen, pos, error)) << fen << ": " << error;
  return pos;
}

std::vector<protocol::EpdRecord> suite() {
  std::vector<protocol::EpdRecord> records;
  std::string error;
  EXPECT_TRUE(protocol::read_epd_file("tests/data/xiangqi_perft.epd", records, error)) << error;
  EXPECT_EQ(records.size(), 13u);
  return records;
}

TEST(XiangqiPerft, VerifiedSuite) {
  int checks = 0;
  for (const auto& record : suite()) {
    Position pos = parse(record.fen);
    for (const auto& op : record.operations) {
      ASSERT_EQ(op.opcode[0], 'D') << "line " << record.line_number;
      const int depth = std::stoi(op.opcode.substr(1));
      const uint64_t expected = std::stoull(op.operands.at(0));
      if (expected > kPerftBudget && depth > 2) continue;
      EXPECT_EQ(perft<XiangqiGame>(pos, depth), expected)
          << "line " << record.line_number << " depth " << depth << ": " << record.fen;
      ++checks;
    }
    EXPECT_EQ(pos.fen(), parse(record.fen).fen()) << "perft left the position changed";
  }
  EXPECT_GE(checks, 13 * 3);
}

// The legal moves from one square, as sorted UCCI texts of their destinations.
std::vector<std::string> moves_from(std::string_view fen, std::string_view square) {
  const Position pos = parse(fen);
  MoveList list;
  generate<GenType::kAll>(pos, list);
  std::vector<std::string> out;
  for (Move m : list)
    if (square_to_text(m.from()) == square) out.push_back(square_to_text(m.to()));
  std::sort(out.begin(), out.end());
  return out;
}

using Squares = std::vector<std::string>;

TEST(XiangqiRules, GeneralStaysInPalaceAndNeverFacesTheOther) {
  // Red general on d0, Black's on e9: e0 would face it across the open e-file.
  EXPECT_EQ(moves_from("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0"), (Squares{"d1"}));
  // With a piece between them, e0 is fine.
  EXPECT_EQ(moves_from("4k4/9/9/4p4/9/9/4R4/9/9/3K5 w - - 0 1", "d0"), (Squares{"d1", "e0"}));
  // From the palace's corner d2: d1 and e2, never d3 (outside).
  EXPECT_EQ(moves_from("5k3/9/9/9/9/9/9/3K5/9/9 w - - 0 1", "d2"), (Squares{"d1", "e2"}));
}

TEST(XiangqiRules, PieceBetweenTheGeneralsIsPinned) {
  // The Red chariot on e4 stands between its general on e0 and a Black chariot on e8: it may
  // move along the file only (e1-e3, e5-e7, and take on e8), never sideways.
  EXPECT_EQ(moves_from("3k5/4r4/9/9/9/4R4/9/9/9/4K4 w - - 0 1", "e4"),
            (Squares{"e1", "e2", "e3", "e5", "e6", "e7", "e8"}));
}

TEST(XiangqiRules, AdvisorStepsDiagonallyInsideThePalace) {
  // From the palace's centre e1: the four corners but d0, where its general stands.
  EXPECT_EQ(moves_from("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", "e1"), (Squares{"d2", "f0", "f2"}));
  // From the corner f0: only back to the centre.
  EXPECT_EQ(moves_from("4k4/9/9/9/9/9/9/9/9/3K1A3 w - - 0 1", "f0"), (Squares{"e1"}));
}

TEST(XiangqiRules, ElephantIsBlockedAtItsEyeAndKeptOnItsSide) {
  // Elephant on e2 (c0, g0, c4, g4), with a Red horse on d3 blocking the eye towards c4.
  EXPECT_EQ(moves_from("3k5/9/9/9/9/9/3N5/4B4/9/3K5 w - - 0 1", "e2"), (Squares{"c0", "g0", "g4"}));
  // On c4 at the river it may go back to a2 and e2, never across to a6 or e6.
  EXPECT_EQ(moves_from("4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1", "c4"), (Squares{"a2", "e2"}));
}

TEST(XiangqiRules, HorseIsBlockedAtItsLeg) {
  // Horse on e4: eight moves on an open board; a Red soldier on e5 blocks d6 and f6.
  EXPECT_EQ(moves_from("4k4/9/9/9/9/4N4/9/9/9/3K5 w - - 0 1", "e4").size(), 8u);
  EXPECT_EQ(moves_from("4k4/9/9/9/4P4/4N4/9/9/9/3K5 w - - 0 1", "e4"),
            (Squares{"c3", "c5", "d2", "f2", "g3", "g5"}));
  // A piece where the horse lands diagonally (not on the leg) does not block it.
  EXPECT_EQ(moves_from("4k4/9/9/9/3P5/4N4/9/9/9/3K5 w - - 0 1", "e4").size(), 8u);
}

TEST(XiangqiRules, CannonCapturesOverExactlyOneScreen) {
  // Cannon on b2, a Red soldier on b5 as the screen, Black horses on b7 and b8: b3 and b4 are
  // quiet moves; b7 is the only capture up the file (not the screen, not b6, not b8).
  const Squares moves = moves_from("4k4/1n7/1n7/9/1P7/9/9/1C7/9/3K5 w - - 0 1", "b2");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "b7"), 1);
  for (const char* no : {"b5", "b6", "b8", "b9"})
    EXPECT_EQ(std::count(moves.begin(), moves.end(), no), 0) << no;
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "b4"), 1);
  // Without a screen the cannon cannot capture: no b7 or b8.
  const Squares unscreened = moves_from("4k4/1n7/9/9/9/9/9/1C7/9/3K5 w - - 0 1", "b2");
  EXPECT_EQ(std::count(unscreened.begin(), unscreened.end(), "b8"), 0);
  EXPECT_EQ(std::count(unscreened.begin(), unscreened.end(), "b7"), 1);  // Quiet move.
}

TEST(XiangqiRules, SoldierStepsSidewaysOnlyAfterTheRiver) {
  EXPECT_EQ(moves_from("4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1", "e3"), (Squares{"e4"}));
  EXPECT_EQ(moves_from("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1", "e5"), (Squares{"d5", "e6", "f5"}));
  // On the last rank it can only go sideways.
  EXPECT_EQ(moves_from("3k1P3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "f9"), (Squares{"e9", "g9"}));
  // Black's soldiers go down the board.
  EXPECT_EQ(moves_from("3k5/9/9/9/9/4p4/9/9/9/4K4 b - - 0 1", "e4"), (Squares{"d4", "e3", "f4"}));
}

TEST(XiangqiRules, ChariotAndHorseGiveCheck) {
  EXPECT_TRUE(parse("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1").in_check());      // Chariot on d0.
  EXPECT_TRUE(parse("3k5/9/4N4/9/9/9/9/9/9/4K4 b - - 0 1").in_check());     // Horse e7: d9.
  EXPECT_FALSE(parse("3k5/4P4/4N4/9/9/9/9/9/9/4K4 b - - 0 1").in_check());  // Leg e8 blocked.
  EXPECT_TRUE(parse("3k5/3P5/9/9/9/9/9/9/9/4K4 b - - 0 1").in_check());     // Soldier on d8.
  EXPECT_FALSE(parse("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1").in_check());
}

TEST(XiangqiRules, SideWithNoLegalMoveHasNone) {
  // Black general on d9 in the corner of its palace, Red chariots on d-file and e-file: every
  // square it could step to is attacked (no stalemate draw in xiangqi; the position is lost).
  const Position pos = parse("3k5/9/9/9/9/9/9/9/4R4/3RK4 b - - 0 1");
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(count_legal_moves(pos), 0);
}

TEST(XiangqiRules, PerftOfFirstPliesFromTheStart) {
  Position pos = Position::start();
  EXPECT_EQ(perft<XiangqiGame>(pos, 1), 44u);
  EXPECT_EQ(perft<XiangqiGame>(pos, 2), 1920u);
}

// Positions reached by random legal playouts from the start and from every suite position,
// checking make/unmake and keys at every step.
TEST(XiangqiPlayout, MakeUnmakeRestoresFenAndKey) {
  std::mt19937_64 rng(0x5EED'0012);
  std::vector<std::string> starts = {std::string(kStartFen)};
  for (const auto& record : suite()) starts.push_back(record.fen);
  int plies = 0;
  for (const auto& fen : starts) {
    for (int game = 0; game < kPlayoutsPerStart; ++game) {
      Position pos = parse(fen);
      for (int ply = 0; ply < 150; ++ply) {
        MoveList moves;
        generate<GenType::kAll>(pos, moves);
        if (moves.empty()) break;
        const std::string before = pos.fen();
        const uint64_t key = pos.key();
        for (Move m : moves) {
          pos.make_move(m);
          std::string why;
          ASSERT_TRUE(pos.is_consistent(&why)) << before << " " << move_to_text(m) << ": " << why;
          pos.unmake_move(m);
          ASSERT_EQ(pos.fen(), before) << move_to_text(m);
          ASSERT_EQ(pos.key(), key) << move_to_text(m);
        }
        // The FEN reads back to the same position and key.
        const Position again = parse(before);
        ASSERT_EQ(again.fen(), before);
        ASSERT_EQ(again.key(), key) << before;
        // Captures are exactly the moves onto an enemy piece.
        MoveList captures;
        generate<GenType::kCaptures>(pos, captures);
        int expected_captures = 0;
        for (Move m : moves) expected_captures += pos.is_capture(m);
        ASSERT_EQ(captures.size(), expected_captures) << before;
        const Move chosen = moves[int(rng() % uint64_t(moves.size()))];
        pos.make_move(chosen);
        ++plies;
      }
    }
  }
  EXPECT_GT(plies, 500);
}

TEST(XiangqiNotation, MoveTextRoundTripsInBothRankNumberings) {
  const Position pos = Position::start();
  MoveList moves;
  generate<GenType::kAll>(pos, moves);
  for (Move m : moves) {
    for (RankBase base : {RankBase::kZero, RankBase::kOne}) {
      std::string error;
      EXPECT_EQ(parse_move(pos, move_to_text(m, base), error, base), m) << error;
    }
  }
  std::string error;
  EXPECT_EQ(move_to_text(parse_move(pos, "h2e2", error)), "h2e2") << error;  // Central cannon.
  EXPECT_EQ(move_to_text(parse_move(pos, "h3e3", error, RankBase::kOne)), "h2e2") << error;
  EXPECT_EQ(move_to_text(parse_move(pos, "a1a2", error, RankBase::kOne), RankBase::kOne), "a1a2");
  // a10 is a square in UCI numbering (Black's corner chariot).
  Position black = parse("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
  EXPECT_EQ(move_to_text(parse_move(black, "a10a9", error, RankBase::kOne)), "a9a8") << error;
}

TEST(XiangqiNotation, RebasingMoveTextShiftsEveryRankByOne) {
  EXPECT_EQ(rebase_move_text("h2e2", RankBase::kZero, RankBase::kOne), "h3e3");
  EXPECT_EQ(rebase_move_text("a9a8", RankBase::kZero, RankBase::kOne), "a10a9");
  EXPECT_EQ(rebase_move_text("a10a9", RankBase::kOne, RankBase::kZero), "a9a8");
  EXPECT_EQ(rebase_move_text("i0i9", RankBase::kZero, RankBase::kZero), "i0i9");
  EXPECT_EQ(rebase_move_text("a0a1", RankBase::kOne, RankBase::kZero), "");  // No rank 0 in UCI.
  EXPECT_EQ(rebase_move_text("a11a9", RankBase::kOne, RankBase::kZero), "");
  EXPECT_EQ(rebase_move_text("h2e2 ", RankBase::kZero, RankBase::kOne), "");
  EXPECT_EQ(rebase_move_text("", RankBase::kZero, RankBase::kOne), "");
}

TEST(XiangqiNotation, BadMovesAreRejectedWithAReason) {
  const Position pos = Position::start();
  std::string error;
  EXPECT_TRUE(
      parse_move(pos, "h2h8", error).is_none());  // A cannon may not jump to an empty square.
  EXPECT_NE(error.find("not a legal move"), std::string::npos) << error;
  EXPECT_TRUE(parse_move(pos, "j2e2", error).is_none());
  EXPECT_NE(error.find("not a xiangqi move"), std::string::npos) << error;
  EXPECT_TRUE(parse_move(pos, "h2e2x", error).is_none());
  EXPECT_TRUE(parse_move(pos, "", error).is_none());
  EXPECT_TRUE(parse_move(pos, "a0a0", error).is_none());
}

TEST(XiangqiFen, RoundTripAndAlternativeLetters) {
  EXPECT_EQ(parse(kStartFen).fen(), kStartFen);
  // h/e for horse and elephant, r for Red to move, counters omitted.
  EXPECT_EQ(parse("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - -").fen(),
            kStartFen);
  EXPECT_EQ(parse("4k4/9/9/9/9/9/4R4/9/9/3K5 b - - 12 40").fen(),
            "4k4/9/9/9/9/9/4R4/9/9/3K5 b - - 12 40");
}

TEST(XiangqiFen, BadFensNameTheProblem) {
  struct Bad {
    const char* fen;
    const char* mentions;
  };
  const Bad bads[] = {
      {"", "empty"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "side to move"},
      {"4k4/9/9/9/9/9/9/9/3K5 w - - 0 1", "10 ranks"},
      {"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "8 files"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", "more than 9"},
      {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1", "'X'"},
      {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "no Black general"},
      {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "face each other"},
      {"4k4/9/9/9/9/9/9/9/9/3K5 x - - 0 1", "side to move 'x'"},
      {"4k4/9/9/9/9/9/9/9/9/3K5 w KQ - 0 1", "must be '-'"},
      {"4k4/9/9/9/9/9/9/9/9/3K5 w - - -1 1", "halfmove"},
      {"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0", "move number"},
      {"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 extra", "unexpected field"},
      {"4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1", "Red general on a0"},
      {"4k4/9/9/9/9/9/9/9/9/3K1B3 w - - 0 1", "Red elephant on f0"},
      {"4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1", nullptr},               // c4 is an elephant square.
      {"4k4/9/9/9/2B6/9/9/9/9/3K5 w - - 0 1", "Red elephant on c5"},  // Across the river.
      {"4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", nullptr},
      {"4k4/9/9/9/9/9/9/9/3A5/3K5 w - - 0 1", "Red advisor on d1"},
      {"4k4/9/9/9/9/9/1P7/9/9/3K5 w - - 0 1", "Red soldier on b3"},
      {"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", nullptr},
      {"4k4/9/9/9/PPPPPP3/9/9/9/9/3K5 w - - 0 1", "more than 5 Red soldiers"},
      {"3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1", "side not to move is in check"},
  };
  for (const Bad& bad : bads) {
    Position pos;
    std::string error;
    const bool ok = Position::parse_fen(bad.fen, pos, error);
    if (bad.mentions == nullptr) {
      EXPECT_TRUE(ok) << bad.fen << ": " << error;
      continue;
    }
    EXPECT_FALSE(ok) << bad.fen;
    EXPECT_NE(error.find(bad.mentions), std::string::npos)
        << bad.fen << ": '" << error << "' does not mention '" << bad.mentions << "'";
  }
}

// The generator on bit-ranks and bit-files (bitlines.h) against the mailbox's ray walks
// (ray_movegen.h): the same moves in the same order (so the search is unchanged by the switch)
// in every position of the suite and of random playouts, the same captures, the same perft.
TEST(XiangqiBitLines, SameMovesInTheSameOrderAsTheRayWalks) {
  std::mt19937 rng(7);
  int positions = 0;
  for (const auto& record : suite()) {
    Position pos = parse(record.fen);
    EXPECT_EQ(perft<XiangqiGame>(pos, 3), perft_by_rays(pos, 3)) << record.fen;
    for (int ply = 0; ply < 120; ++ply, ++positions) {
      MoveList by_lines, by_rays, captures;
      generate<GenType::kAll>(pos, by_lines);
      generate_by_rays(pos, by_rays);
      generate<GenType::kCaptures>(pos, captures);
      std::vector<uint16_t> a, b, c, expected_captures;
      for (const Move m : by_lines) a.push_back(m.bits());
      for (const Move m : by_rays) b.push_back(m.bits());
      for (const Move m : captures) c.push_back(m.bits());
      for (const Move m : by_rays)
        if (pos.is_capture(m)) expected_captures.push_back(m.bits());
      ASSERT_EQ(a, b) << pos.fen();
      ASSERT_EQ(c, expected_captures) << pos.fen();
      if (by_rays.empty()) break;
      const Move m = by_rays[int(rng() % unsigned(by_rays.size()))];
      pos.make_move(m);
      std::string why;
      ASSERT_TRUE(pos.is_consistent(&why)) << why;  // The bit-lines follow the board.
    }
  }
  EXPECT_GT(positions, 1000);
}

}  // namespace
}  // namespace splitlab::xiangqi
