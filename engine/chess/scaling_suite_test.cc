// The compiled-in scaling suite against its EPD file, and the properties the script promises.
#include "engine/chess/scaling_suite.h"

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/position.h"
#include "engine/protocol/epd.h"
#include "gtest/gtest.h"

namespace splitlab::chess {
namespace {

constexpr char kEpdPath[] = "experiments/scaling-suite/scaling_suite.epd";

std::string first_four_fields(const std::string& fen) {
  std::string key;
  int spaces = 0;
  for (char c : fen) {
    if (c == ' ' && ++spaces == 4) break;
    key += c;
  }
  return key;
}

// Knights, bishops, rooks and queens of one side, from the FEN's placement field.
int pieces_of_side(const std::string& fen, bool white) {
  int count = 0;
  for (char c : fen.substr(0, fen.find(' ')))
    if (std::string_view(white ? "NBRQ" : "nbrq").find(c) != std::string_view::npos) ++count;
  return count;
}

TEST(ScalingSuite, MatchesTheEpdFileLineByLine) {
  std::vector<protocol::EpdRecord> records;
  std::string error;
  ASSERT_TRUE(protocol::read_epd_file(kEpdPath, records, error)) << error;
  ASSERT_EQ(records.size(), kScalingSuite.size())
      << "engine/chess/scaling_suite.cc is stale: rerun experiments/scaling-suite/make_suite.py";
  for (size_t i = 0; i < records.size(); ++i) {
    const auto* id = records[i].find("id");
    ASSERT_NE(id, nullptr) << kEpdPath << ":" << records[i].line_number;
    ASSERT_EQ(id->operands.size(), 1u);
    EXPECT_EQ(id->operands[0], kScalingSuite[i].id) << "position " << i;
    EXPECT_EQ(records[i].fen, kScalingSuite[i].fen) << kScalingSuite[i].id;
  }
}

TEST(ScalingSuite, HasAtLeast150DistinctLegalMiddlegames) {
  std::set<std::string> ids, positions;
  for (const auto& p : kScalingSuite) {
    SCOPED_TRACE(std::string(p.id));
    chess::Position pos;
    std::string error;
    ASSERT_TRUE(chess::Position::parse_fen(p.fen, pos, error)) << error;
    EXPECT_FALSE(pos.in_check());
    const std::string fen = pos.fen();
    EXPECT_GE(pieces_of_side(fen, true), 4);
    EXPECT_GE(pieces_of_side(fen, false), 4);
    ids.insert(std::string(p.id));
    positions.insert(first_four_fields(fen));
  }
  EXPECT_EQ(ids.size(), kScalingSuite.size()) << "duplicate ids";
  EXPECT_EQ(positions.size(), kScalingSuite.size()) << "duplicate positions";
  EXPECT_GE(positions.size(), 150u);
}

}  // namespace
}  // namespace splitlab::chess
