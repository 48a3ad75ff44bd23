// Perft against the verified suite (tests/data/chess_perft.epd), and the move generator's own
// contracts: kTactical + kQuiet partition kAll, count_legal_moves agrees with the list.
#include "engine/core/perft.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/chess/chess_game.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/chess/test_support.h"
#include "engine/protocol/epd.h"
#include "gtest/gtest.h"

namespace splitlab::chess {
namespace {

using test_support::kSuitePath;
using test_support::Parse;

// Depth 5 is run wherever its count is at most this; every count up to depth 4 is run. The
// whole suite takes well under a second with -c opt and about a second under ASan/UBSan.
constexpr uint64_t kDepth5Budget = 5'000'000;

struct PerftCase {
  std::string fen;
  int line = 0;
  std::vector<std::pair<int, uint64_t>> counts;  // (depth, expected nodes), ascending depth.

  uint64_t expected(int depth) const {
    for (const auto& [d, n] : counts)
      if (d == depth) return n;
    return 0;
  }
};

std::vector<PerftCase> LoadSuite() {
  std::vector<protocol::EpdRecord> records;
  std::string error;
  EXPECT_TRUE(protocol::read_epd_file(kSuitePath, records, error)) << error;
  std::vector<PerftCase> cases;
  for (const auto& record : records) {
    PerftCase c;
    c.fen = record.fen;
    c.line = record.line_number;
    for (const auto& op : record.operations) {
      EXPECT_EQ(op.opcode[0], 'D') << "line " << record.line_number;
      EXPECT_EQ(op.operands.size(), 1u) << "line " << record.line_number;
      c.counts.emplace_back(std::stoi(op.opcode.substr(1)), std::stoull(op.operands[0]));
    }
    std::sort(c.counts.begin(), c.counts.end());
    cases.push_back(std::move(c));
  }
  return cases;
}

const std::vector<PerftCase>& Suite() {
  static const std::vector<PerftCase> suite = LoadSuite();
  return suite;
}


// Positions reached by random legal playouts from the start and from every suite position.
std::vector<Position> RandomPlayoutPositions() {
  std::mt19937_64 rng(0x5EED'0001);
  std::vector<std::string> starts = {std::string(kStartFen)};
  for (const auto& c : Suite()) starts.push_back(c.fen);
  std::vector<Position> reached;
  for (const auto& fen : starts) {
    for (int game = 0; game < 4; ++game) {
      Position pos = Parse(fen);
      for (int ply = 0; ply < 120; ++ply) {
        MoveList moves;
        generate<GenType::kAll>(pos, moves);
        if (moves.empty()) break;
        pos.make_move(moves[int(rng() % uint64_t(moves.size()))]);
        reached.push_back(pos);
      }
    }
  }
  return reached;
}

TEST(PerftSuiteTest, SuiteFileHasEveryPositionWithDepthsOneToFive) {
  ASSERT_EQ(Suite().size(), 126u);
  for (const auto& c : Suite()) {
    for (int depth = 1; depth <= 5; ++depth)
      EXPECT_NE(c.expected(depth), 0u) << "line " << c.line << " lacks D" << depth;
  }
}

TEST(PerftSuiteTest, EveryPositionMatchesItsCountsToDepthFour) {
  int checked = 0;
  for (const auto& c : Suite()) {
    Position pos = Parse(c.fen);
    const std::string fen_before = pos.fen();
    const uint64_t key_before = pos.key();
    for (const auto& [depth, expected] : c.counts) {
      if (depth > 4) continue;
      EXPECT_EQ(perft<ChessGame>(pos, depth), expected)
          << "line " << c.line << " D" << depth << ": " << c.fen;
      ++checked;
    }
    EXPECT_EQ(pos.fen(), fen_before) << "perft did not restore the position";
    EXPECT_EQ(pos.key(), key_before);
  }
  EXPECT_EQ(checked, 126 * 4);
}

TEST(PerftSuiteTest, DepthFiveMatchesWhereTheCountIsSmall) {
  int checked = 0;
  for (const auto& c : Suite()) {
    const uint64_t expected = c.expected(5);
    if (expected == 0 || expected > kDepth5Budget) continue;
    Position pos = Parse(c.fen);
    EXPECT_EQ(perft<ChessGame>(pos, 5), expected) << "line " << c.line << " D5: " << c.fen;
    ++checked;
  }
  // 109 of the 126 suite positions have a D5 count within the budget (the start position,
  // 4,865,609, among them).
  EXPECT_EQ(checked, 109);
}

TEST(PerftTest, DepthZeroIsOneNode) {
  Position pos = Position::start();
  EXPECT_EQ(perft<ChessGame>(pos, 0), 1u);
}

TEST(PerftTest, DivideSumsToPerftAndListsEveryLegalMoveOnce) {
  for (const auto& c : Suite()) {
    Position pos = Parse(c.fen);
    for (int depth : {1, 3}) {
      const auto divided = perft_divide<ChessGame>(pos, depth);
      MoveList legal;
      generate<GenType::kAll>(pos, legal);
      ASSERT_EQ(int(divided.size()), legal.size()) << c.fen;
      uint64_t sum = 0;
      std::set<uint16_t> seen;
      for (int i = 0; i < legal.size(); ++i) {
        EXPECT_EQ(divided[i].first, legal[i]) << "divide is not in generation order: " << c.fen;
        seen.insert(divided[i].first.bits());
        if (depth == 1) {
          EXPECT_EQ(divided[i].second, 1u);
        }
        sum += divided[i].second;
      }
      EXPECT_EQ(seen.size(), divided.size()) << "a root move is listed twice: " << c.fen;
      EXPECT_EQ(sum, c.expected(depth)) << "line " << c.line << " D" << depth;
    }
  }
}

TEST(PerftTest, DivideFromStartAtDepthTwo) {
  Position pos = Position::start();
  const auto divided = perft_divide<ChessGame>(pos, 2);
  ASSERT_EQ(divided.size(), 20u);
  for (const auto& [move, nodes] : divided)
    EXPECT_EQ(nodes, 20u) << move_to_uci(move);  // Every reply set from the start has 20 moves.
}

// Checks that kTactical and kQuiet are disjoint and together exactly kAll, that kTactical is
// exactly the captures and promotions, and that count_legal_moves() agrees with the list.
void ExpectGenerationPartitions(const Position& pos) {
  MoveList all, tactical, quiet;
  generate<GenType::kAll>(pos, all);
  generate<GenType::kTactical>(pos, tactical);
  generate<GenType::kQuiet>(pos, quiet);
  const std::string where = pos.fen();

  std::set<uint16_t> all_set, tactical_set, quiet_set;
  for (Move m : all) all_set.insert(m.bits());
  for (Move m : tactical) tactical_set.insert(m.bits());
  for (Move m : quiet) quiet_set.insert(m.bits());
  EXPECT_EQ(int(all_set.size()), all.size()) << "kAll has a duplicate move: " << where;
  EXPECT_EQ(int(tactical_set.size()), tactical.size()) << "kTactical has a duplicate: " << where;
  EXPECT_EQ(int(quiet_set.size()), quiet.size()) << "kQuiet has a duplicate: " << where;

  for (Move m : tactical) {
    EXPECT_TRUE(all_set.count(m.bits())) << move_to_uci(m) << " is tactical only: " << where;
    EXPECT_FALSE(quiet_set.count(m.bits())) << move_to_uci(m) << " is in both: " << where;
    EXPECT_TRUE(pos.is_capture_or_promotion(m))
        << move_to_uci(m) << " is neither capture nor promotion: " << where;
  }
  for (Move m : quiet) {
    EXPECT_TRUE(all_set.count(m.bits())) << move_to_uci(m) << " is quiet only: " << where;
    EXPECT_FALSE(pos.is_capture_or_promotion(m))
        << move_to_uci(m) << " is generated as quiet: " << where;
  }
  for (Move m : all) {
    EXPECT_TRUE(tactical_set.count(m.bits()) || quiet_set.count(m.bits()))
        << move_to_uci(m) << " is in kAll but in neither part: " << where;
  }
  EXPECT_EQ(tactical.size() + quiet.size(), all.size()) << where;
  EXPECT_EQ(count_legal_moves(pos), all.size()) << where;
}

TEST(MoveGenerationTest, TacticalAndQuietPartitionAllOnSuitePositions) {
  for (const auto& c : Suite()) ExpectGenerationPartitions(Parse(c.fen));
}

TEST(MoveGenerationTest, TacticalAndQuietPartitionAllOnRandomPlayouts) {
  const std::vector<Position> positions = RandomPlayoutPositions();
  ASSERT_GT(positions.size(), 20000u);
  for (const Position& pos : positions) {
    ExpectGenerationPartitions(pos);
    if (HasFailure()) break;  // One position's report is enough to debug from.
  }
}

TEST(MoveGenerationTest, QuietPromotionsAreTactical) {
  // A white pawn on a7 can only push to a8: four promotions, all tactical, none quiet.
  const Position pos = Parse("7k/P7/8/8/8/8/8/K7 w - - 0 1");
  MoveList tactical, quiet;
  generate<GenType::kTactical>(pos, tactical);
  generate<GenType::kQuiet>(pos, quiet);
  int promotions = 0;
  for (Move m : tactical) promotions += m.kind() == Move::kPromotion;
  EXPECT_EQ(promotions, 4);
  for (Move m : quiet) EXPECT_NE(m.kind(), Move::kPromotion) << move_to_uci(m);
}

TEST(MoveGenerationTest, GenerateAppendsToTheList) {
  const Position pos = Position::start();
  MoveList list;
  generate<GenType::kTactical>(pos, list);
  generate<GenType::kQuiet>(pos, list);
  EXPECT_EQ(list.size(), 20);
  generate<GenType::kAll>(pos, list);
  EXPECT_EQ(list.size(), 40);
}

TEST(MoveGenerationTest, CountsInDoubleCheckAreKingMovesOnly) {
  // Black king e8 in double check from the rook e1 and the knight d6: only king moves help.
  const Position pos = Parse("4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1");
  ASSERT_TRUE(pos.in_check());
  MoveList moves;
  generate<GenType::kAll>(pos, moves);
  ASSERT_FALSE(moves.empty());
  for (Move m : moves) EXPECT_EQ(m.from(), pos.king_square(kBlack)) << move_to_uci(m);
  EXPECT_EQ(count_legal_moves(pos), moves.size());
}

}  // namespace
}  // namespace splitlab::chess
