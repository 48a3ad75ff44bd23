#include <gtest/gtest.h>
#include "engine/chess/chess_game.h"
#include "engine/search/searcher.h"
#include "parallel/coordinator.h"
using namespace splitlab;
TEST(ParallelSmoke, Runs) {
  for (auto strat : {search::SplitStrategy::kYbwc, search::SplitStrategy::kDts, search::SplitStrategy::kLazy}) {
    hashing::TranspositionTable tt; std::string err; ASSERT_TRUE(tt.resize(16, &err));
    search::Searcher<chess::ChessGame> s(tt);
    search::SplitSettings settings; settings.strategy = strat;
    s.set_threads(std::make_unique<parallel::Coordinator<chess::ChessGame>>(s.shared_state(), 2, settings));
    search::SearchLimits lim; lim.depth = 10;
    auto pos = chess::Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    s.arm();
    auto r = s.run(pos, lim, false, 0, [](const search::SearchResult& r){ printf("depth %d score %d nodes %llu pv %s\n", r.depth, r.score, (unsigned long long)r.nodes, r.best_move.c_str()); });
    EXPECT_FALSE(r.best_move.empty());
    auto* c = static_cast<parallel::Coordinator<chess::ChessGame>*>(s.threads());
    for (int i = 0; i < 2; ++i) { auto& st = c->stats(i); printf("thread %d nodes %llu splits %llu joins %llu aborts %llu idle %.3f lock %.4f total %.3f adopt %llu\n", i, (unsigned long long)c->thread_nodes(i), (unsigned long long)st.splits, (unsigned long long)st.joins, (unsigned long long)st.aborts, st.idle_seconds, st.lock_wait_seconds, st.total_seconds, (unsigned long long)st.adoptions); }
  }
}
