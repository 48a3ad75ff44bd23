// The parallel strategies on xiangqi, with no edit to them for the second game: YBWC, DTS (also
// with MinSplitDepth 2, which splits nearly every node) and Lazy SMP at 1-4 threads find the
// mates the single-threaded search finds, with the same exact score, and answer legal moves
// from the start position. 3 and 4 threads are for correctness only on this 2-core machine.
#include <cstdlib>
#include <iterator>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "engine/core/score.h"
#include "engine/search/searcher.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/xiangqi_game.h"
#include "gtest/gtest.h"
#include "hashing/tt.h"
#include "parallel/options.h"

namespace splitlab::xiangqi {
namespace {

using parallel::SplitSettings;
using parallel::SplitStrategy;

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr int kStartDepth = 6;
#else
constexpr int kStartDepth = 8;
#endif

struct Config {
  std::string name;
  SplitStrategy strategy;
  int min_split_depth;
};
// Every strategy of the registry; those that split also at MinSplitDepth 2.
std::vector<Config> make_configs() {
  std::vector<Config> out;
  for (const parallel::StrategyEntry& e : parallel::split_strategies()) {
    if (e.strategy == SplitStrategy::kNone) continue;
    out.push_back({std::string(e.name), e.strategy, 4});
    if (e.splits) out.push_back({std::string(e.name) + "_min2", e.strategy, 2});
  }
  return out;
}
const std::vector<Config> kConfigs = make_configs();

// Mates confirmed by Fairy-Stockfish 11.1 (`go depth 5`): "mate N" for the side to move.
struct MateCase {
  const char* fen;
  int moves;
};
const MateCase kMates[] = {
    {"3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1", 1},  // By check (a0d0, a0a9) or by no moves (b8e8).
    {"3k5/1R7/9/9/9/9/9/9/9/5K3 w - - 0 1", 1},   // b8e8 or f0e0: Black is left without a move.
    {"3a1a3/9/5k2b/9/7H1/9/2C1H4/9/4K4/9 w - - 0 1", 2},  // e3f5 f9e9 c3f3.
    {"5ab2/1P2a4/3k5/9/3P5/9/9/9/2R6/5K3 w - - 0 1", 3},  // b8c8 d7e7 d5d6 e8d7 c1e1.
};

search::SearchResult search_with(const Position& pos, int depth, int threads,
                                 const SplitSettings& settings) {
  hashing::TranspositionTable table;
  std::string error;
  EXPECT_TRUE(table.resize(8, &error)) << error;
  auto searcher = std::make_unique<search::Searcher<XiangqiGame>>(table);
  parallel::configure_threads(*searcher, threads, settings);
  search::SearchLimits limits;
  limits.depth = depth;
  searcher->arm();
  return searcher->run(pos, limits, false, 0, [](const search::SearchResult&) {});
}

Position parse(std::string_view fen) {
  Position pos;
  std::string error;
  EXPECT_TRUE(Position::parse_fen(fen, pos, error)) << fen << ": " << error;
  return pos;
}

class XiangqiParallelTest : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(XiangqiParallelTest, MatesAndLegalMoves) {
  const Config& config = kConfigs[size_t(std::get<0>(GetParam()))];
  const int threads = std::get<1>(GetParam());
  SplitSettings settings;
  settings.strategy = config.strategy;
  settings.min_split_depth = config.min_split_depth;
  for (const MateCase& c : kMates) {
    const Position pos = parse(c.fen);
    const int depth = 2 * c.moves + 4;
    const search::SearchResult r = search_with(pos, depth, threads, settings);
    SCOPED_TRACE(std::string(config.name) + " " + std::to_string(threads) + " threads: " + c.fen +
                 " best " + r.best_move);
    EXPECT_EQ(r.score, mate_in(2 * c.moves - 1));
    std::string error;
    const Move m = parse_move(pos, r.best_move, error);
    ASSERT_FALSE(m.is_none()) << error;
  }
  const Position start = Position::start();
  const search::SearchResult r = search_with(start, kStartDepth, threads, settings);
  std::string error;
  EXPECT_FALSE(parse_move(start, r.best_move, error).is_none()) << error;
  EXPECT_EQ(r.depth, kStartDepth);
  EXPECT_LT(std::abs(r.score), 300) << "the start position is about level";
  EXPECT_GT(r.nodes, 0u);
}

std::string param_name(const ::testing::TestParamInfo<std::tuple<int, int>>& info) {
  return kConfigs[size_t(std::get<0>(info.param))].name + "_" +
         std::to_string(std::get<1>(info.param)) + "threads";
}

INSTANTIATE_TEST_SUITE_P(Strategies, XiangqiParallelTest,
                         ::testing::Combine(::testing::Range(0, int(kConfigs.size())),
                                            ::testing::Values(1, 2, 3, 4)),
                         param_name);

}  // namespace
}  // namespace splitlab::xiangqi
