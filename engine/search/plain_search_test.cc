// The plain search of `splitlab tt-study --search plain` (SharedSearchState::plain_search): no
// null move, reverse futility, reductions, extensions or killers. It must stay exact (mates in
// two at exactly mate in two, with a mating line), deterministic (the study compares node
// counts), and search a different tree than the full search (else the switch does nothing).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/chess/bench_positions.h"
#include "engine/chess/chess_game.h"
#include "engine/chess/test_support.h"
#include "engine/core/score.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"

namespace splitlab::search {
namespace {

using chess::ChessGame;
using chess::Position;

struct Engine {
  hashing::TranspositionTable table;
  std::unique_ptr<Searcher<ChessGame>> searcher;

  explicit Engine(bool plain) {
    std::string error;
    EXPECT_TRUE(table.resize(4, &error)) << error;
    searcher = std::make_unique<Searcher<ChessGame>>(table);
    searcher->shared_state().plain_search = plain;
  }
  SearchResult search(const Position& pos, int depth) {
    SearchLimits limits;
    limits.depth = depth;
    table.clear();
    searcher->new_game();
    searcher->arm();
    return searcher->run(pos, limits, false, 0, [](const SearchResult&) {});
  }
};

// Mates in two confirmed with Stockfish 15.1 (engine/search/search_test.cc holds the referee's
// mating moves).
constexpr const char* kMatesInTwo[] = {
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
    "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
    "r3r1k1/ppp2ppp/2p5/5Q2/1b1q4/8/PPP1BPPP/R1B2K1R b - - 1 1",
};

TEST(PlainSearchTest, FindsMateInTwoExactly) {
  Engine engine(/*plain=*/true);
  // Without check extensions the mating line fits exactly at depth 3 (the mate is seen by
  // quiescence's evasions); deeper searches must keep the same, shortest mate.
  for (const char* fen : kMatesInTwo) {
    for (int depth : {3, 5}) {
      SCOPED_TRACE(std::string(fen) + " depth " + std::to_string(depth));
      const Position root = chess::test_support::Parse(fen);
      const SearchResult r = engine.search(root, depth);
      EXPECT_EQ(r.score, mate_in(3)) << score_to_uci(r.score);
      Position pos = root;
      ASSERT_TRUE(chess::test_support::play_legal(pos, r.pv));
      EXPECT_EQ(r.pv.size(), 3u);
      EXPECT_TRUE(chess::test_support::is_checkmate(pos)) << "the PV ends in " << pos.fen();
    }
  }
}

TEST(PlainSearchTest, DeterministicAndNotTheTreeOfTheFullSearch) {
  Engine plain(/*plain=*/true), plain_again(/*plain=*/true), full(/*plain=*/false);
  uint64_t plain_nodes = 0, full_nodes = 0;
  for (int i = 0; i < 4; ++i) {
    SCOPED_TRACE(chess::kBenchPositions[i].id);
    const Position pos = chess::test_support::Parse(chess::kBenchPositions[i].fen);
    const int depth = 5;
    const SearchResult a = plain.search(pos, depth);
    const SearchResult b = plain.search(pos, depth);        // The same engine again...
    const SearchResult c = plain_again.search(pos, depth);  // ... and a fresh one.
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.nodes, c.nodes);
    EXPECT_EQ(a.best_move, b.best_move);
    EXPECT_EQ(a.best_move, c.best_move);
    EXPECT_TRUE(chess::test_support::is_legal_text(pos, a.best_move));
    plain_nodes += a.nodes;
    full_nodes += full.search(pos, depth).nodes;
  }
  // Nothing pruned or reduced: the plain search is the larger one.
  EXPECT_GT(plain_nodes, full_nodes);
}

TEST(PlainSearchTest, SwitchingItOffGivesTheFullSearchBack) {
  Engine switched(/*plain=*/true), full(/*plain=*/false);
  const Position pos = chess::test_support::Parse(chess::kBenchPositions[0].fen);
  switched.search(pos, 5);
  switched.searcher->shared_state().plain_search = false;
  const SearchResult a = switched.search(pos, 5);
  const SearchResult b = full.search(pos, 5);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.best_move, b.best_move);
}

}  // namespace
}  // namespace splitlab::search
