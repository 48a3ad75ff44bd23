// The game registry (games.h): names, unknown names, dispatch to each game's traits type, and
// every game's defaults checked as the search will use them.
#include "engine/games/games.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <type_traits>

#include "engine/search/searcher.h"
#include "hashing/tt.h"

namespace splitlab {
namespace {

TEST(GameRegistry, EveryGameIsFoundByItsNamesAndIdsAgree) {
  ASSERT_EQ(kGames.size(), 2u);
  for (const GameInfo& game : kGames) {
    GameId id = GameId::kXiangqi == game.id ? GameId::kChess : GameId::kXiangqi;  // Not it.
    std::string error;
    ASSERT_TRUE(parse_game(game.name, id, error)) << error;
    EXPECT_EQ(id, game.id);
    EXPECT_EQ(&game_info(id), &game);
    for (std::string_view other : game.other_names) {
      ASSERT_TRUE(parse_game(other, id, error)) << other << ": " << error;
      EXPECT_EQ(id, game.id) << other;
    }
  }
  GameId id;
  std::string error;
  ASSERT_TRUE(parse_game("standard", id, error));  // cutechess's name for chess.
  EXPECT_EQ(id, GameId::kChess);
  EXPECT_EQ(game_info(GameId::kChess).variant_name, "standard");
  EXPECT_EQ(game_info(GameId::kXiangqi).uci_variant, "xiangqi");
  EXPECT_EQ(game_info(GameId::kChess).uci_variant, "");
}

TEST(GameRegistry, AnUnknownNameIsAnErrorThatNamesItAndTheGames) {
  GameId id = GameId::kXiangqi;
  std::string error;
  for (const char* bad : {"go", "", "Chess", "xiangqi ", "shogi"}) {
    EXPECT_FALSE(parse_game(bad, id, error)) << bad;
    EXPECT_EQ(error, "unknown game '" + std::string(bad) + "' (chess, xiangqi)");
    EXPECT_EQ(id, GameId::kXiangqi) << "unchanged on an error";
  }
  EXPECT_EQ(game_names(), "chess, xiangqi");
  EXPECT_EQ(game_names("|"), "chess|xiangqi");
}

TEST(GameRegistry, WithGameCallsTheTraitsTypeOfTheId) {
  for (const GameInfo& game : kGames) {
    const std::string_view name =
        with_game(game.id, []<typename G>(std::type_identity<G>) { return G::kName; });
    EXPECT_EQ(name, game.name);
    const GameId round_trip =
        with_game(game.id, []<typename G>(std::type_identity<G>) { return game_id_of<G>(); });
    EXPECT_EQ(round_trip, game.id);
  }
  static_assert(game_id_of<chess::ChessGame>() == GameId::kChess);
  static_assert(game_id_of<xiangqi::XiangqiGame>() == GameId::kXiangqi);
}

// What a game's traits name as its defaults is what its search starts with, and is valid: a
// feature list that did not parse would silently give a search without features.
TEST(GameRegistry, EveryGamesDefaultsAreValidAndAreWhatItsSearchStartsWith) {
  hashing::TranspositionTable table;
  std::string error;
  ASSERT_TRUE(table.resize(1, &error)) << error;
  for (const GameInfo& game : kGames) {
    SCOPED_TRACE(std::string(game.name));
    search::SearchFeatures features;
    ASSERT_TRUE(search::parse_search_features(game.default_search_features, features, error))
        << error;
    EXPECT_EQ(search::describe_search_features(features), game.default_search_features)
        << "in canonical order";
    for (const search::TuningParameter& p : search::kTuningParameters) {
      EXPECT_GE(game.default_search_tuning.*(p.field), p.min) << p.name;
      EXPECT_LE(game.default_search_tuning.*(p.field), p.max) << p.name;
    }
    with_game(game.id, [&]<typename G>(std::type_identity<G>) {
      search::Searcher<G> searcher(table);
      EXPECT_EQ(searcher.shared_state().features, features);
      EXPECT_EQ(searcher.shared_state().tuning, game.default_search_tuning);
      return 0;
    });
  }
  EXPECT_NE(game_info(GameId::kChess).default_search_features,
            game_info(GameId::kXiangqi).default_search_features);
}

TEST(GameRegistry, EveryGamesBenchPositionsAreLegalPositionsOfThatGame) {
  for (const GameInfo& game : kGames) {
    SCOPED_TRACE(std::string(game.name));
    EXPECT_GE(game.bench_positions.size(), 20u);
    std::set<std::string_view> ids;
    for (const BenchPosition& p : game.bench_positions) {
      EXPECT_TRUE(ids.insert(p.id).second) << "two positions named " << p.id;
      with_game(game.id, [&]<typename G>(std::type_identity<G>) {
        typename G::Position pos;
        std::string error;
        EXPECT_TRUE(G::parse_fen(p.fen, pos, error)) << p.id << ": " << error;
        EXPECT_GT(G::count_legal(pos), 0) << p.id;
        return 0;
      });
    }
  }
}

TEST(GameRegistry, EachGamesRefereeKnowsItsStartPosition) {
  for (const GameInfo& game : kGames) {
    SCOPED_TRACE(std::string(game.name));
    const auto referee = make_referee(game.id);
    const std::string_view start =
        with_game(game.id, []<typename G>(std::type_identity<G>) { return G::kStartFen; });
    std::string error;
    ASSERT_TRUE(referee->reset(start, error)) << error;
    EXPECT_EQ(referee->standard_start(), referee->start_fen());
    EXPECT_EQ(referee->position_command(), "position startpos");
    EXPECT_FALSE(referee->outcome());
    EXPECT_EQ(referee->side_to_move(), 0);
  }
  // Each game refuses the other's start position.
  std::string error;
  EXPECT_FALSE(make_referee(GameId::kChess)->reset(xiangqi::kStartFen, error));
  EXPECT_FALSE(make_referee(GameId::kXiangqi)->reset(chess::kStartFen, error));
}

}  // namespace
}  // namespace splitlab
