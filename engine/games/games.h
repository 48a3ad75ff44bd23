// The built-in games by their traits types, for the code that may name them: tests, fuzz
// targets and the evaluation tuners (experiments/strength/tuner). Everything else reaches a game
// through the list of games registered at run time (game_info.h) and the layers' hooks
// (game_hooks.h), so that a game is its folder and its line in the registry (//:games.bzl); this
// header is the one place that lists the built-in games' types, and it is no registry: a game
// registered elsewhere (a test game) is not in it. with_game(id, f) calls f with the type of the
// built-in game `id` names (by its name); game_id_of<G>() is G's id in the running list.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "engine/chess/chess_game.h"
#include "engine/core/bench_position.h"
#include "engine/core/referee.h"
#include "engine/games/game_id.h"
#include "engine/games/game_info.h"
#include "engine/search/search_tuning.h"
#include "engine/xiangqi/xiangqi_game.h"

namespace splitlab {

template <typename... Gs>
struct GameList {
  static constexpr size_t kSize = sizeof...(Gs);
};

// The built-in games.
using AllGames = GameList<chess::ChessGame, xiangqi::XiangqiGame>;
inline constexpr std::string_view kBuiltInGameNames[] = {chess::ChessGame::kName,
                                                         xiangqi::XiangqiGame::kName};

namespace games_detail {

// Calls f(std::type_identity<G>{}) for the type of the list whose name is `name` (the last
// one if none is: callers pass built-in games only, and games_test checks every one is).
template <typename F, typename G, typename... Rest>
decltype(auto) dispatch(std::string_view name, F& f) {
  if constexpr (sizeof...(Rest) == 0) {
    return f(std::type_identity<G>{});
  } else {
    if (name == G::kName) return f(std::type_identity<G>{});
    return dispatch<F, Rest...>(name, f);
  }
}

template <typename F, typename... Gs>
decltype(auto) dispatch_in(GameList<Gs...>, std::string_view name, F& f) {
  return dispatch<F, Gs...>(name, f);
}

}  // namespace games_detail

// Calls `f` with std::type_identity<G> for the game `id`, G its traits type, and returns what
// `f` returns (the same type for every game):
//   with_game(id, [&]<typename G>(std::type_identity<G>) { return run<G>(flags); });
template <typename F>
decltype(auto) with_game(GameId id, F&& f) {
  return games_detail::dispatch_in(AllGames{}, game_info(id).name, f);
}

// Calls `f` with std::type_identity<G> for every built-in game, in GameId's order.
template <typename F>
void for_each_game(F&& f) {
  for (const GameInfo& game : all_games())
    for (std::string_view name : kBuiltInGameNames)
      if (game.name == name) with_game(game.id, f);
}

// The id of the built-in game G in the running list.
template <typename G>
GameId game_id_of() {
  return game_id_named(G::kName);
}

}  // namespace splitlab
