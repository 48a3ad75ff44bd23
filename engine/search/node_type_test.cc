// The Fruit 2.1 node-type predictor (node_type.h) and its predicted-against-actual statistics.
#include "engine/search/node_type.h"

#include <gtest/gtest.h>

#include <string>

namespace splitlab::search {
namespace {

constexpr NodeType kPV = NodeType::kPV;
constexpr NodeType kCut = NodeType::kCut;
constexpr NodeType kAll = NodeType::kAll;

TEST(NodeTypeTest, Names) {
  EXPECT_STREQ(node_type_name(kPV), "PV");
  EXPECT_STREQ(node_type_name(kCut), "Cut");
  EXPECT_STREQ(node_type_name(kAll), "All");
  EXPECT_EQ(kNodeTypes, 3);
}

TEST(NodeTypeTest, PvNodeFirstChildIsPvLaterChildrenAreCut) {
  EXPECT_EQ(child_node_type(kPV, 0), kPV);
  for (int m = 1; m < 300; ++m) EXPECT_EQ(child_node_type(kPV, m), kCut) << m;
}

TEST(NodeTypeTest, CutNodeChildrenAreAll) {
  for (int m = 0; m < 300; ++m) EXPECT_EQ(child_node_type(kCut, m), kAll) << m;
}

TEST(NodeTypeTest, AllNodeChildrenAreCut) {
  for (int m = 0; m < 300; ++m) EXPECT_EQ(child_node_type(kAll, m), kCut) << m;
}

TEST(NodeTypeTest, CutBecomesAllAfterAMoveWithoutCutoff) {
  EXPECT_EQ(after_move_without_cutoff(kCut), kAll);
  EXPECT_EQ(after_move_without_cutoff(kPV), kPV);
  EXPECT_EQ(after_move_without_cutoff(kAll), kAll);
  // Once All, it stays All (and its children are then Cut).
  EXPECT_EQ(after_move_without_cutoff(after_move_without_cutoff(kCut)), kAll);
  EXPECT_EQ(child_node_type(after_move_without_cutoff(kCut), 1), kCut);
}

TEST(NodeTypeTest, UsableInConstantExpressions) {
  static_assert(child_node_type(NodeType::kPV, 0) == NodeType::kPV);
  static_assert(child_node_type(NodeType::kPV, 1) == NodeType::kCut);
  static_assert(child_node_type(NodeType::kCut, 0) == NodeType::kAll);
  static_assert(child_node_type(NodeType::kAll, 5) == NodeType::kCut);
  static_assert(after_move_without_cutoff(NodeType::kCut) == NodeType::kAll);
  SUCCEED();
}

// The types along the leftmost path and along a scout path alternate as Fruit says:
// PV PV PV ...; a PV node's second child is Cut, whose children are All, whose are Cut ...
TEST(NodeTypeTest, TypesAlternateDownATree) {
  NodeType t = kPV;
  for (int ply = 0; ply < 10; ++ply) t = child_node_type(t, 0);
  EXPECT_EQ(t, kPV);
  t = child_node_type(kPV, 1);
  EXPECT_EQ(t, kCut);
  for (int ply = 1; ply < 10; ++ply) {
    t = child_node_type(t, 0);
    EXPECT_EQ(t, ply % 2 == 1 ? kAll : kCut) << ply;
  }
}

TEST(NodeTypeStatsTest, StartsEmpty) {
  NodeTypeStats s;
  EXPECT_EQ(s.total(), 0u);
  EXPECT_EQ(s.accuracy(), 0.0);
  for (const auto& row : s.counts)
    for (uint64_t c : row) EXPECT_EQ(c, 0u);
}

TEST(NodeTypeStatsTest, RecordCountsPredictedAgainstActual) {
  NodeTypeStats s;
  s.record(kPV, kPV);
  s.record(kCut, kCut);
  s.record(kCut, kCut);
  s.record(kCut, kAll);
  s.record(kAll, kAll);
  s.record(kAll, kCut);
  s.record(kAll, kPV);
  s.record(kPV, kAll);
  EXPECT_EQ(s.counts[0][0], 1u);  // PV -> PV
  EXPECT_EQ(s.counts[0][2], 1u);  // PV -> All
  EXPECT_EQ(s.counts[1][1], 2u);  // Cut -> Cut
  EXPECT_EQ(s.counts[1][2], 1u);  // Cut -> All
  EXPECT_EQ(s.counts[2][2], 1u);  // All -> All
  EXPECT_EQ(s.counts[2][1], 1u);  // All -> Cut
  EXPECT_EQ(s.counts[2][0], 1u);  // All -> PV
  EXPECT_EQ(s.counts[0][1], 0u);
  EXPECT_EQ(s.counts[1][0], 0u);
  EXPECT_EQ(s.total(), 8u);
  // Right: PV->PV, Cut->Cut twice, All->All: 4 of 8.
  EXPECT_DOUBLE_EQ(s.accuracy(), 0.5);
}

TEST(NodeTypeStatsTest, AccuracyIsTheShareOfTheDiagonal) {
  NodeTypeStats s;
  for (int i = 0; i < 3; ++i) s.record(kCut, kCut);
  s.record(kCut, kAll);
  EXPECT_DOUBLE_EQ(s.accuracy(), 0.75);
  NodeTypeStats wrong;
  wrong.record(kPV, kCut);
  wrong.record(kAll, kPV);
  EXPECT_DOUBLE_EQ(wrong.accuracy(), 0.0);
  NodeTypeStats right;
  right.record(kAll, kAll);
  EXPECT_DOUBLE_EQ(right.accuracy(), 1.0);
}

TEST(NodeTypeStatsTest, PlusEqualsAddsEveryCell) {
  NodeTypeStats a, b;
  uint64_t n = 1;
  for (int p = 0; p < kNodeTypes; ++p)
    for (int q = 0; q < kNodeTypes; ++q) {
      a.counts[p][q] = n;
      b.counts[p][q] = 100 * n;
      ++n;
    }
  NodeTypeStats& ref = (a += b);
  EXPECT_EQ(&ref, &a);
  n = 1;
  for (int p = 0; p < kNodeTypes; ++p)
    for (int q = 0; q < kNodeTypes; ++q) {
      EXPECT_EQ(a.counts[p][q], 101 * n) << p << "," << q;
      EXPECT_EQ(b.counts[p][q], 100 * n) << "the right-hand side is unchanged";
      ++n;
    }
  EXPECT_EQ(a.total(), 101u * 45u);
}

TEST(NodeTypeStatsTest, TableShowsTheCountsAndTheShareRight) {
  NodeTypeStats s;
  s.counts[0] = {7001, 12, 3};      // PV row
  s.counts[1] = {5, 424242, 9999};  // Cut row
  s.counts[2] = {0, 777, 31337};    // All row
  const std::string t = s.table();
  SCOPED_TRACE(t);
  for (const char* c : {"7001", "12", "424242", "9999", "777", "31337", "PV", "Cut", "All"})
    EXPECT_NE(t.find(c), std::string::npos) << c;
  // One heading line, three rows, and the summary line.
  int lines = 0;
  for (char ch : t) lines += ch == '\n';
  EXPECT_EQ(lines, 5);
  // Rows appear in the order PV, Cut, All, each with its own counts.
  const size_t pv = t.find("\nPV"), cut = t.find("\nCut"), all = t.find("\nAll");
  ASSERT_NE(pv, std::string::npos);
  ASSERT_NE(cut, std::string::npos);
  ASSERT_NE(all, std::string::npos);
  EXPECT_LT(pv, cut);
  EXPECT_LT(cut, all);
  const std::string pv_row = t.substr(pv, cut - pv);
  EXPECT_NE(pv_row.find("7001"), std::string::npos);
  EXPECT_NE(pv_row.find("12"), std::string::npos);
  const std::string all_row = t.substr(all);
  EXPECT_NE(all_row.find("31337"), std::string::npos);
  // Per-row share right: PV 7001/7016 = 99.8%, Cut 424242/434246 = 97.7%, All 31337/32114
  // = 97.6%; total (7001+424242+31337)/473376 = 97.7%.
  EXPECT_NE(pv_row.find("99.8%"), std::string::npos);
  EXPECT_NE(t.substr(cut, all - cut).find("97.7%"), std::string::npos);
  EXPECT_NE(all_row.find("97.6%"), std::string::npos);
  EXPECT_NE(t.find("473376"), std::string::npos);
}

TEST(NodeTypeStatsTest, EmptyTableHasNoDivisionByZero) {
  const std::string t = NodeTypeStats().table();
  EXPECT_EQ(t.find("nan"), std::string::npos);
  EXPECT_NE(t.find("0.0%"), std::string::npos);
}

}  // namespace
}  // namespace splitlab::search
