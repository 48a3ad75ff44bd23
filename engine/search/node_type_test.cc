// The Fruit 2.1 node-type predictor (node_type.h), its predicted-against-actual statistics per
// draft, the first-move cut share, the per-draft split counters (parallel_stats.h), and both
// as a real single-threaded search fills them in (the split counters of a 2-thread search:
// tests/parallel/split_counts_test.cc).
#include "engine/search/node_type.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/chess/chess_game.h"
#include "engine/chess/test_support.h"
#include "engine/search/parallel_stats.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"

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

// The predictor is usable in constant expressions: checked when this file compiles (a wrong
// rule fails the build), not by a test case that could only pass.
static_assert(child_node_type(NodeType::kPV, 0) == NodeType::kPV);
static_assert(child_node_type(NodeType::kPV, 1) == NodeType::kCut);
static_assert(child_node_type(NodeType::kCut, 0) == NodeType::kAll);
static_assert(child_node_type(NodeType::kAll, 5) == NodeType::kCut);
static_assert(after_move_without_cutoff(NodeType::kCut) == NodeType::kAll);

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
  s.record(1, kPV, kPV, 2);
  s.record(1, kCut, kCut, 2);
  s.record(1, kCut, kCut, 2);
  s.record(1, kCut, kAll, 2);
  s.record(1, kAll, kAll, 2);
  s.record(1, kAll, kCut, 2);
  s.record(1, kAll, kPV, 2);
  s.record(1, kPV, kAll, 2);
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
  for (int i = 0; i < 3; ++i) s.record(1, kCut, kCut, 2);
  s.record(1, kCut, kAll, 2);
  EXPECT_DOUBLE_EQ(s.accuracy(), 0.75);
  NodeTypeStats wrong;
  wrong.record(1, kPV, kCut, 2);
  wrong.record(1, kAll, kPV, 2);
  EXPECT_DOUBLE_EQ(wrong.accuracy(), 0.0);
  NodeTypeStats right;
  right.record(1, kAll, kAll, 2);
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
  // One heading line, three rows, the summary line and the first-move cut line.
  int lines = 0;
  for (char ch : t) lines += ch == '\n';
  EXPECT_EQ(lines, 6);
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

TEST(DraftBucketTest, DraftsOneToTwentyAloneDeeperOnesTogether) {
  EXPECT_EQ(kDraftBuckets, 21);
  for (int draft = 1; draft <= 20; ++draft) {
    EXPECT_EQ(draft_bucket(draft), draft - 1) << draft;
    EXPECT_EQ(draft_bucket_name(draft_bucket(draft)), std::to_string(draft));
  }
  for (int draft : {21, 22, 40, 127}) EXPECT_EQ(draft_bucket(draft), 20) << draft;
  EXPECT_EQ(draft_bucket_name(20), ">20");
  // Never counted, but kept inside the array.
  EXPECT_EQ(draft_bucket(0), 0);
  EXPECT_EQ(draft_bucket(-3), 0);
  static_assert(draft_bucket(7) == 6);
}

TEST(NodeTypeStatsTest, RecordCountsEachDraftAndEveryDraft) {
  NodeTypeStats s;
  s.record(3, kCut, kCut, 1);
  s.record(3, kCut, kAll, 5);
  s.record(7, kAll, kAll, 9);
  s.record(25, kPV, kPV, 4);
  s.record(30, kPV, kPV, 4);
  EXPECT_EQ(s.counts[1][1], 1u);
  EXPECT_EQ(s.counts[1][2], 1u);
  EXPECT_EQ(s.counts[2][2], 1u);
  EXPECT_EQ(s.counts[0][0], 2u);
  EXPECT_EQ(s.counts_by_draft[2][1][1], 1u);
  EXPECT_EQ(s.counts_by_draft[2][1][2], 1u);
  EXPECT_EQ(s.counts_by_draft[6][2][2], 1u);
  EXPECT_EQ(s.counts_by_draft[20][0][0], 2u);  // Drafts 25 and 30 share the last bucket.
  EXPECT_EQ(matrix_total(s.counts_by_draft[3]), 0u);
  EXPECT_EQ(s.deepest_bucket(), 20);
  EXPECT_EQ(NodeTypeStats().deepest_bucket(), -1);
}

TEST(NodeTypeStatsTest, OnlyACutOnTheFirstMoveSearchedIsAFirstMoveCut) {
  NodeTypeStats s;
  s.record(4, kCut, kCut, 1);  // First move.
  s.record(4, kCut, kCut, 2);  // Second move.
  s.record(4, kAll, kCut, 1);  // A mispredicted node, cut on the first move.
  s.record(4, kAll, kAll, 1);  // One move, no cutoff: not a cut at all.
  s.record(4, kPV, kPV, 1);
  EXPECT_EQ(s.first_move_cuts[3][int(kCut)], 1u);
  EXPECT_EQ(s.first_move_cuts[3][int(kAll)], 1u);
  EXPECT_EQ(s.first_move_cuts[3][int(kPV)], 0u);
  EXPECT_EQ(s.cut_nodes(3), 3u);
  EXPECT_EQ(s.first_move_cut_nodes(3), 2u);
  EXPECT_DOUBLE_EQ(s.first_move_cut_share(3), 2.0 / 3.0);
}

// Hand-made counts: the share per draft and over every draft.
TEST(NodeTypeStatsTest, FirstMoveCutShareFromHandMadeCounts) {
  NodeTypeStats s;
  s.counts_by_draft[0][int(kCut)][int(kCut)] = 90;
  s.counts_by_draft[0][int(kAll)][int(kCut)] = 10;
  s.first_move_cuts[0][int(kCut)] = 85;
  s.first_move_cuts[0][int(kAll)] = 5;  // Draft 1: 90 of 100.
  s.counts_by_draft[9][int(kCut)][int(kCut)] = 40;
  s.first_move_cuts[9][int(kCut)] = 30;  // Draft 10: 30 of 40.
  s.counts[int(kCut)][int(kCut)] = 130;
  s.counts[int(kAll)][int(kCut)] = 10;
  EXPECT_DOUBLE_EQ(s.first_move_cut_share(0), 0.9);
  EXPECT_DOUBLE_EQ(s.first_move_cut_share(9), 0.75);
  EXPECT_DOUBLE_EQ(s.first_move_cut_share(5), 0.0);  // No Cut node: no division by zero.
  EXPECT_EQ(s.cut_nodes(), 140u);
  EXPECT_EQ(s.first_move_cut_nodes(), 120u);
  EXPECT_DOUBLE_EQ(s.first_move_cut_share(), 120.0 / 140.0);
  SCOPED_TRACE(s.by_draft_summary());
  EXPECT_NE(s.table().find("140, 85.7% of them on the first move"), std::string::npos) << s.table();
  EXPECT_NE(s.draft_table(9).find("draft 10: 40 nodes; 40 Cut nodes, 75.0% on the first move"),
            std::string::npos)
      << s.draft_table(9);
  // A heading and one line per draft up to draft 10.
  int lines = 0;
  for (char ch : s.by_draft_summary()) lines += ch == '\n';
  EXPECT_EQ(lines, 11);
}

// Two threads' counts merge cell by cell, per draft and over every draft.
TEST(NodeTypeStatsTest, MergingThreadsAddsEveryDraftAndFirstMoveCount) {
  NodeTypeStats thread0, thread1;
  thread0.record(2, kCut, kCut, 1);
  thread0.record(2, kCut, kCut, 3);
  thread0.record(12, kAll, kAll, 20);
  thread1.record(2, kCut, kCut, 1);
  thread1.record(12, kAll, kCut, 1);
  thread1.record(33, kPV, kAll, 30);
  NodeTypeStats sum;
  sum += thread0;
  sum += thread1;
  EXPECT_EQ(sum.counts_by_draft[1][int(kCut)][int(kCut)], 3u);
  EXPECT_EQ(sum.first_move_cuts[1][int(kCut)], 2u);
  EXPECT_EQ(sum.counts_by_draft[11][int(kAll)][int(kAll)], 1u);
  EXPECT_EQ(sum.counts_by_draft[11][int(kAll)][int(kCut)], 1u);
  EXPECT_EQ(sum.first_move_cuts[11][int(kAll)], 1u);
  EXPECT_EQ(sum.counts_by_draft[20][int(kPV)][int(kAll)], 1u);
  EXPECT_EQ(sum.total(), 6u);
  EXPECT_EQ(sum.cut_nodes(), 4u);
  EXPECT_DOUBLE_EQ(sum.first_move_cut_share(), 0.75);
  EXPECT_DOUBLE_EQ(sum.first_move_cut_share(1), 2.0 / 3.0);
}

TEST(SplitOutcomesTest, MergingThreadsAddsEveryDraftAndType) {
  ParallelThreadStats owner, helper;
  owner.split_outcomes(6, kPV).made = 3;
  owner.split_outcomes(6, kPV).finished_as[int(kPV)] = 2;
  helper.split_outcomes(6, kPV).finished_as[int(kCut)] = 1;
  helper.split_outcomes(6, kPV).wasted = 1;
  owner.split_outcomes(30, kCut).made = 2;
  helper.split_outcomes(25, kCut).abandoned = 2;
  owner.splits = 5;
  ParallelThreadStats sum;
  sum += owner;
  sum += helper;
  const SplitOutcomes& pv6 = sum.splits_by_draft[5][int(kPV)];
  EXPECT_EQ(pv6.made, 3u);
  EXPECT_EQ(pv6.finished(), 3u);
  EXPECT_EQ(pv6.finished_as[int(kCut)], 1u);
  EXPECT_EQ(pv6.wasted, 1u);
  const SplitOutcomes& deep = sum.splits_by_draft[20][int(kCut)];
  EXPECT_EQ(deep.made, 2u);
  EXPECT_EQ(deep.abandoned, 2u);
  EXPECT_EQ(deep.made, deep.finished() + deep.abandoned);
  EXPECT_EQ(sum.splits, 5u);
  EXPECT_EQ(sum.splits_by_draft[5][int(kAll)].made, 0u);
}

// Real searches ----------------------------------------------------------------------------

using chess::ChessGame;

constexpr const char* kPositions[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 0 1",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 0 1",
};

// The per-draft tables add up to the table bench prints (NodeTypeStats::counts), and the
// drafts are the remaining depths: a depth-6 search counts nodes of drafts 1 to 6 only, its
// root (predicted PV) among those of draft 6.
TEST(NodeTypeSearchTest, PerDraftCountsAddUpToTheOverallTable) {
  hashing::TranspositionTable table;
  std::string error;
  ASSERT_TRUE(table.resize(4, &error)) << error;
  Searcher<ChessGame> searcher(table);
  searcher.arm();
  SearchLimits limits;
  limits.depth = 6;
  searcher.run(chess::test_support::Parse(kPositions[0]), limits, false, 0,
               [](const SearchResult&) {});
  const NodeTypeStats& s = searcher.stats().node_types;
  ASSERT_GT(s.total(), 100u);
  NodeTypeMatrix sum{};
  uint64_t first_move_cuts = 0;
  for (int b = 0; b < kDraftBuckets; ++b)
    for (int p = 0; p < kNodeTypes; ++p) {
      for (int a = 0; a < kNodeTypes; ++a) sum[p][a] += s.counts_by_draft[b][p][a];
      EXPECT_LE(s.first_move_cuts[b][p], s.counts_by_draft[b][p][int(kCut)]) << b << " " << p;
      first_move_cuts += s.first_move_cuts[b][p];
    }
  EXPECT_EQ(sum, s.counts);
  EXPECT_EQ(first_move_cuts, s.first_move_cut_nodes());
  EXPECT_EQ(s.deepest_bucket(), draft_bucket(6));
  EXPECT_GT(s.counts_by_draft[draft_bucket(6)][int(kPV)][int(kPV)], 0u);
  EXPECT_GT(matrix_total(s.counts_by_draft[draft_bucket(1)]), 0u);
  // A search that orders well cuts mostly on the first move; not all of the time.
  EXPECT_GT(s.first_move_cut_share(), 0.5);
  EXPECT_LT(s.first_move_cut_share(), 1.0);
}

}  // namespace
}  // namespace splitlab::search
