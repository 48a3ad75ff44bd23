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
  ASSERT_EQ(all_games().size(), 2u);
  for (const GameInfo& game : all_games()) {
    GameId id = game_id_of<xiangqi::XiangqiGame>() == game.id ? game_id_of<chess::ChessGame>() : game_id_of<xiangqi::XiangqiGame>();  // Not it.
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
  EXPECT_EQ(id, game_id_of<chess::ChessGame>());
  EXPECT_EQ(game_info(game_id_of<chess::ChessGame>()).variant_name, "standard");
  EXPECT_EQ(game_info(game_id_of<xiangqi::XiangqiGame>()).uci_variant, "xiangqi");
  EXPECT_EQ(game_info(game_id_of<chess::ChessGame>()).uci_variant, "");
}

TEST(GameRegistry, AnUnknownNameIsAnErrorThatNamesItAndTheGames) {
  GameId id = game_id_of<xiangqi::XiangqiGame>();
  std::string error;
  for (const char* bad : {"go", "", "Chess", "xiangqi ", "shogi"}) {
    EXPECT_FALSE(parse_game(bad, id, error)) << bad;
    EXPECT_EQ(error, "unknown game '" + std::string(bad) + "' (chess, xiangqi)");
    EXPECT_EQ(id, game_id_of<xiangqi::XiangqiGame>()) << "unchanged on an error";
  }
  EXPECT_EQ(game_names(), "chess, xiangqi");
  EXPECT_EQ(game_names("|"), "chess|xiangqi");
}

TEST(GameRegistry, WithGameCallsTheTraitsTypeOfTheId) {
  for (const GameInfo& game : all_games()) {
    const std::string_view name =
        with_game(game.id, []<typename G>(std::type_identity<G>) { return G::kName; });
    EXPECT_EQ(name, game.name);
    const GameId round_trip =
        with_game(game.id, []<typename G>(std::type_identity<G>) { return game_id_of<G>(); });
    EXPECT_EQ(round_trip, game.id);
  }
}

// What a game's traits name as its defaults is what its search starts with, and is valid: a
// feature list that did not parse would silently give a search without features.
TEST(GameRegistry, EveryGamesDefaultsAreValidAndAreWhatItsSearchStartsWith) {
  hashing::TranspositionTable table;
  std::string error;
  ASSERT_TRUE(table.resize(1, &error)) << error;
  for (const GameInfo& game : all_games()) {
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
  EXPECT_NE(game_info(game_id_of<chess::ChessGame>()).default_search_features,
            game_info(game_id_of<xiangqi::XiangqiGame>()).default_search_features);
}

TEST(GameRegistry, EveryGamesBenchPositionsAreLegalPositionsOfThatGame) {
  for (const GameInfo& game : all_games()) {
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
  for (const GameInfo& game : all_games()) {
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
  EXPECT_FALSE(make_referee(game_id_of<chess::ChessGame>())->reset(xiangqi::kStartFen, error));
  EXPECT_FALSE(make_referee(game_id_of<xiangqi::XiangqiGame>())->reset(chess::kStartFen, error));
}

// The hooks generic code reads from the registry instead of naming a game: each comes from its
// game's traits, and a game without one says so.
TEST(GameRegistry, EachGamesDialectsChaseRuleAndSanComeFromItsTraits) {
  const GameInfo& chess_info = game_info(game_id_of<chess::ChessGame>());
  const GameInfo& xiangqi_info = game_info(game_id_of<xiangqi::XiangqiGame>());
  EXPECT_FALSE(chess_info.speaks_ucci());
  EXPECT_EQ(chess_info.ucci_move_text, nullptr);
  ASSERT_TRUE(xiangqi_info.speaks_ucci());
  EXPECT_EQ(xiangqi_info.ucci_move_text("h3e3"), "h2e2");  // UCI's ranks 1..10 to UCCI's 0..9.
  EXPECT_EQ(xiangqi_info.uci_move_text("h2e2"), "h3e3");
  EXPECT_EQ(xiangqi_info.ucci_move_text("a10a9"), "a9a8");
  EXPECT_EQ(xiangqi_info.ucci_move_text("e2"), "") << "not a move";
  EXPECT_EQ(ucci_game(), xiangqi_info.id);
  EXPECT_EQ(game_names_with(game_speaks_ucci), "xiangqi");

  EXPECT_FALSE(chess_info.has_chase_rule);
  EXPECT_TRUE(xiangqi_info.has_chase_rule);
  EXPECT_EQ(game_names_with(game_has_chase_rule), "xiangqi");

  EXPECT_TRUE(game_has_san(chess_info));
  EXPECT_FALSE(game_has_san(xiangqi_info));
  EXPECT_EQ(kDefaultGame, chess_info.id) << "a command without --game plays chess";
  for (const GameInfo& game : all_games()) EXPECT_FALSE(game.default_openings.empty()) << game.name;
}

// A game with SAN reads and writes it through its referee (PGN, engine/protocol/pgn.cc), and
// numbers the moves from its start FEN; a game without SAN refuses it with a reason.
TEST(GameRegistry, AGamesRefereeSpeaksItsStandardNotation) {
  auto chess_referee = make_referee(game_id_of<chess::ChessGame>());
  std::string error;
  ASSERT_TRUE(chess_referee->reset("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                                   error))
      << error;
  EXPECT_EQ(chess_referee->move_number(), 3);
  EXPECT_EQ(chess_referee->san_of("f1b5", error), "Bb5");
  EXPECT_EQ(chess_referee->move_of_san("Bb5", error), "f1b5");
  EXPECT_EQ(chess_referee->san_of("f1b6", error), "") << "not legal";
  EXPECT_FALSE(error.empty());
  ASSERT_TRUE(chess_referee->play("f1b5"));
  EXPECT_EQ(chess_referee->move_number(), 3) << "Black's third move";
  ASSERT_TRUE(chess_referee->play("a7a6"));
  EXPECT_EQ(chess_referee->move_number(), 4);

  auto xiangqi_referee = make_referee(game_id_of<xiangqi::XiangqiGame>());
  ASSERT_TRUE(xiangqi_referee->reset(xiangqi::kStartFen, error)) << error;
  error.clear();
  EXPECT_EQ(xiangqi_referee->move_of_san("Ch2e2", error), "");
  EXPECT_NE(error.find("no standard algebraic notation"), std::string::npos) << error;
  EXPECT_EQ(xiangqi_referee->move_number(), 1);
}

}  // namespace
}  // namespace splitlab
