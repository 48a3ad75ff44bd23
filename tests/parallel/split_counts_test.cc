// The split counters of real 2-thread searches (parallel_stats.h): every split ends once, the
// per-draft counts add up to the per-thread totals, and the predictor's types hold at splits.
// Above both the search core and the strategies, which may not include each other's games.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "engine/chess/chess_game.h"
#include "engine/chess/test_support.h"
#include "engine/search/node_type.h"
#include "engine/search/parallel_stats.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"
#include "parallel/options.h"

namespace splitlab::search {
namespace {

using chess::ChessGame;

constexpr NodeType kPV = NodeType::kPV;
constexpr NodeType kCut = NodeType::kCut;
constexpr NodeType kAll = NodeType::kAll;

constexpr const char* kPositions[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 0 1",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 0 1",
};

// Every split of a finished 2-thread search ends once, finished or abandoned; the per-draft
// counts add up to the per-thread totals; and, since a node is split only after its first
// move, a node predicted Cut is split only as All (splits_predicted, by the type when split,
// never shows Cut).
TEST(NodeTypeSearchTest, SplitCountsByDraftAddUpInTwoThreadSearches) {
  for (parallel::SplitStrategy strategy :
       {parallel::SplitStrategy::kYbwc, parallel::SplitStrategy::kDts}) {
    SCOPED_TRACE(std::string(parallel::split_strategy_name(strategy)));
    hashing::TranspositionTable table;
    std::string error;
    ASSERT_TRUE(table.resize(4, &error)) << error;
    Searcher<ChessGame> searcher(table);
    parallel::SplitSettings settings;
    settings.strategy = strategy;
    parallel::configure_threads(searcher, 2, settings);
    ParallelThreadStats all;
    NodeTypeStats node_types;
    for (const char* fen : kPositions) {
      table.clear();
      searcher.new_game();
      searcher.arm();
      SearchLimits limits;
      limits.depth = 8;
      searcher.run(chess::test_support::Parse(fen), limits, false, 0, [](const SearchResult&) {});
      for (const auto& report : parallel::thread_reports(searcher)) all += report.stats;
    }
    ASSERT_GT(all.splits, 0u) << "no split in three 2-thread searches";
    uint64_t made = 0, finished = 0, wasted = 0;
    std::array<uint64_t, kNodeTypes> made_by_type{}, finished_as{};
    for (int b = 0; b < kDraftBuckets; ++b)
      for (int p = 0; p < kNodeTypes; ++p) {
        const SplitOutcomes& o = all.splits_by_draft[b][p];
        EXPECT_EQ(o.made, o.finished() + o.abandoned) << "draft bucket " << b << " type " << p;
        EXPECT_LE(o.wasted, o.made);
        if (b < draft_bucket(parallel::rules_for_threads(settings, 2).min_split_depth)) {
          EXPECT_EQ(o.made, 0u) << "a split below MinSplitDepth, bucket " << b;
        }
        made += o.made;
        finished += o.finished() + o.abandoned;
        wasted += o.wasted;
        made_by_type[p] += o.made;
        for (int a = 0; a < kNodeTypes; ++a) finished_as[a] += o.finished_as[a];
      }
    EXPECT_EQ(made, all.splits);
    EXPECT_EQ(finished, all.splits_actual[0] + all.splits_actual[1] + all.splits_actual[2]);
    EXPECT_EQ(wasted, all.wasted_splits);
    EXPECT_EQ(all.splits_predicted[int(kCut)], 0u);
    EXPECT_EQ(made_by_type[int(kPV)], all.splits_predicted[int(kPV)]);
    EXPECT_EQ(made_by_type[int(kCut)] + made_by_type[int(kAll)], all.splits_predicted[int(kAll)]);
    // Nodes predicted Cut or All are searched with a null window: never an exact score.
    for (int b = 0; b < kDraftBuckets; ++b) {
      EXPECT_EQ(all.splits_by_draft[b][int(kCut)].finished_as[int(kPV)], 0u) << b;
      EXPECT_EQ(all.splits_by_draft[b][int(kAll)].finished_as[int(kPV)], 0u) << b;
    }
    EXPECT_GT(finished_as[int(kPV)], 0u);  // The root and the PV are split.
  }
}

}  // namespace
}  // namespace splitlab::search
