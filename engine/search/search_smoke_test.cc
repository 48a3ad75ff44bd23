#include <gtest/gtest.h>
#include "engine/chess/chess_game.h"
#include "engine/search/searcher.h"
using namespace splitlab;
TEST(Smoke, Runs) {
  hashing::TranspositionTable tt; std::string err; ASSERT_TRUE(tt.resize(16, &err));
  search::Searcher<chess::ChessGame> s(tt);
  search::SearchLimits lim; lim.depth = 8;
  auto pos = chess::Position::start();
  s.arm(); auto r = s.run(pos, lim, false, 0, [](const search::SearchResult& r){ printf("depth %d score %d nodes %llu pv %s\n", r.depth, r.score, (unsigned long long)r.nodes, r.best_move.c_str()); });
  EXPECT_FALSE(r.best_move.empty());
}
