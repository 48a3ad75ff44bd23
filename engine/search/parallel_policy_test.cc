// The coordination points of parallel_policy.h, through a strategy of one thread written here:
// a policy that only listens changes nothing (same nodes and move as the plain search), and the
// postponement mechanism (point 3b) answers every move it announces, searches what it put off
// once the node's other moves are done, and still finds the mates.
#include "engine/search/parallel_policy.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/chess/chess_game.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"

namespace splitlab::search {
namespace {

using chess::ChessGame;
using chess::Position;

// One thread: runs the caller's iterative deepening, hears every move about to be searched, and
// puts off whichever `postpone` says.
class ListeningPolicy final : public ParallelPolicy<ChessGame> {
 public:
  explicit ListeningPolicy(bool postpone_younger) : postpone_younger_(postpone_younger) {
    points.before_move = true;
  }

  void run(SearchWorker<ChessGame>& main, const Position&, RootMoves<ChessGame>*,
           const std::vector<ChessGame::Move>&, Depth, const std::function<void()>& main_body,
           const std::function<void()>&) override {
    main_ = &main;
    stats_ = ParallelThreadStats();
    main.attach(this);
    main_body();
    main.attach(nullptr);
  }
  int threads() const override { return 1; }
  uint64_t total_nodes() const override { return main_ ? main_->nodes() : 0; }
  uint64_t thread_nodes(int) const override { return total_nodes(); }
  void clear_history() override {}
  void run_on_every_thread(const std::function<void(int, int)>& body) override { body(0, 1); }
  ParallelThreadStats& thread_stats(int) override { return stats_; }

  bool before_move(SearchWorker<ChessGame>& worker, int ply, int move_number,
                   bool may_postpone) override {
    if (postpone_younger_ && may_postpone && move_number > 0) return true;
    ++announced;
    open_at[ply] += 1;
    EXPECT_EQ(open_at[ply], 1) << "two moves announced at ply " << ply;
    (void)worker;
    return false;
  }
  void move_searched(SearchWorker<ChessGame>&, int ply) override {
    ++answered;
    open_at[ply] -= 1;
    EXPECT_EQ(open_at[ply], 0) << "a move answered twice at ply " << ply;
  }

  uint64_t announced = 0, answered = 0;
  int open_at[kMaxPly + 2] = {};
  ParallelThreadStats stats_;

 private:
  bool postpone_younger_;
  SearchWorker<ChessGame>* main_ = nullptr;
};

Position parse(const std::string& fen) {
  Position pos;
  std::string error;
  EXPECT_TRUE(Position::parse_fen(fen, pos, error)) << fen << ": " << error;
  return pos;
}

struct Outcome {
  SearchResult result;
  uint64_t announced = 0, answered = 0;
  ParallelThreadStats stats;
};

// A fresh search of `fen` to `depth`, alone (policy null) or with the policy.
Outcome search(const std::string& fen, int depth, ListeningPolicy* policy) {
  hashing::TranspositionTable table;
  std::string error;
  EXPECT_TRUE(table.resize(4, &error)) << error;
  auto searcher = std::make_unique<Searcher<ChessGame>>(table);
  std::unique_ptr<ListeningPolicy> owned(policy);
  ListeningPolicy* const listening = owned.get();
  if (owned) searcher->set_threads(std::move(owned));
  SearchLimits limits;
  limits.depth = depth;
  searcher->arm();
  Outcome run;
  run.result = searcher->run(parse(fen), limits, false, 0, [](const SearchResult&) {});
  if (listening) {
    run.announced = listening->announced;
    run.answered = listening->answered;
    run.stats = listening->stats_;
  }
  return run;
}

const char* const kMiddlegame =
    "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9";

TEST(ParallelPolicyTest, ListeningOnlyChangesNothing) {
  const Outcome plain = search(kMiddlegame, 9, nullptr);
  const Outcome heard = search(kMiddlegame, 9, new ListeningPolicy(false));
  EXPECT_EQ(heard.result.nodes, plain.result.nodes);
  EXPECT_EQ(heard.result.best_move, plain.result.best_move);
  EXPECT_EQ(heard.result.score, plain.result.score);
  EXPECT_GT(heard.announced, 1000u);
  EXPECT_EQ(heard.answered, heard.announced);
  EXPECT_EQ(heard.stats.postponed_moves, 0u);
}

TEST(ParallelPolicyTest, PostponedMovesAreAllSearchedAndMatesStillFound) {
  const struct {
    const char* fen;
    int moves;
  } mates[] = {
      {"r1bq1r1k/1pp1Np1p/p2p2pQ/4R3/n7/8/PPPP1PPP/R1B3K1 w - - 0 1", 2},
      {"r3k2r/pbp2pp1/3b1n2/1p6/3P3p/1B2N1Pq/PP1PQP1P/R1B2RK1 b kq - 0 1", 3},
      {"k7/8/8/3K4/8/8/8/7R w - - 0 1", 3},
  };
  for (const auto& m : mates) {
    SCOPED_TRACE(m.fen);
    const Outcome run = search(m.fen, 2 * m.moves + 3, new ListeningPolicy(true));
    EXPECT_EQ(run.result.score, mate_in(2 * m.moves - 1));
    EXPECT_GT(run.stats.postponed_moves, 0u);
    // A move put off is searched once the node's other moves are done, unless one of them cut
    // the node off first.
    EXPECT_GT(run.stats.postponed_searched, 0u);
    EXPECT_LE(run.stats.postponed_searched, run.stats.postponed_moves);
    EXPECT_EQ(run.answered, run.announced);
  }
  // Postponing changes the order moves are searched in, and so the tree: the canary that the
  // mechanism ran at all.
  const Outcome plain = search(kMiddlegame, 9, nullptr);
  const Outcome postponed = search(kMiddlegame, 9, new ListeningPolicy(true));
  EXPECT_NE(postponed.result.nodes, plain.result.nodes);
}

}  // namespace
}  // namespace splitlab::search
