// The search on virtual CPUs (bench/simulate/virtual_cpus.h), as `splitlab simulate` runs it:
//   1. One virtual CPU searches exactly the tree one real thread searches: the same nodes,
//      move and score as the unmetered single-threaded search at the same depth.
//   2. Every strategy at 2, 4 and 16 virtual CPUs gives the same nodes, virtual time, move
//      and per-CPU accounts on every run (the real threads' searches differ run to run).
//   3. Those searches answer a legal move, and every CPU's time adds up to the search's.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "bench/simulate/cost_model.h"
#include "bench/simulate/virtual_cpus.h"
#include "engine/chess/chess_game.h"
#include "engine/chess/test_support.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"
#include "parallel/options.h"

namespace splitlab::parallel {
namespace {

using chess::ChessGame;
using chess::Position;

constexpr const char* kPositions[] = {
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 9",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NPP2/1BN1B3/PPP1Q1PP/2KR3R w - - 0 12",
    "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/2PBPN2/P2N1PPP/R2Q1RK1 b - - 3 13",
};

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr int kDepth = 6;
#else
constexpr int kDepth = 9;
#endif
constexpr size_t kHashMb = 16;

struct Outcome {
  std::string move;
  int score = 0;
  uint64_t nodes = 0;
  uint64_t elapsed_ps = 0;
  std::vector<uint64_t> busy_ps, idle_ps, joins;

  bool operator==(const Outcome&) const = default;
};

// One search of `fen` to kDepth on `cpus` virtual CPUs (0: real, unmetered, one thread).
Outcome search(const std::string& fen, SplitStrategy strategy, int cpus_count) {
  hashing::TranspositionTable table;
  std::string error;
  EXPECT_TRUE(table.resize(kHashMb, &error)) << error;
  search::Searcher<ChessGame> searcher(table);
  const int64_t lines = int64_t(kHashMb << 20) / 64;
  std::unique_ptr<VirtualCpus> cpus;
  if (cpus_count > 0) cpus = std::make_unique<VirtualCpus>(default_costs(), cpus_count, lines);
  if (cpus_count > 1) {
    SplitSettings settings;
    settings.strategy = strategy;
    searcher.set_threads(make_team<ChessGame>(searcher.shared_state(), cpus_count, settings, cpus.get()));
  }
  searcher.set_meter(cpus.get());
  Position pos;
  EXPECT_TRUE(Position::parse_fen(fen, pos, error)) << error;
  table.clear();
  searcher.new_game();
  if (cpus) cpus->reset();
  search::SearchLimits limits;
  limits.depth = kDepth;
  searcher.arm();
  const auto result = searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
  Outcome o;
  o.move = result.best_move;
  o.score = result.score;
  o.nodes = searcher.nodes();
  if (cpus) {
    o.elapsed_ps = cpus->clock_ps(0);
    for (int i = 0; i < cpus->size(); ++i) {
      const CpuAccount& a = cpus->account(i);
      o.busy_ps.push_back(a.busy_ps);
      o.idle_ps.push_back(a.idle_ps[0] + a.idle_ps[1]);
      o.joins.push_back(a.joins);
      EXPECT_EQ(a.busy_ps + a.idle_ps[0] + a.idle_ps[1] + a.lock_wait_ps, o.elapsed_ps)
          << "cpu " << i << " of " << cpus_count;
    }
  }
  return o;
}

TEST(SimulatedSearch, OneVirtualCpuSearchesTheRealTree) {
  for (const char* fen : kPositions) {
    const Outcome real = search(fen, SplitStrategy::kNone, 0);
    const Outcome simulated = search(fen, SplitStrategy::kNone, 1);
    EXPECT_EQ(simulated.nodes, real.nodes) << fen;
    EXPECT_EQ(simulated.move, real.move) << fen;
    EXPECT_EQ(simulated.score, real.score) << fen;
    EXPECT_GT(simulated.elapsed_ps, 0u);
    EXPECT_EQ(simulated.busy_ps[0], simulated.elapsed_ps);  // Nothing to wait for.
  }
}

// Every strategy of the registry (a new one is tested without a new line here).
TEST(SimulatedSearch, EveryStrategyRepeatsExactly) {
  int strategies = 0;
  for (const StrategyEntry& entry : split_strategies()) {
    if (entry.strategy == SplitStrategy::kNone) continue;
    const SplitStrategy strategy = entry.strategy;
    ++strategies;
    for (int cpus : {2, 4, 16}) {
      const char* fen = kPositions[cpus % 3];
      const Outcome first = search(fen, strategy, cpus);
      const Outcome second = search(fen, strategy, cpus);
      EXPECT_EQ(first, second) << split_strategy_name(strategy) << " at " << cpus;
      Position pos;
      std::string error;
      ASSERT_TRUE(Position::parse_fen(fen, pos, error));
      EXPECT_TRUE(chess::test_support::is_legal_text(pos, first.move))
          << split_strategy_name(strategy) << " at " << cpus << ": " << first.move;
      // Helpers did some of the work.
      uint64_t helper_busy = 0;
      for (int i = 1; i < cpus; ++i) helper_busy += first.busy_ps[size_t(i)];
      EXPECT_GT(helper_busy, 0u) << split_strategy_name(strategy) << " at " << cpus;
    }
  }
  EXPECT_GE(strategies, 4);  // The registry is not empty: ybwc, dts, lazy, abdada at least.
}

}  // namespace
}  // namespace splitlab::parallel
