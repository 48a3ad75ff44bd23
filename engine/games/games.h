// Every game Splitlab plays, in one place. A game is a traits type in its own folder
// (engine/chess/chess_game.h, engine/xiangqi/xiangqi_game.h) that carries its name, its default
// search features and tuning, its bench positions, its evaluation and its referee; this
// registry lists the traits types once (AllGames), numbers them (GameId), reads a game's name
// (parse_game) and calls generic code with the traits type of a GameId (with_game). `scale`,
// `match`, `bench`, `perft`, the tuner and the protocols choose their game through it, so no
// code compares a game's name, and a new game is a folder, a line in AllGames and one in GameId.
// The folder compiles the search for its game once: search_instance.cc (the worker and the
// searcher, engine/search/search_instance.h) and threads/ (the strategies' teams,
// parallel/team_instance.h).
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
#include "engine/search/search_tuning.h"
#include "engine/xiangqi/xiangqi_game.h"

namespace splitlab {

template <typename... Gs>
struct GameList {
  static constexpr size_t kSize = sizeof...(Gs);
};

// The games, in GameId's order (game_id.h).
using AllGames = GameList<chess::ChessGame, xiangqi::XiangqiGame>;
static_assert(AllGames::kSize == size_t(GameId::kXiangqi) + 1, "one GameId per game");

// What code that does not know a game's type at compile time needs of it: its traits' values.
struct GameInfo {
  GameId id;
  std::string_view name;          // "chess", "xiangqi": --game, UCI_Variant, results
  std::string_view variant_name;  // cutechess's: "standard", "xiangqi" (results, PGN tag)
  std::span<const std::string_view> other_names;  // also read as this game
  std::string_view uci_variant;   // UCI_Variant an engine must be given ("": none)
  std::string_view default_search_features;
  search::SearchTuning default_search_tuning;
  std::span<const BenchPosition> bench_positions;
  std::unique_ptr<GameReferee> (*make_referee)(const RefereeRules& rules);
};

namespace games_detail {

template <typename G>
std::unique_ptr<GameReferee> make_referee_of(const RefereeRules& rules) {
  return std::make_unique<typename G::Referee>(rules);
}

template <typename G>
constexpr GameInfo info_of(GameId id) {
  return {id,
          G::kName,
          G::kVariantName,
          G::kOtherNames,
          G::kUciVariant,
          G::kDefaultSearchFeatures,
          G::kDefaultSearchTuning,
          G::bench_positions(),
          &make_referee_of<G>};
}

template <typename... Gs, size_t... I>
constexpr std::array<GameInfo, sizeof...(Gs)> table_of(GameList<Gs...>, std::index_sequence<I...>) {
  return {{info_of<Gs>(GameId(I))...}};
}

// Calls f(std::type_identity<G>{}) for the I-th type of the list that `index` names.
template <size_t I, typename F, typename G, typename... Rest>
decltype(auto) dispatch(size_t index, F& f) {
  if constexpr (sizeof...(Rest) == 0) {
    return f(std::type_identity<G>{});
  } else {
    if (index == I) return f(std::type_identity<G>{});
    return dispatch<I + 1, F, Rest...>(index, f);
  }
}

template <typename F, typename... Gs>
decltype(auto) dispatch_in(GameList<Gs...>, size_t index, F& f) {
  return dispatch<0, F, Gs...>(index, f);
}

}  // namespace games_detail

inline constexpr std::array<GameInfo, AllGames::kSize> kGames =
    games_detail::table_of(AllGames{}, std::make_index_sequence<AllGames::kSize>{});

inline const GameInfo& game_info(GameId id) { return kGames[size_t(id)]; }

// The game a name names (a game's name or one of its other names, exactly as written); false
// with `error` naming the text and the games there are.
bool parse_game(std::string_view text, GameId& out, std::string& error);

// The games' names joined by `separator`: "chess, xiangqi".
std::string game_names(std::string_view separator = ", ");

// Calls `f` with std::type_identity<G> for the game `id`, G its traits type, and returns what
// `f` returns (the same type for every game):
//   with_game(id, [&]<typename G>(std::type_identity<G>) { return run<G>(flags); });
template <typename F>
decltype(auto) with_game(GameId id, F&& f) {
  return games_detail::dispatch_in(AllGames{}, size_t(id), f);
}

namespace games_detail {
template <typename G, typename... Gs>
constexpr size_t index_in(GameList<Gs...>) {
  constexpr bool same[] = {std::is_same_v<G, Gs>...};
  for (size_t i = 0; i < sizeof...(Gs); ++i)
    if (same[i]) return i;
  return sizeof...(Gs);
}
}  // namespace games_detail

// The id of the traits type G (which must be in AllGames).
template <typename G>
constexpr GameId game_id_of() {
  constexpr size_t index = games_detail::index_in<G>(AllGames{});
  static_assert(index < AllGames::kSize, "not a game of AllGames");
  return GameId(index);
}

// A new referee of the game `id`.
inline std::unique_ptr<GameReferee> make_referee(GameId id, const RefereeRules& rules = {}) {
  return game_info(id).make_referee(rules);
}

}  // namespace splitlab
