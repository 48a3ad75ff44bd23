// The switchable search techniques (search_features.h): names parsed and described, bad names
// named; with each one on (and with all of them), the single-threaded search still finds exact
// mates with a mating move, stays deterministic, and searches a different tree than without
// it (a switch that changes nothing would be tested in games for nothing).
#include <gtest/gtest.h>

#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/chess/bench_positions.h"
#include "engine/chess/chess_game.h"
#include "engine/chess/test_support.h"
#include "engine/core/score.h"
#include "engine/search/search_features.h"
#include "engine/search/searcher.h"
#include "engine/search/time_manager.h"
#include "engine/xiangqi/xiangqi_game.h"
#include "hashing/tt.h"

namespace splitlab::search {
namespace {

using chess::ChessGame;
using chess::Position;

TEST(SearchFeaturesText, ParsesListsAndDescribesThem) {
  SearchFeatures f;
  std::string error;
  ASSERT_TRUE(parse_search_features("futility,lmp", f, error)) << error;
  EXPECT_TRUE(f.futility);
  EXPECT_TRUE(f.late_move_pruning);
  EXPECT_FALSE(f.razoring);
  EXPECT_EQ(describe_search_features(f), "futility,lmp");
  ASSERT_TRUE(parse_search_features("none", f, error));
  EXPECT_EQ(f, SearchFeatures{});
  EXPECT_EQ(describe_search_features(f), "none");
  std::string all;
  for (auto name : kSearchFeatureNames) all += (all.empty() ? "" : ",") + std::string(name);
  ASSERT_TRUE(parse_search_features(all, f, error)) << error;
  EXPECT_EQ(describe_search_features(f), all);
}

// Each game starts from its own accepted list (a technique is accepted per game), and each
// list names only known features, in their canonical order.
TEST(SearchFeaturesText, EachGameStartsFromItsOwnDefaultList) {
  for (std::string_view list :
       {ChessGame::kDefaultSearchFeatures, xiangqi::XiangqiGame::kDefaultSearchFeatures}) {
    SearchFeatures f;
    std::string error;
    ASSERT_TRUE(parse_search_features(list, f, error)) << error;
    EXPECT_EQ(describe_search_features(f), list);
    EXPECT_EQ(search_features_of(list), f);
  }
  EXPECT_NE(default_search_features<ChessGame>(), default_search_features<xiangqi::XiangqiGame>());
  hashing::TranspositionTable table;
  std::string error;
  ASSERT_TRUE(table.resize(1, &error)) << error;
  Searcher<ChessGame> chess_searcher(table);
  EXPECT_EQ(chess_searcher.shared_state().features, default_search_features<ChessGame>());
  Searcher<xiangqi::XiangqiGame> xiangqi_searcher(table);
  EXPECT_EQ(xiangqi_searcher.shared_state().features,
            default_search_features<xiangqi::XiangqiGame>());
}

TEST(SearchFeaturesText, BadNamesAreNamedAndChangeNothing) {
  SearchFeatures f;
  f.iir = true;
  std::string error;
  EXPECT_FALSE(parse_search_features("futility,lnp", f, error));
  EXPECT_NE(error.find("'lnp'"), std::string::npos) << error;
  EXPECT_NE(error.find("futility, lmp"), std::string::npos) << error;  // Lists the known ones.
  EXPECT_TRUE(f.iir);
  EXPECT_FALSE(f.futility);
  EXPECT_FALSE(parse_search_features("futility,", f, error));  // An empty name.
  EXPECT_FALSE(parse_search_features("Futility", f, error));   // Names are exact.
  EXPECT_FALSE(parse_search_features("clasic", f, error));
  EXPECT_NE(error.find("classic"), std::string::npos) << error;  // The form is named too.
}

// The form `classic` (issue 71): parsed alone or with techniques, described back the same way,
// and never among the techniques that "every feature" lists name.
TEST(SearchFeaturesText, TheClassicFormParsesAloneOrWithTechniques) {
  SearchFeatures f;
  std::string error;
  ASSERT_TRUE(parse_search_features("classic", f, error)) << error;
  EXPECT_TRUE(f.classic);
  SearchFeatures only_classic;
  only_classic.classic = true;
  EXPECT_EQ(f, only_classic);
  EXPECT_EQ(describe_search_features(f), "classic");
  ASSERT_TRUE(parse_search_features("classic,futility", f, error)) << error;
  EXPECT_TRUE(f.classic && f.futility);
  EXPECT_EQ(describe_search_features(f), "classic,futility");
  for (auto name : kSearchFeatureNames) EXPECT_NE(name, kClassicSearchName);
}

struct Engine {
  hashing::TranspositionTable table;
  std::unique_ptr<Searcher<ChessGame>> searcher;

  explicit Engine(const SearchFeatures& features) {
    std::string error;
    EXPECT_TRUE(table.resize(16, &error)) << error;
    searcher = std::make_unique<Searcher<ChessGame>>(table);
    searcher->shared_state().features = features;
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

// The node count of the search with no feature to `depth` from `fen` at the default tuning,
// searched once for every feature's comparison (a search from fresh tables is deterministic;
// DeterministicAndNotTheSameTreeAsWithout checks that of each feature's own search).
uint64_t nodes_without_features(Engine& without, const Position& pos, int depth) {
  static std::map<std::pair<std::string, int>, uint64_t> known;
  const auto key = std::make_pair(pos.fen(), depth);
  if (auto it = known.find(key); it != known.end()) return it->second;
  return known[key] = without.search(pos, depth).nodes;
}

SearchFeatures features_named(const std::string& name) {
  SearchFeatures f;
  std::string error;
  std::string list = name;
  if (name == "all") {
    list.clear();
    for (auto n : kSearchFeatureNames) list += (list.empty() ? "" : ",") + std::string(n);
  }
  EXPECT_TRUE(parse_search_features(list, f, error)) << error;
  return f;
}

class FeatureTest : public ::testing::TestWithParam<std::string> {};

// Mates confirmed with Stockfish 15.1 (see engine/search/search_test.cc, which holds the
// referee's mating moves); searched to 4N+2 plies as there.
struct Mate {
  const char* fen;
  int moves;
};
const Mate kMates[] = {
    {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
    {"r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", 2},
    {"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2},
    {"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3},
    {"1k6/8/8/2K5/8/8/8/7R w - - 0 1", 3},
    {"r1bk3r/pppq1ppp/5n2/4N1N1/2Bp4/Bn6/P4PPP/4R1K1 w - - 1 1", 4},
    {"8/8/8/1Q6/8/8/8/2k2K2 w - - 0 1", 4},
};

TEST_P(FeatureTest, FindsExactMatesWithAMatingMove) {
  Engine engine(features_named(GetParam()));
  for (const Mate& m : kMates) {
    const Position root = chess::test_support::Parse(m.fen);
    const SearchResult r = engine.search(root, 4 * m.moves + 2);
    EXPECT_EQ(r.score, mate_in(2 * m.moves - 1)) << m.fen << ": " << score_to_uci(r.score);
    Position pos = root;
    ASSERT_TRUE(chess::test_support::play_legal(pos, r.pv)) << m.fen;
    EXPECT_EQ(int(r.pv.size()), 2 * m.moves - 1) << m.fen;
    EXPECT_TRUE(chess::test_support::is_checkmate(pos)) << m.fen << ": the PV ends in " << pos.fen();
  }
}

TEST_P(FeatureTest, DeterministicAndNotTheSameTreeAsWithout) {
  Engine with(features_named(GetParam())), without(features_named("none"));
  if (GetParam() == "history-lmr") {
    // At chess's tuned divisor (2393) a history rarely moves a reduction by a ply at depth 8
    // (bench at depth 10: 314 nodes of 1.8 M), so its effect is shown at 1000, where it can.
    SearchTuning tuning = with.searcher->shared_state().tuning;
    tuning.lmr_history_divisor = 1000;
    with.searcher->shared_state().set_tuning(tuning);
    without.searcher->shared_state().set_tuning(tuning);
  }
  uint64_t nodes_with = 0, nodes_again = 0, nodes_without = 0;
  // Endgame knowledge needs endgames: the middlegames rarely reach one by depth 8.
  const char* const kEndgames[] = {
      "7k/8/8/8/8/7P/7P/4KB2 w - - 0 1", "8/4k3/3b4/8/3P4/3BK3/8/8 w - - 0 1",
      "8/8/4kb2/8/8/3RK3/8/8 w - - 0 1", "8/8/8/4k3/8/8/2P5/2K5 w - - 0 1",
      "8/5k2/8/8/3K4/8/3P4/8 w - - 0 1", "8/8/4kr2/8/8/2NRK3/8/8 w - - 0 1"};
  const bool endgames = GetParam() == "endgame-knowledge";
  // history-lmr takes a ply off only where a move's history passes 8192, which the first six
  // positions at depth 8 may never reach (with the tuned evaluation they do not): it gets all.
  const int positions = GetParam() == "history-lmr" ? int(std::size(chess::kBenchPositions)) : 6;
  for (int i = 0; i < positions; ++i) {
    const Position pos =
        chess::test_support::Parse(endgames ? kEndgames[i] : chess::kBenchPositions[i].fen);
    const int depth = 8;
    const SearchResult a = with.search(pos, depth);
    const SearchResult b = with.search(pos, depth);
    EXPECT_EQ(a.nodes, b.nodes) << chess::kBenchPositions[i].id;
    EXPECT_EQ(a.best_move, b.best_move) << chess::kBenchPositions[i].id;
    EXPECT_TRUE(chess::test_support::is_legal_text(pos, a.best_move));
    nodes_with += a.nodes;
    nodes_again += b.nodes;
    // history-lmr's comparison is at another tuning than the default's (above).
    nodes_without += GetParam() == "history-lmr" ? without.search(pos, depth).nodes
                                                 : nodes_without_features(without, pos, depth);
  }
  EXPECT_EQ(nodes_with, nodes_again);
  if (GetParam() == "smart-time" || GetParam() == "time-reserve" || GetParam() == "tt-prefetch" ||
      GetParam() == "time-floor" || GetParam() == "smart-time-2" ||
      GetParam() == "deferred-researches") {
    // Time management or speed only, or parallel search only (deferred-researches acts at split
    // points; parallel_test searches with it): one thread to a fixed depth is the same search.
    EXPECT_EQ(nodes_with, nodes_without);
  } else {
    EXPECT_NE(nodes_with, nodes_without) << GetParam() << " changed nothing at depth 8";
  }
}

// Kc7 Ka7 Ra1# (the mate confirmed by Stockfish 15.1): at depth 2 the mating check falls
// just past the horizon, where only qsearch-checks sees it.
TEST(QsearchChecks, SeesAQuietMateJustPastTheHorizon) {
  const Position pos = chess::test_support::Parse("k7/8/2K5/8/8/8/8/1R6 w - - 0 1");
  SearchFeatures checks = features_named("qsearch-checks");
  Engine with(checks), without(features_named("none"));
  const SearchResult a = with.search(pos, 2), b = without.search(pos, 2);
  EXPECT_EQ(a.score, mate_in(3)) << score_to_uci(a.score);
  EXPECT_FALSE(is_mate_score(b.score)) << score_to_uci(b.score);
}

TEST(TimeReserve, TheMaximumKeepsOutOfTheReserve) {
  SearchLimits limits;
  limits.time_left_ms[0] = 300;
  limits.increment_ms[0] = 50;
  TimeManager plain, reserved;
  plain.start(limits, 0, 50);
  reserved.start(limits, 0, 50, TimeManager::Clock::now(), TimeManager::ClockPolicy::kReserve);
  // Without the reserve: 250 ms available, optimum 250/30 + 37 = 45, maximum 4x that.
  EXPECT_EQ(plain.optimum_ms(), 45);
  EXPECT_EQ(plain.maximum_ms(), 180);
  // A reserve of 4 x 50 ms: 100 ms may be spent.
  EXPECT_EQ(reserved.maximum_ms(), 100);
  EXPECT_EQ(reserved.optimum_ms(), 45);
  // Inside the reserve: half an increment, so the clock grows back.
  limits.time_left_ms[0] = 220;
  reserved.start(limits, 0, 50, TimeManager::Clock::now(), TimeManager::ClockPolicy::kReserve);
  EXPECT_EQ(reserved.maximum_ms(), 25);
  EXPECT_LE(reserved.optimum_ms(), 25);
  // The reserve counts in margins of max(Move Overhead, 20 ms).
  reserved.start(limits, 0, 0, TimeManager::Clock::now(), TimeManager::ClockPolicy::kReserve);
  EXPECT_EQ(reserved.maximum_ms(), 220 - 80);
  // On a comfortable clock, or without an increment, it changes nothing.
  limits.time_left_ms[0] = 1000;
  plain.start(limits, 0, 50);
  reserved.start(limits, 0, 50, TimeManager::Clock::now(), TimeManager::ClockPolicy::kReserve);
  EXPECT_EQ(plain.optimum_ms(), reserved.optimum_ms());
  EXPECT_EQ(plain.maximum_ms(), reserved.maximum_ms());
  limits.time_left_ms[0] = 300;
  limits.increment_ms[0] = 0;
  plain.start(limits, 0, 50);
  reserved.start(limits, 0, 50, TimeManager::Clock::now(), TimeManager::ClockPolicy::kReserve);
  EXPECT_EQ(plain.maximum_ms(), reserved.maximum_ms());
}

TEST(TimeFloor, ThePlanLeavesTheFloorOutAndNoMoveCrossesHalfOfIt) {
  SearchLimits limits;
  limits.increment_ms[0] = 30;
  const auto floor = TimeManager::ClockPolicy::kFloor;
  TimeManager plain, floored;
  // At the start of a 3+0.03 game: the plan shares 3000 - 200 ms, not 3000 - 50.
  limits.time_left_ms[0] = 3000;
  plain.start(limits, 0, 50);
  floored.start(limits, 0, 50, TimeManager::Clock::now(), floor);
  EXPECT_EQ(plain.optimum_ms(), 2950 / 30 + 22);
  EXPECT_EQ(floored.optimum_ms(), 2800 / 30 + 22);
  EXPECT_EQ(floored.maximum_ms(), 4 * floored.optimum_ms());
  // On the floor the optimum is 0.75 increments and the maximum keeps 100 ms on the clock.
  limits.time_left_ms[0] = 200;
  floored.start(limits, 0, 50, TimeManager::Clock::now(), floor);
  EXPECT_EQ(floored.optimum_ms(), 22);
  EXPECT_EQ(floored.maximum_ms(), 88);  // 4 optima, under 0.75 x 150 and 200 - 100.
  // Below it the optimum shrinks so the clock climbs back, and the maximum stops at half the
  // floor, where kPlain would spend 0.75 of the clock left after the overhead.
  limits.time_left_ms[0] = 140;
  plain.start(limits, 0, 50);
  floored.start(limits, 0, 50, TimeManager::Clock::now(), floor);
  EXPECT_EQ(floored.optimum_ms(), -60 / 30 + 22);
  EXPECT_EQ(floored.maximum_ms(), 40);
  EXPECT_EQ(plain.maximum_ms(), 67);
  // Far below it: at least a quarter increment, and the maximum one increment.
  limits.time_left_ms[0] = 60;
  floored.start(limits, 0, 50, TimeManager::Clock::now(), floor);
  EXPECT_EQ(floored.optimum_ms(), 7);
  EXPECT_EQ(floored.maximum_ms(), 7);  // 0.75 x (60 - 50) caps even the increment.
  // The floor counts in margins of max(Move Overhead, 20 ms).
  limits.time_left_ms[0] = 380;
  floored.start(limits, 0, 0, TimeManager::Clock::now(), floor);
  EXPECT_EQ(floored.optimum_ms(), 300 / 30 + 22);
  // Without an increment it is the plain plan.
  limits.increment_ms[0] = 0;
  limits.time_left_ms[0] = 300;
  plain.start(limits, 0, 50);
  floored.start(limits, 0, 50, TimeManager::Clock::now(), floor);
  EXPECT_EQ(plain.optimum_ms(), floored.optimum_ms());
  EXPECT_EQ(plain.maximum_ms(), floored.maximum_ms());
}

TEST(IterationTrend, MoreTimeWhenTheMoveChangesOrTheScoreFallsLessWhenStable) {
  IterationTrend trend;
  EXPECT_DOUBLE_EQ(trend.scale(), 1.0);
  for (int i = 0; i < 4; ++i) trend.update(false, 30, 30);
  EXPECT_DOUBLE_EQ(trend.scale(), 0.75);  // The same move four iterations running.
  trend.update(true, 30, 30);
  EXPECT_DOUBLE_EQ(trend.scale(), 1.5);  // A new best move.
  trend.update(true, 30, 30);
  EXPECT_DOUBLE_EQ(trend.scale(), 1.75);  // Changes add up, the older one halved.
  trend.update(false, 30, 30);
  EXPECT_DOUBLE_EQ(trend.scale(), 1.375);
  trend.update(false, -20, 30);  // A 50 cp drop.
  EXPECT_DOUBLE_EQ(trend.scale(), (1.0 + 0.5 * 0.375) * 1.5);
  IterationTrend wild;
  for (int i = 0; i < 10; ++i) wild.update(true, -300 * i, -300 * (i - 1));
  EXPECT_DOUBLE_EQ(wild.scale(), 2.5);  // Capped.
}

TEST(IterationTrend, TheSecondFormJudgesStabilityByTheBestMovesShareOfTheNodes) {
  IterationTrend trend;
  EXPECT_NEAR(trend.scale_with_effort(0.69), 1.0, 0.01);  // The median effort: the optimum.
  EXPECT_DOUBLE_EQ(trend.scale_with_effort(1.0), 0.6);    // Nothing came close: stop soonest.
  EXPECT_DOUBLE_EQ(trend.scale_with_effort(0.0), 1.6);    // Capped.
  EXPECT_GT(trend.scale_with_effort(0.3), trend.scale_with_effort(0.9));
  // Stable iterations alone no longer shorten it: the effort does.
  for (int i = 0; i < 4; ++i) trend.update(false, 30, 30);
  EXPECT_DOUBLE_EQ(trend.scale(), 0.75);
  EXPECT_NEAR(trend.scale_with_effort(0.69), 1.0, 0.01);
  // A new best move and a falling score multiply as in the first form.
  trend.update(true, -20, 30);
  EXPECT_DOUBLE_EQ(trend.scale_with_effort(0.69), 1.5 * 1.5 * (1.9 - 1.3 * 0.69));
}

// The effort behind the second form: the best root move's share of the root's nodes.
TEST(BestMoveEffort, NearlyAllOnAnObviousRecaptureAndSharedInAQuietPosition) {
  hashing::TranspositionTable table;
  std::string error;
  ASSERT_TRUE(table.resize(1, &error)) << error;
  Searcher<ChessGame> searcher(table);
  searcher.shared_state().features = features_named("none");
  auto effort_at_depth = [&](std::string_view fen, int depth) {
    const Position pos = chess::test_support::Parse(fen);
    SearchLimits limits;
    limits.depth = depth;
    searcher.arm();
    searcher.run(pos, limits, false, 0, [&](const SearchResult&) {});
    return searcher.best_move_effort();
  };
  // The rook takes the hanging queen: nothing else comes close.
  const double recapture = effort_at_depth("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 8);
  const double quiet = effort_at_depth(chess::kBenchPositions[0].fen, 8);
  EXPECT_GT(recapture, 0.9);
  EXPECT_GT(quiet, 0.0);
  EXPECT_LT(quiet, recapture);
  // One legal move: all of the effort.
  EXPECT_DOUBLE_EQ(effort_at_depth("R6k/6p1/8/8/8/8/8/6K1 b - - 0 1", 4), 1.0);
}

// The classic form searches without late-move reductions and reverse futility: a larger tree
// than the search with no technique, the same one every time, and it still finds the mates
// (to 2N+2 plies: a full-width tree grows too fast for 4N+2 in a unit test).
TEST(ClassicSearch, ALargerDeterministicTreeThatFindsTheMates) {
  Engine classic(features_named("classic")), none(features_named("none"));
  uint64_t classic_nodes = 0, none_nodes = 0;
  for (int i = 0; i < 6; ++i) {
    const Position pos = chess::test_support::Parse(chess::kBenchPositions[i].fen);
    const SearchResult a = classic.search(pos, 7);
    const SearchResult b = classic.search(pos, 7);
    EXPECT_EQ(a.nodes, b.nodes) << chess::kBenchPositions[i].id;
    EXPECT_EQ(a.best_move, b.best_move) << chess::kBenchPositions[i].id;
    EXPECT_TRUE(chess::test_support::is_legal_text(pos, a.best_move));
    classic_nodes += a.nodes;
    none_nodes += none.search(pos, 7).nodes;
  }
  EXPECT_GT(classic_nodes, none_nodes) << "no larger than the reduced search";
  for (const Mate& m : kMates) {
    if (m.moves > 3) continue;
    const Position root = chess::test_support::Parse(m.fen);
    const SearchResult r = classic.search(root, 2 * m.moves + 2);
    EXPECT_EQ(r.score, mate_in(2 * m.moves - 1)) << m.fen << ": " << score_to_uci(r.score);
    Position pos = root;
    ASSERT_TRUE(chess::test_support::play_legal(pos, r.pv)) << m.fen;
    EXPECT_TRUE(chess::test_support::is_checkmate(pos)) << m.fen;
  }
}

std::vector<std::string> feature_params() {
  std::vector<std::string> out(kSearchFeatureNames.begin(), kSearchFeatureNames.end());
  out.push_back("all");
  return out;
}

INSTANTIATE_TEST_SUITE_P(Each, FeatureTest, ::testing::ValuesIn(feature_params()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace splitlab::search
