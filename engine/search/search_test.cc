// Tests of the single-threaded search core (Searcher<ChessGame> over SearchWorker): exact mate
// scores and mating lines, being mated, positions without a legal move, draws by repetition,
// by the fifty-move rule and by insufficient material, determinism, searchmoves, node limits,
// stop() from another thread, PV legality, and every table scheme and replacement policy.
//
// Known answers come from an independent referee: every mate distance and every draw score
// below was confirmed with Stockfish 15.1 (Debian's /usr/games/stockfish, `go movetime 3000`,
// i.e. depth 40 to 245 in these positions), as noted next to each position. Legality is checked against the move generator (perft-tested
// in engine/chess), never against the search itself.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/chess/chess_game.h"
#include "engine/chess/test_support.h"
#include "engine/core/score.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"
#include "hashing/tt_options.h"

namespace splitlab::search {
namespace {

using chess::ChessGame;
using chess::MoveList;
using chess::Position;
using chess::test_support::is_checkmate;
using chess::test_support::is_legal_text;
using chess::test_support::legal_moves;
using chess::test_support::play_legal;
using hashing::TtEntryScheme;
using hashing::TtReplacePolicy;

// A test position; a FEN the parser rejects fails the test (and searches the start position
// rather than an unspecified one).
Position parse(const std::string& fen) {
  Position pos;
  std::string error;
  if (!Position::parse_fen(fen, pos, error)) {
    ADD_FAILURE() << "bad test FEN " << fen << ": " << error;
    return Position::start();
  }
  return pos;
}





std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t j = std::min(text.find(' ', i), text.size());
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

bool contains_word(const std::string& text, const std::string& word) {
  for (const auto& w : split_words(text))
    if (w == word) return true;
  return false;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

// A table and a searcher on the heap (the worker's frame stack is large).
struct Engine {
  hashing::TranspositionTable table;
  std::unique_ptr<Searcher<ChessGame>> searcher;
  std::vector<SearchResult> reports;

  explicit Engine(size_t megabytes = 16, TtEntryScheme scheme = TtEntryScheme::Xor,
                  TtReplacePolicy policy = TtReplacePolicy::Bucket) {
    std::string error;
    EXPECT_TRUE(table.resize(megabytes, &error)) << error;
    table.set_scheme(scheme);
    table.set_policy(policy);
    searcher = std::make_unique<Searcher<ChessGame>>(table);
  }

  SearchResult search(const Position& pos, const SearchLimits& limits) {
    reports.clear();
    searcher->arm();
    return searcher->run(pos, limits, false, 0,
                         [this](const SearchResult& r) { reports.push_back(r); });
  }
  SearchResult search(const std::string& fen, const SearchLimits& limits) {
    return search(parse(fen), limits);
  }
};

SearchLimits depth_limit(int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return limits;
}

// ---------------------------------------------------------------------------------------------
// Mates in N: the exact score, and a legal PV of 2N-1 plies that ends in checkmate.

struct MateCase {
  const char* fen;
  int moves;               // Mate in this many moves (Stockfish 15.1).
  const char* referee;     // Every move that mates in N, per Stockfish 15.1 (see below).
};

// Confirmed with Stockfish 15.1 (`go movetime 3000`, which reached depth 166 to 245 on every
// one of these and reported "score mate N" for the side to move). The referee moves are every
// legal move after which Stockfish 15.1 reports "mate -(N-1)" for the defender (or, for N = 1,
// checkmate), from a search of each legal move of the position. A shallow `go depth 20` is not enough for a referee: on k7/8/8/3K4/8/8/8/7R w it
// says "mate 4" while the position is a mate in 3 (found at depth 25), which this engine found
// first. The Black-to-move positions marked "flipped" are colour-flipped White ones (same mate
// distance), each confirmed with Stockfish separately.
const MateCase kMates[] = {
    // Mate in 1.
    {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8"},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1, "h5f7"},
    {"r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", 1, "a8a1"},
    {"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", 1, "d8h4"},
    // Mate in 2.
    {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"},
    {"r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", 2, "d5d8"},
    {"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2, "g2g1"},
    {"r3r1k1/ppp2ppp/2p5/5Q2/1b1q4/8/PPP1BPPP/R1B2K1R b - - 1 1", 2, "d4d1"},  // flipped
    // Mate in 3.
    {"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6"},
    {"1k6/8/8/2K5/8/8/8/7R w - - 0 1", 3, "c5b6 c5c6"},
    {"2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 3, "b1g6"},
    {"7k/7p/8/8/4b3/5r2/5P1P/R5RK b - - 0 1", 3, "f3a3"},  // flipped
    {"7r/8/8/8/2k5/8/8/1K6 b - - 0 1", 3, "c4b3 c4c3"},          // flipped
    {"k7/8/8/3K4/8/8/8/7R w - - 0 1", 3, "d5c6"},
    {"7r/8/8/8/3k4/8/8/K7 b - - 0 1", 3, "d4c3"},           // flipped
    // Mate in 4.
    {"r1bk3r/pppq1ppp/5n2/4N1N1/2Bp4/Bn6/P4PPP/4R1K1 w - - 1 1", 4, "e5f7"},
    {"7k/8/8/8/8/3K4/8/6Q1 w - - 0 1", 4, "d3d4 d3e4"},
    {"8/8/8/1Q6/8/8/8/2k2K2 w - - 0 1", 4, "f1e2"},
    {"4K3/1Q6/8/8/k7/8/8/8 w - - 0 1", 4, "b7b2"},
    {"4r1k1/p4ppp/bN6/2bP4/4n1n1/5N2/PPPQ1PPP/R1BK3R b - - 1 1", 4, "e4f2"},  // flipped
    {"6q1/8/3k4/8/8/8/8/7K b - - 0 1", 4, "d6d5 d6e5"},                             // flipped
    {"2K2k2/8/8/8/1q6/8/8/8 b - - 0 1", 4, "f8e7"},                            // flipped
    {"8/8/8/K7/8/8/1q6/4k3 b - - 0 1", 4, "b2b7"},                             // flipped
};

class MateTest : public ::testing::TestWithParam<MateCase> {};

TEST_P(MateTest, FindsExactMateAndAMatingLine) {
  const MateCase& c = GetParam();
  const int n = c.moves;
  Engine engine;
  const Position root = parse(c.fen);
  // The search is selective (null move, late-move reductions, reverse futility): in the
  // king-and-queen endings a depth of 2N+2 finds a longer mate first (e.g. mate 5 at depth 10 in
  // 4K3/1Q6/8/8/k7/8/8/8 w, the mate in 4 at depth 15), so the depth here is 4N+4. (4N+2 held
  // until qsearch-checks joined the default search: its checks at the horizon find the mate in 5
  // of 8/8/8/K7/8/8/1q6/4k3 b from depth 15 and the mate in 4 only at depth 19, not 14.)
  const SearchResult r = engine.search(root, depth_limit(4 * n + 4));
  // Soundness at every iteration: no exact or lower-bound score may claim more than the truth
  // (a mate shorter than N, or any win for the defender).
  for (const auto& rep : engine.reports) {
    if (!rep.upper_bound) {
      EXPECT_LE(rep.score, mate_in(2 * n - 1)) << "depth " << rep.depth << " claims "
                                                << score_to_uci(rep.score) << " pv " << join(rep.pv);
    }
    if (!rep.lower_bound) {
      EXPECT_GT(rep.score, -kMateThreshold) << "depth " << rep.depth << ": the winner is mated?";
    }
  }
  SCOPED_TRACE(std::string(c.fen) + "  best " + r.best_move + "  pv " + join(r.pv) +
               "  score " + std::to_string(r.score));
  EXPECT_EQ(r.score, kMateScore - (2 * n - 1));
  EXPECT_EQ(mate_in_moves(r.score), n);
  EXPECT_EQ(score_to_uci(r.score), "mate " + std::to_string(n));
  ASSERT_TRUE(is_legal_text(root, r.best_move));
  ASSERT_FALSE(r.pv.empty());
  EXPECT_EQ(r.pv.front(), r.best_move);
  // The referee agrees that the best move mates in N.
  EXPECT_TRUE(contains_word(c.referee, r.best_move))
      << r.best_move << " is not one of the referee's mating moves " << c.referee;
  // The PV is a legal line of exactly 2N-1 plies that ends in checkmate.
  Position pos = root;
  ASSERT_TRUE(play_legal(pos, r.pv));
  EXPECT_EQ(int(r.pv.size()), 2 * n - 1);
  EXPECT_TRUE(is_checkmate(pos)) << "PV ends in " << pos.fen();
}

TEST_P(MateTest, DefenderAfterTheMatingMoveIsMatedInNMinusOne) {
  const MateCase& c = GetParam();
  const int n = c.moves;
  if (n == 1) {  // The referee's mate in one is checkmate by the rules.
    for (const std::string& move : split_words(c.referee)) {
      Position pos = parse(c.fen);
      ASSERT_TRUE(play_legal(pos, {move}));
      EXPECT_TRUE(is_checkmate(pos)) << move;
    }
    return;
  }
  // Each of the referee's mating moves, played: the defender is mated in N-1 (UCI "mate
  // -(N-1)"), however it defends.
  for (const std::string& move : split_words(c.referee)) {
    Position pos = parse(c.fen);
    ASSERT_TRUE(play_legal(pos, {move}));
    Engine engine;
    const SearchResult r = engine.search(pos, depth_limit(4 * n));
    SCOPED_TRACE(pos.fen() + "  best " + r.best_move + "  pv " + join(r.pv));
    EXPECT_EQ(r.score, -kMateScore + 2 * (n - 1));
    EXPECT_EQ(mate_in_moves(r.score), -(n - 1));
  }
}

INSTANTIATE_TEST_SUITE_P(Positions, MateTest, ::testing::ValuesIn(kMates));

// The `mate` limit ends the search as soon as a mate that short is proven.
TEST(SearchLimitsTest, MateLimitStopsOnceTheMateIsFound) {
  Engine engine;
  SearchLimits limits;
  limits.mate = 3;  // Depth is left at its maximum.
  const auto start = std::chrono::steady_clock::now();
  const SearchResult r = engine.search("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", limits);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.score, mate_in(5));
  EXPECT_LT(r.depth, 20);
  EXPECT_LT(seconds, 20.0);
}

// ---------------------------------------------------------------------------------------------
// Being mated, and roots without a legal move.

TEST(MatedTest, SideToMoveMatedInOneScoresMateMinusOne) {
  // Confirmed with Stockfish 15.1: "score mate -1" in both.
  for (const char* fen : {"k7/8/1K6/8/8/8/8/7R b - - 0 1", "7r/8/8/8/8/1k6/8/K7 w - - 0 1"}) {
    SCOPED_TRACE(fen);
    Engine engine;
    const Position root = parse(fen);
    const SearchResult r = engine.search(root, depth_limit(6));
    EXPECT_EQ(r.score, mated_in(2));
    EXPECT_EQ(mate_in_moves(r.score), -1);
    EXPECT_EQ(score_to_uci(r.score), "mate -1");
    EXPECT_TRUE(is_legal_text(root, r.best_move)) << r.best_move;
  }
}

TEST(NoLegalMoveTest, CheckmatedRoot) {
  // After 1. f3 e5 2. g4 Qh4# (fool's mate) and a back-rank mate with Black to move.
  for (const char* fen : {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
                          "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"}) {
    SCOPED_TRACE(fen);
    ASSERT_TRUE(is_checkmate(parse(fen)));
    Engine engine;
    const SearchResult r = engine.search(fen, depth_limit(5));
    EXPECT_EQ(r.best_move, "");
    EXPECT_EQ(r.score, -kMateScore);
    EXPECT_TRUE(r.pv.empty());
  }
}

TEST(NoLegalMoveTest, StalematedRoot) {
  for (const char* fen : {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "8/8/8/8/8/6k1/5q2/7K w - - 0 1"}) {
    SCOPED_TRACE(fen);
    const Position pos = parse(fen);
    ASSERT_FALSE(pos.in_check());
    ASSERT_TRUE(legal_moves(pos).empty());
    Engine engine;
    const SearchResult r = engine.search(pos, depth_limit(5));
    EXPECT_EQ(r.best_move, "");
    EXPECT_EQ(r.score, 0);
  }
}

// ---------------------------------------------------------------------------------------------
// Draws.

// White is lost (two queens down) but has a perpetual check Qe8+ Kh7 Qh5+ Kg8. Stockfish 15.1
// (MultiPV 4, depth 43): h5e8 "cp 0"; the next best, h5d5, "mate -10"; h5f3 and h5c5 "mate -5";
// with `searchmoves h2g3`: "mate -4".
constexpr const char* kPerpetual = "6k1/6p1/5p2/7Q/8/8/7K/qq6 w - - 0 1";

TEST(DrawTest, PerpetualCheckScoresZero) {
  Engine engine;
  const Position root = parse(kPerpetual);
  const SearchResult r = engine.search(root, depth_limit(10));
  SCOPED_TRACE("best " + r.best_move + " pv " + join(r.pv));
  EXPECT_EQ(r.score, 0);
  EXPECT_TRUE(is_legal_text(root, r.best_move));
  // Stockfish 15.1: h5e8 is the only drawing move.
  EXPECT_EQ(r.best_move, "h5e8");
}

TEST(DrawTest, WithoutThePerpetualTheSameSideIsLost) {
  // The alternative to the perpetual is far worse: a quiet king move loses heavily.
  Engine engine;
  SearchLimits limits = depth_limit(8);
  limits.searchmoves = {"h2g3"};
  const SearchResult r = engine.search(kPerpetual, limits);
  EXPECT_EQ(r.best_move, "h2g3");
  EXPECT_LT(r.score, -500);
}

// White (rook against two queens) to move with the halfmove clock at 99: every quiet move
// draws by the fifty-move rule; the only capture Rxh7 resets the clock and loses.
// Stockfish 15.1: clock 99 -> "cp 0" (a quiet rook move); clock 0 -> "mate -11" (depth 46).
TEST(DrawTest, FiftyMoveRuleDrawsWhenTheAlternativeLoses) {
  Engine engine;
  const SearchResult drawn = engine.search("5k2/7q/8/8/8/8/q7/4K2R w - - 99 90", depth_limit(8));
  EXPECT_EQ(drawn.score, 0) << drawn.best_move << " pv " << join(drawn.pv);
  EXPECT_NE(drawn.best_move, "h1h7");
  Engine fresh;
  const SearchResult lost = fresh.search("5k2/7q/8/8/8/8/q7/4K2R w - - 0 90", depth_limit(8));
  EXPECT_LT(lost.score, -500);
}

// A mate delivered by the move that reaches the hundredth half-move is still a mate.
// Stockfish 15.1: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80" -> mate 1 (a1a8).
TEST(DrawTest, CheckmateOnTheHundredthHalfMoveIsStillMate) {
  Engine engine;
  const SearchResult r = engine.search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", depth_limit(4));
  EXPECT_EQ(r.score, mate_in(1));
  EXPECT_EQ(r.best_move, "a1a8");
}

// The same position whose perpetual draws also draws by the clock: with the halfmove clock at
// 99, any quiet White move draws (Stockfish 15.1: "cp 0").
TEST(DrawTest, FiftyMoveClockAloneDraws) {
  Engine engine;
  const SearchResult r = engine.search("6k1/6p1/5p2/7Q/8/8/7K/qq6 w - - 99 80", depth_limit(6));
  EXPECT_EQ(r.score, 0);
}

TEST(DrawTest, InsufficientMaterialScoresZero) {
  // King and knight / king and bishop against a bare king (Stockfish 15.1: "cp 0").
  for (const char* fen : {"8/8/4k3/8/8/3NK3/8/8 w - - 0 1", "8/8/4k3/8/8/3BK3/8/8 b - - 0 1",
                          "8/8/4k3/8/8/3NK3/8/8 b - - 0 1", "8/8/4k3/8/8/4K3/8/8 w - - 0 1"}) {
    SCOPED_TRACE(fen);
    Engine engine;
    const Position root = parse(fen);
    const SearchResult r = engine.search(root, depth_limit(10));
    EXPECT_EQ(r.score, 0);
    EXPECT_TRUE(is_legal_text(root, r.best_move)) << r.best_move;
  }
}

// ---------------------------------------------------------------------------------------------
// Determinism: one thread, fresh tables, same depth -> same nodes, move, score and PV.

const char* const kMiddlegames[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 0 1",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
};

TEST(DeterminismTest, FreshTablesGiveIdenticalSearches) {
  for (const char* fen : kMiddlegames) {
    SCOPED_TRACE(fen);
    Engine a, b;
    const SearchResult ra = a.search(fen, depth_limit(9));
    const SearchResult rb = b.search(fen, depth_limit(9));
    EXPECT_EQ(ra.nodes, rb.nodes);
    EXPECT_EQ(ra.best_move, rb.best_move);
    EXPECT_EQ(ra.score, rb.score);
    EXPECT_EQ(ra.pv, rb.pv);
    EXPECT_EQ(a.searcher->stats().qnodes, b.searcher->stats().qnodes);
    EXPECT_EQ(a.searcher->stats().node_types.counts, b.searcher->stats().node_types.counts);
    ASSERT_EQ(a.reports.size(), b.reports.size());
    for (size_t i = 0; i < a.reports.size(); ++i) EXPECT_EQ(a.reports[i].nodes, b.reports[i].nodes);
  }
}

// What `splitlab bench` relies on: one searcher reused, with the table cleared and the
// history reset (new_game) between positions, repeats the node count of a fresh searcher.
TEST(DeterminismTest, ClearedTableAndNewGameRepeatAFreshSearch) {
  Engine reused;
  for (const char* fen : kMiddlegames) reused.search(fen, depth_limit(7));  // Dirty it.
  for (const char* fen : kMiddlegames) {
    SCOPED_TRACE(fen);
    reused.table.clear();
    reused.searcher->new_game();
    const SearchResult r1 = reused.search(fen, depth_limit(8));
    Engine fresh;
    const SearchResult r2 = fresh.search(fen, depth_limit(8));
    EXPECT_EQ(r1.nodes, r2.nodes);
    EXPECT_EQ(r1.best_move, r2.best_move);
    EXPECT_EQ(r1.score, r2.score);
  }
}

// ---------------------------------------------------------------------------------------------
// searchmoves.

TEST(SearchMovesTest, BestMoveIsFromTheGivenSet) {
  Engine engine;
  SearchLimits limits = depth_limit(7);
  limits.searchmoves = {"a2a3", "h2h3", "b1a3"};
  const SearchResult r = engine.search(std::string(chess::kStartFen), limits);
  EXPECT_TRUE(r.best_move == "a2a3" || r.best_move == "h2h3" || r.best_move == "b1a3")
      << r.best_move;
  ASSERT_FALSE(r.pv.empty());
  EXPECT_EQ(r.pv.front(), r.best_move);
  for (const auto& rep : engine.reports) {
    ASSERT_FALSE(rep.pv.empty());
    EXPECT_TRUE(rep.pv[0] == "a2a3" || rep.pv[0] == "h2h3" || rep.pv[0] == "b1a3") << rep.pv[0];
  }
}

TEST(SearchMovesTest, ExcludingTheMateInOneHidesIt) {
  Engine engine;
  SearchLimits limits = depth_limit(5);
  limits.searchmoves = {"a1a2", "g1f1"};
  const SearchResult r = engine.search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", limits);
  EXPECT_TRUE(r.best_move == "a1a2" || r.best_move == "g1f1") << r.best_move;
  EXPECT_FALSE(is_mate_score(r.score)) << r.score;
}

TEST(SearchMovesTest, SingleMove) {
  Engine engine;
  SearchLimits limits = depth_limit(6);
  limits.searchmoves = {"g2g4"};
  const SearchResult r = engine.search(std::string(chess::kStartFen), limits);
  EXPECT_EQ(r.best_move, "g2g4");
  EXPECT_EQ(r.depth, 6);
}

// ---------------------------------------------------------------------------------------------
// Node limit and stop().

TEST(SearchLimitsTest, NodeLimitStopsNearTheLimit) {
  for (uint64_t limit : {500ull, 5000ull, 50000ull, 300000ull}) {
    SCOPED_TRACE(limit);
    Engine engine;
    SearchLimits limits;
    limits.nodes = limit;
    const Position root = Position::start();
    const SearchResult r = engine.search(root, limits);
    EXPECT_GE(r.nodes, limit);
    EXPECT_LE(r.nodes, 2 * limit + 4096);
    EXPECT_EQ(r.nodes, engine.searcher->nodes());
    EXPECT_TRUE(is_legal_text(root, r.best_move)) << r.best_move;
    EXPECT_LT(r.depth, kMaxPly - 1);
  }
}

// The fen fuzzer's find (experiments/hardening): 25 black men, eight pawns a move from
// promoting, where depth 1 alone takes about 14 million quiescence nodes. The node limit waits
// for that iteration (a searched answer first); the ceiling cuts it, still with a legal move.
TEST(SearchLimitsTest, NodeCeilingCutsEvenTheFirstIteration) {
  const Position root = parse("r3k2r/p1nqppb1/bN2qnpN/3PN3/132pP/2N2bnr/pppppppp/R3K2R w KQkq - 0 1");
  for (uint64_t ceiling : {2000ull, 20000ull}) {
    SCOPED_TRACE(ceiling);
    Engine engine;
    SearchLimits limits = depth_limit(2);
    limits.node_ceiling = ceiling;
    const SearchResult r = engine.search(root, limits);
    EXPECT_GE(r.nodes, ceiling);
    // The ceiling is checked every SearchWorker::kCheckInterval nodes.
    EXPECT_LE(r.nodes, ceiling + SearchWorker<ChessGame>::kCheckInterval);
    EXPECT_EQ(r.depth, 0) << "no iteration completes within the ceiling here";
    EXPECT_TRUE(is_legal_text(root, r.best_move)) << r.best_move;
  }
  // Without it the same search runs on far past the ceiling: the case is real.
  Engine engine;
  SearchLimits limits = depth_limit(1);
  limits.nodes = 20000;
  EXPECT_GT(engine.search(root, limits).nodes, 1000000u);
}

// The same position on a 50 ms movetime: the deadline comes inside depth 1, which then finishes
// in a hurry (every node below the root at its static evaluation) instead of being cut: the
// answer is a completed depth 1's best move, reported, not a move no iteration finished (issue
// 70; before, the answer was the best of the root moves completed, or the first if none was).
TEST(SearchLimitsTest, DeadlineInsideTheFirstIterationFinishesItInAHurry) {
  const Position root = parse("r3k2r/p1nqppb1/bN2qnpN/3PN3/132pP/2N2bnr/pppppppp/R3K2R w KQkq - 0 1");
  Engine engine;
  SearchLimits limits;
  limits.movetime_ms = 50;
  const SearchResult r = engine.search(root, limits);
  EXPECT_EQ(r.depth, 1);
  ASSERT_FALSE(engine.reports.empty());
  EXPECT_EQ(engine.reports.back().depth, 1);
  EXPECT_EQ(engine.reports.back().best_move, r.best_move);
  EXPECT_LT(r.nodes, 7000000u) << "depth 1 ran to its end (about 14 million nodes)";
  EXPECT_TRUE(is_legal_text(root, r.best_move)) << r.best_move;
}

TEST(SearchLimitsTest, DepthLimitCompletesEveryIteration) {
  Engine engine;
  const SearchResult r = engine.search(std::string(chess::kStartFen), depth_limit(7));
  EXPECT_EQ(r.depth, 7);
  int last = 0;
  for (const auto& rep : engine.reports) {
    EXPECT_GE(rep.depth, last);
    last = rep.depth;
  }
  EXPECT_EQ(last, 7);
  EXPECT_EQ(engine.reports.back().nodes, r.nodes);
}

// Runs `run` on another thread; fails (and ends the test binary, since the thread cannot be
// abandoned) if it does not return within `limit`.
SearchResult run_bounded(Engine& engine, const Position& root, const SearchLimits& limits,
                         std::chrono::milliseconds stop_after, double* stop_latency_s) {
  std::promise<SearchResult> done;
  auto future = done.get_future();
  engine.searcher->arm();
  std::thread t([&] {
    done.set_value(engine.searcher->run(root, limits, false, 0, [](const SearchResult&) {}));
  });
  std::this_thread::sleep_for(stop_after);
  const auto stop_time = std::chrono::steady_clock::now();
  engine.searcher->stop();
  if (future.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    std::fprintf(stderr, "FATAL: the search did not end within 10 s of stop()\n");
    std::_Exit(1);
  }
  *stop_latency_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - stop_time).count();
  t.join();
  return future.get();
}

TEST(StopTest, StopFromAnotherThreadEndsAnInfiniteSearchPromptly) {
  for (const char* fen : kMiddlegames) {
    SCOPED_TRACE(fen);
    Engine engine;
    const Position root = parse(fen);
    SearchLimits limits;
    limits.infinite = true;
    double latency = 0;
    const SearchResult r =
        run_bounded(engine, root, limits, std::chrono::milliseconds(300), &latency);
    EXPECT_LT(latency, 0.5);
    EXPECT_TRUE(is_legal_text(root, r.best_move)) << r.best_move;
    EXPECT_GT(r.depth, 0);
    Position pos = root;
    EXPECT_TRUE(play_legal(pos, r.pv));
  }
}

TEST(StopTest, StopAtOnceStillGivesALegalMove) {
  for (int delay_ms : {0, 1, 5}) {
    Engine engine;
    const Position root = Position::start();
    SearchLimits limits;
    limits.infinite = true;
    double latency = 0;
    const SearchResult r =
        run_bounded(engine, root, limits, std::chrono::milliseconds(delay_ms), &latency);
    EXPECT_LT(latency, 0.5);
    EXPECT_TRUE(is_legal_text(root, r.best_move)) << "delay " << delay_ms << ": " << r.best_move;
  }
}

TEST(StopTest, StopBeforeRunIsNotLostAndArmClearsIt) {
  Engine engine;
  const Position root = Position::start();
  engine.searcher->arm();
  engine.searcher->stop();  // A stop that arrives before run() starts.
  SearchLimits limits;
  limits.infinite = true;
  const SearchResult stopped =
      engine.searcher->run(root, limits, false, 0, [](const SearchResult&) {});
  EXPECT_TRUE(is_legal_text(root, stopped.best_move)) << stopped.best_move;
  // arm() clears the stop: the next search runs to its depth.
  const SearchResult full = engine.search(root, depth_limit(5));
  EXPECT_EQ(full.depth, 5);
  EXPECT_TRUE(is_legal_text(root, full.best_move));
}

// ---------------------------------------------------------------------------------------------
// PV legality.

TEST(PvTest, CompletedSearchPvIsALegalLine) {
  for (const char* fen : kMiddlegames) {
    SCOPED_TRACE(fen);
    Engine engine;
    const Position root = parse(fen);
    const SearchResult r = engine.search(root, depth_limit(9));
    ASSERT_FALSE(r.pv.empty());
    EXPECT_EQ(r.pv.front(), r.best_move);
    Position pos = root;
    EXPECT_TRUE(play_legal(pos, r.pv)) << join(r.pv);
    if (r.pv.size() > 1) {
      EXPECT_EQ(r.ponder_move, r.pv[1]);
    }
    // Every reported iteration's PV is legal too.
    for (const auto& rep : engine.reports) {
      Position p = root;
      EXPECT_TRUE(play_legal(p, rep.pv)) << "depth " << rep.depth << ": " << join(rep.pv);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Every table scheme and replacement policy: a legal move and the mate in 2 at fixed depth.

class TableConfigTest
    : public ::testing::TestWithParam<std::tuple<TtEntryScheme, TtReplacePolicy>> {};

TEST_P(TableConfigTest, FindsMateInTwoAndLegalMoves) {
  const auto [scheme, policy] = GetParam();
  // Stockfish 15.1: mate 2 (d5f6 g7f6 c4f7).
  const char* mate2 = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
  for (size_t megabytes : {size_t{1}, size_t{0}}) {  // 0: one bucket, everything collides.
    SCOPED_TRACE(megabytes);
    Engine engine(1, scheme, policy);
    if (megabytes == 0) {
      std::string error;
      ASSERT_TRUE(engine.table.resize_buckets(1, &error)) << error;
    }
    const Position root = parse(mate2);
    const SearchResult r = engine.search(root, depth_limit(6));
    EXPECT_EQ(r.score, mate_in(3));
    Position pos = root;
    ASSERT_TRUE(play_legal(pos, r.pv));
    EXPECT_TRUE(is_checkmate(pos)) << join(r.pv);
    // A quiet middlegame, searched twice on the same table (the second search reads entries
    // of the first): legal moves and legal PVs.
    for (int i = 0; i < 2; ++i) {
      const Position mid = parse(kMiddlegames[1]);
      const SearchResult m = engine.search(mid, depth_limit(7));
      EXPECT_TRUE(is_legal_text(mid, m.best_move)) << m.best_move;
      Position p = mid;
      EXPECT_TRUE(play_legal(p, m.pv));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    AllSchemesAndPolicies, TableConfigTest,
    ::testing::Combine(::testing::ValuesIn(hashing::kAllTtEntrySchemes),
                       ::testing::ValuesIn(hashing::kAllTtReplacePolicies)),
    [](const auto& info) {
      std::string name = std::string(hashing::tt_entry_scheme_name(std::get<0>(info.param))) +
                         "_" +
                         std::string(hashing::tt_replace_policy_name(std::get<1>(info.param)));
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

// Statistics: the per-thread counters are filled in and consistent with the node count.
TEST(StatsTest, CountersAreConsistent) {
  Engine engine;
  const SearchResult r = engine.search(kMiddlegames[1], depth_limit(8));
  const SearchStats& s = engine.searcher->stats();
  EXPECT_EQ(engine.searcher->nodes(), r.nodes);
  EXPECT_GT(s.qnodes, 0u);
  EXPECT_LT(s.qnodes, r.nodes);
  EXPECT_GT(s.node_types.total(), 0u);
  EXPECT_LT(s.node_types.total(), r.nodes);
  EXPECT_GT(s.tt.probes, 0u);
  EXPECT_GT(s.tt.stores, 0u);
}

// SearchStats::nodes is documented as a per-thread counter ("Counters one thread keeps while it
// searches"; DESIGN.md: "Each search reports: nodes per thread") and is summed by bench; it
// should equal the thread's node count.
TEST(StatsTest, StatsNodesEqualsTheNodeCount) {
  Engine engine;
  const SearchResult r = engine.search(kMiddlegames[1], depth_limit(6));
  EXPECT_EQ(engine.searcher->stats().nodes, r.nodes);
}

}  // namespace
}  // namespace splitlab::search
