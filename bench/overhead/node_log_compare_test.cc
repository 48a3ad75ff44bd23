// The node log and its comparison: hand-made logs whose kinds are known, a real search's log
// against its own counters, two 1-thread searches (identical: nothing of their own), a 2-thread
// search (its kinds add up), and the file format's round trip and errors.
#include "bench/overhead/node_log_compare.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "engine/chess/chess_game.h"
#include "engine/search/searcher.h"
#include "parallel/options.h"

namespace splitlab::bench {
namespace {

using search::NodeRecord;

NodeRecord node(uint64_t key, int depth, int alpha = -100, int beta = 100,
                search::Research research = search::Research::kNone, uint8_t extra_flags = 0) {
  NodeRecord r;
  r.key = key;
  r.depth = int8_t(depth);
  r.alpha = int16_t(alpha);
  r.beta = int16_t(beta);
  r.flags = uint8_t(uint8_t(research) | NodeRecord::kFinished | extra_flags);
  return r;
}

TEST(NodeLogCompare, SortsEachNodeIntoItsKind) {
  // One thread: position 1 twice at depth 3, position 2 at depth 4, position 3 at depth 2.
  const std::vector<NodeRecord> one = {node(1, 3), node(2, 4), node(1, 3), node(3, 2)};
  // The parallel search: position 1 three times at depth 3 (once with another window, once
  // under a PVS re-search), position 2 at depth 5 and at depth 1, a position 4 one thread never
  // entered, and IIR at position 1 where one thread had none.
  const std::vector<NodeRecord> many = {
      node(1, 3), node(1, 3, -100, 100, search::Research::kPvs),
      node(1, 3, -5, -4, search::Research::kNone, NodeRecord::kIir),
      node(2, 5), node(2, 1), node(4, 7, -100, 100, search::Research::kLmr)};
  const NodeLogComparison c = compare_node_logs(one, many);
  EXPECT_EQ(c.one.nodes, 4u);
  EXPECT_EQ(c.many.nodes, 6u);
  EXPECT_EQ(c.extra(), 2);
  EXPECT_EQ(c.matched, 2u);  // Position 1 at depth 3, twice.
  EXPECT_EQ(c.many.new_positions, 1u);
  EXPECT_EQ(c.many.other_depth, 2u);
  EXPECT_EQ(c.many.again, 1u);
  EXPECT_EQ(c.many_deeper, 1u);
  EXPECT_EQ(c.many_shallower, 1u);
  EXPECT_EQ(c.many_other_window, 1u);
  EXPECT_EQ(c.iir_differs, 1u);
  EXPECT_EQ(c.one.new_positions, 1u);  // Position 3.
  EXPECT_EQ(c.one.other_depth, 1u);    // Position 2 at depth 4.
  EXPECT_EQ(c.one.again, 0u);
  EXPECT_EQ(c.many.own_by_research[size_t(search::Research::kLmr)], 1u);
  // Each side's own nodes are its nodes less the matched ones, and the kinds make the extra.
  EXPECT_EQ(c.one.own(), c.one.nodes - c.matched);
  EXPECT_EQ(c.many.own(), c.many.nodes - c.matched);
  EXPECT_EQ(int64_t(c.many.own()) - int64_t(c.one.own()), c.extra());
  EXPECT_EQ(c.many_unfinished, 0u);

  // The same logs in another order compare the same (the comparison sorts).
  std::vector<NodeRecord> reversed(many.rbegin(), many.rend());
  const NodeLogComparison r = compare_node_logs(one, reversed);
  EXPECT_EQ(r.many.again, c.many.again);
  EXPECT_EQ(r.many.own_by_research, c.many.own_by_research);
  EXPECT_EQ(r.many_other_window, c.many_other_window);
}

TEST(NodeLogCompare, EmptyLogsAndOneSided) {
  const NodeLogComparison empty = compare_node_logs({}, {});
  EXPECT_EQ(empty.matched + empty.one.nodes + empty.many.nodes, 0u);
  const NodeLogComparison only = compare_node_logs({}, {node(9, 2), node(9, 2)});
  EXPECT_EQ(only.many.new_positions, 2u);
  EXPECT_EQ(only.extra(), 2);
}

struct Logged {
  search::NodeLog log;
  uint64_t full_width_nodes = 0;
};

Logged search_logged(int threads, parallel::SplitStrategy strategy, int depth) {
  hashing::TranspositionTable table;
  std::string error;
  EXPECT_TRUE(table.resize(16, &error)) << error;
  search::Searcher<chess::ChessGame> searcher(table);
  parallel::SplitSettings settings;
  settings.strategy = strategy;
  parallel::configure_threads(searcher, threads, settings);
  chess::Position pos;
  EXPECT_TRUE(chess::Position::parse_fen(
      "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8", pos, error))
      << error;
  Logged out;
  out.log.reset(threads);
  searcher.shared_state().node_log = &out.log;
  search::SearchLimits limits;
  limits.depth = depth;
  searcher.arm();
  searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
  searcher.shared_state().node_log = nullptr;
  for (const auto& t : parallel::thread_reports(searcher))
    out.full_width_nodes += t.search.nodes - t.search.qnodes;
  return out;
}

TEST(NodeLog, OneThreadLogsEveryFullWidthNodeAndRepeatsItself) {
  const Logged first = search_logged(1, parallel::SplitStrategy::kNone, 9);
  ASSERT_GT(first.log.size(), 1000u);
  EXPECT_EQ(first.log.size(), first.full_width_nodes);
  uint64_t iir = 0;
  for (const auto& r : first.log.thread(0)) {
    // One thread finishes every node it enters, and nothing stops a fixed-depth search.
    ASSERT_TRUE(r.flags & NodeRecord::kFinished);
    ASSERT_FALSE(r.flags & NodeRecord::kAborted);
    ASSERT_LE(r.alpha, r.beta);
    iir += (r.flags & NodeRecord::kIir) ? 1 : 0;
  }
  EXPECT_GT(iir, 0u);  // The default search has IIR: the flag is set where it fires.
  // The 1-thread search is deterministic: a second one has nothing of its own.
  const Logged second = search_logged(1, parallel::SplitStrategy::kNone, 9);
  const NodeLogComparison c = compare_node_logs(first.log.merged(), second.log.merged());
  EXPECT_EQ(c.extra(), 0);
  EXPECT_EQ(c.matched, first.log.size());
  EXPECT_EQ(c.one.own() + c.many.own(), 0u);
  EXPECT_EQ(c.iir_differs, 0u);
}

TEST(NodeLog, TwoThreadsAddUp) {
  const Logged one = search_logged(1, parallel::SplitStrategy::kNone, 9);
  for (auto strategy : {parallel::SplitStrategy::kYbwc, parallel::SplitStrategy::kDts,
                        parallel::SplitStrategy::kLazy}) {
    const Logged two = search_logged(2, strategy, 9);
    EXPECT_EQ(two.log.size(), two.full_width_nodes);
    EXPECT_EQ(two.log.threads(), 2);
    const NodeLogComparison c = compare_node_logs(one.log.merged(), two.log.merged());
    EXPECT_EQ(c.one.own(), c.one.nodes - c.matched);
    EXPECT_EQ(c.many.own(), c.many.nodes - c.matched);
    EXPECT_LE(c.many_deeper + c.many_shallower, c.many.other_depth);
    EXPECT_GT(c.matched, 0u);
    // Both searches enter the root at every depth from 1 to 9 (the trees below differ more
    // than one might think: a different order prunes and reduces other moves).
    auto roots = [](const std::vector<NodeRecord>& log) {
      std::vector<NodeRecord> out;
      for (const auto& r : log)
        if (r.ply == 0) out.push_back(r);
      return out;
    };
    const NodeLogComparison root = compare_node_logs(roots(one.log.merged()), roots(two.log.merged()));
    EXPECT_EQ(root.many.new_positions + root.many.other_depth, 0u);
    EXPECT_EQ(root.one.new_positions + root.one.other_depth, 0u);
    EXPECT_GE(root.matched, 9u);
    if (strategy == parallel::SplitStrategy::kYbwc) {
      // A YBWC thread finishes every node it enters (no frame changes thread).
      EXPECT_EQ(c.many_unfinished, 0u);
    }
  }
}

TEST(NodeLogFile, RoundTripAndErrors) {
  const auto dir = std::filesystem::path(::testing::TempDir()) / "nodelog";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "a.nodelog").string();
  const std::vector<NodeRecord> records = {node(1, 3), node(2, 4, -7, 9, search::Research::kAspiration)};
  NodeLogHeader header{"p1", "8/8/8/8/8/8/8/K1k5 w - - 0 1", "ybwc", 2, 11};
  std::string error;
  ASSERT_TRUE(write_node_log(path, header, records, error)) << error;
  NodeLogHeader back;
  std::vector<NodeRecord> read;
  ASSERT_TRUE(read_node_log(path, back, read, error)) << error;
  EXPECT_EQ(back.position, "p1");
  EXPECT_EQ(back.fen, header.fen);
  EXPECT_EQ(back.strategy, "ybwc");
  EXPECT_EQ(back.threads, 2);
  EXPECT_EQ(back.depth, 11);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[1].alpha, -7);
  EXPECT_EQ(read[1].research(), search::Research::kAspiration);

  // Cut short: the error gives what the header promised and what is there.
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 5);
  EXPECT_FALSE(read_node_log(path, back, read, error));
  EXPECT_NE(error.find("2 records of 24 bytes"), std::string::npos) << error;
  std::ofstream(dir / "b.nodelog") << "not a log\n";
  EXPECT_FALSE(read_node_log((dir / "b.nodelog").string(), back, read, error));
  EXPECT_NE(error.find("first line"), std::string::npos) << error;
  EXPECT_FALSE(read_node_log((dir / "missing").string(), back, read, error));
  EXPECT_NE(error.find("cannot read"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::bench
