// The tuned parameters (search_tuning.h): text parsed and described, bad names and values
// named; the default reduction table is the hand-set formula's; each parameter changes the
// tree searched to a fixed depth, and the search stays deterministic under any setting.
#include "engine/search/search_tuning.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "engine/chess/bench_positions.h"
#include "engine/chess/chess_game.h"
#include "engine/chess/test_support.h"
#include "engine/search/searcher.h"
#include "engine/xiangqi/xiangqi_game.h"
#include "hashing/tt.h"

namespace splitlab::search {
namespace {

TEST(SearchTuningText, ParsesAndDescribes) {
  const SearchTuning hand_set;
  SearchTuning t;
  std::string error;
  EXPECT_EQ(describe_search_tuning(t, hand_set), "default");
  ASSERT_TRUE(parse_search_tuning("LmrDivisor=180,LmrBase=75", hand_set, t, error)) << error;
  EXPECT_EQ(t.lmr_divisor, 180);
  EXPECT_EQ(t.lmr_base, 75);
  EXPECT_EQ(t.lmr_history_divisor, hand_set.lmr_history_divisor);
  EXPECT_EQ(describe_search_tuning(t, hand_set), "LmrBase=75,LmrDivisor=180");
  ASSERT_TRUE(parse_search_tuning("", hand_set, t, error)) << error;
  EXPECT_EQ(t, hand_set);
  // Every parameter's name parses, and its range ends are accepted.
  for (const TuningParameter& p : kTuningParameters) {
    const std::string name(p.name);
    ASSERT_TRUE(parse_search_tuning(name + "=" + std::to_string(p.min), hand_set, t, error))
        << error;
    EXPECT_EQ(t.*(p.field), p.min);
    ASSERT_TRUE(parse_search_tuning(name + "=" + std::to_string(p.max), hand_set, t, error))
        << error;
    EXPECT_EQ(t.*(p.field), p.max);
  }
}

// Text is read over a base (a game's default, or earlier text): what it names changes, the
// rest is the base's, and a name given twice takes its last value.
TEST(SearchTuningText, ReadsOverItsBase) {
  const SearchTuning chess = chess::ChessGame::kDefaultSearchTuning;
  SearchTuning t;
  std::string error;
  ASSERT_TRUE(parse_search_tuning("LmrBase=70", chess, t, error)) << error;
  EXPECT_EQ(t.lmr_base, 70);
  EXPECT_EQ(t.lmr_divisor, chess.lmr_divisor);
  EXPECT_EQ(t.lmr_history_divisor, chess.lmr_history_divisor);
  EXPECT_EQ(describe_search_tuning(t, chess), "LmrBase=70");
  ASSERT_TRUE(parse_search_tuning("LmrDivisor=300", t, t, error)) << error;  // Adds up.
  EXPECT_EQ(t.lmr_base, 70);
  EXPECT_EQ(t.lmr_divisor, 300);
  ASSERT_TRUE(parse_search_tuning("LmrBase=10,LmrBase=20", chess, t, error)) << error;
  EXPECT_EQ(t.lmr_base, 20);
}

// Each game starts from its own default tuning, as it does from its own feature list: chess
// from its SPSA values, xiangqi from the hand-set ones its games have not replaced.
TEST(SearchTuningDefaults, EachGameStartsFromItsOwn) {
  EXPECT_EQ(xiangqi::XiangqiGame::kDefaultSearchTuning, SearchTuning{});
  EXPECT_NE(chess::ChessGame::kDefaultSearchTuning, SearchTuning{});
  // Within each parameter's range, so the UCI option can show it as its default.
  for (const SearchTuning& defaults : {chess::ChessGame::kDefaultSearchTuning, xiangqi::XiangqiGame::kDefaultSearchTuning})
    for (const TuningParameter& p : kTuningParameters) {
      EXPECT_GE(defaults.*(p.field), p.min) << p.name;
      EXPECT_LE(defaults.*(p.field), p.max) << p.name;
    }
  hashing::TranspositionTable table;
  std::string error;
  ASSERT_TRUE(table.resize(1, &error)) << error;
  Searcher<chess::ChessGame> chess_searcher(table);
  EXPECT_EQ(chess_searcher.shared_state().tuning, chess::ChessGame::kDefaultSearchTuning);
  Searcher<xiangqi::XiangqiGame> xiangqi_searcher(table);
  EXPECT_EQ(xiangqi_searcher.shared_state().tuning, xiangqi::XiangqiGame::kDefaultSearchTuning);
  // The reduction table is rebuilt with the tuning, not left at the hand-set one.
  const LateMoveReductions chess_table(chess::ChessGame::kDefaultSearchTuning);
  for (int d = 0; d < 64; ++d)
    for (int m = 0; m < 64; ++m)
      ASSERT_EQ(chess_searcher.shared_state().reductions(d, m), chess_table(d, m)) << d << " " << m;
  EXPECT_NE(chess_table(20, 30), LateMoveReductions()(20, 30));
}

TEST(SearchTuningText, BadInputIsNamedAndChangesNothing) {
  SearchTuning t;
  t.lmr_base = 80;
  std::string error;
  EXPECT_FALSE(parse_search_tuning("LmrDivisr=180", SearchTuning{}, t, error));
  EXPECT_NE(error.find("'LmrDivisr'"), std::string::npos) << error;
  EXPECT_NE(error.find("LmrDivisor"), std::string::npos) << error;  // Lists the known ones.
  EXPECT_FALSE(parse_search_tuning("LmrDivisor=18O", SearchTuning{}, t, error));
  EXPECT_NE(error.find("'18O'"), std::string::npos) << error;
  EXPECT_FALSE(parse_search_tuning("LmrDivisor=49", SearchTuning{}, t, error));  // Below its range.
  EXPECT_NE(error.find("50 to 1000"), std::string::npos) << error;
  EXPECT_FALSE(parse_search_tuning("LmrBase=", SearchTuning{}, t, error));
  EXPECT_FALSE(parse_search_tuning("LmrBase", SearchTuning{}, t, error));
  EXPECT_NE(error.find("NAME=VALUE"), std::string::npos) << error;
  EXPECT_FALSE(parse_search_tuning("LmrBase=60,,LmrDivisor=100", SearchTuning{}, t, error));  // Empty item.
  EXPECT_FALSE(parse_search_tuning("LmrBase=60,", SearchTuning{}, t, error));
  EXPECT_FALSE(parse_search_tuning("lmrbase=60", SearchTuning{}, t, error));  // Names are exact.
  EXPECT_EQ(t.lmr_base, 80);
}

// The table the search used before the parameters existed, written out independently.
TEST(LateMoveReductions, DefaultIsTheHandSetTable) {
  const LateMoveReductions table;
  for (int d = 0; d < 64; ++d)
    for (int m = 0; m < 64; ++m) {
      const int hand_set = d && m ? int(0.5 + std::log(d) * std::log(m) / 2.0) : 0;
      ASSERT_EQ(table(d, m), hand_set) << "depth " << d << ", move " << m;
    }
  EXPECT_EQ(table(200, 200), table(63, 63));  // Beyond the table: its last row and column.
}

TEST(LateMoveReductions, FollowsItsParameters) {
  SearchTuning deeper;
  deeper.lmr_divisor = 100;  // Twice the logarithmic part.
  SearchTuning flat;
  flat.lmr_base = 300;
  flat.lmr_divisor = 1000;
  const LateMoveReductions normal, more(deeper), shallow_slope(flat);
  EXPECT_EQ(normal(10, 20), int(0.5 + std::log(10) * std::log(20) / 2.0));
  EXPECT_EQ(more(10, 20), int(0.5 + std::log(10) * std::log(20)));
  EXPECT_EQ(shallow_slope(10, 20), int(3.0 + std::log(10) * std::log(20) / 10.0));
  EXPECT_EQ(shallow_slope(10, 0), 0);  // The first move is never reduced.
  SearchTuning none;
  none.lmr_base = 0;
  none.lmr_divisor = 1000;
  EXPECT_EQ(LateMoveReductions(none)(3, 3), 0);
}

uint64_t nodes_at_depth(const SearchTuning& tuning, bool history_lmr, int depth) {
  hashing::TranspositionTable table;
  std::string error;
  EXPECT_TRUE(table.resize(16, &error)) << error;
  Searcher<chess::ChessGame> searcher(table);
  searcher.shared_state().set_tuning(tuning);
  searcher.shared_state().features.history_lmr = history_lmr;
  uint64_t nodes = 0;
  for (int i = 0; i < 8; ++i) {
    SearchLimits limits;
    limits.depth = depth;
    table.clear();
    searcher.new_game();
    searcher.arm();
    nodes += searcher
                 .run(chess::test_support::Parse(chess::kBenchPositions[i].fen), limits, false, 0,
                      [](const SearchResult&) {})
                 .nodes;
  }
  return nodes;
}

// Each parameter reaches the search (a tuner's games would otherwise compare equal engines),
// and a setting searches the same tree every time.
TEST(SearchTuningSearch, EachParameterChangesTheTreeAndStaysDeterministic) {
  const SearchTuning defaults;
  const uint64_t plain = nodes_at_depth(defaults, false, 9);
  const uint64_t with_history = nodes_at_depth(defaults, true, 9);
  for (const TuningParameter& p : kTuningParameters) {
    SearchTuning changed;
    changed.*(p.field) = (changed.*(p.field)) / 2;  // Every default's half is in its range.
    ASSERT_GE(changed.*(p.field), p.min) << p.name;
    const bool history = p.name == "LmrHistoryDivisor";  // Only read with history-lmr.
    const uint64_t nodes = nodes_at_depth(changed, history, 9);
    EXPECT_NE(nodes, history ? with_history : plain) << p.name << " changed nothing";
    EXPECT_EQ(nodes, nodes_at_depth(changed, history, 9)) << p.name;
  }
}

}  // namespace
}  // namespace splitlab::search
