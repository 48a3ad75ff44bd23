// Every game Splitlab plays, in one place. A game is a traits type in its own folder
// (engine/chess/chess_game.h, engine/xiangqi/xiangqi_game.h) that carries its name, its default
// search features and tuning, its bench and scaling positions, its evaluation, its referee, its
// opening books, its move text in each protocol dialect, and `scale`'s defaults; this registry
// lists the traits types once (AllGames), numbers them (GameId), reads a game's name (parse_game),
// gives code that does not know a game's type its traits' values and hooks (GameInfo, declared in
// game_info.h, which includes no game), and calls generic code with the traits type of a GameId
// (with_game). The commands, the protocols, PGN, books and matches reach a game only through it, so
// no code outside a game's folder names a game's type (tests/layers checks it): a new game is a
// folder and a line in AllGames. The folder compiles the search for its game once:
// search_instance.cc (the worker and the searcher, engine/search/search_instance.h) and threads/
// (the strategies' teams, parallel/team_instance.h).
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

// The games, in GameId's order (game_id.h); the first is the default game.
using AllGames = GameList<chess::ChessGame, xiangqi::XiangqiGame>;

namespace games_detail {

template <typename G>
std::unique_ptr<GameReferee> make_referee_of(const RefereeRules& rules) {
  return std::make_unique<typename G::Referee>(rules);
}

// A game whose engines may speak UCCI names its move text in both dialects
// (engine/xiangqi/xiangqi_game.h).
template <typename G>
concept SpeaksUcci = requires(std::string_view text) {
  { G::ucci_move_text(text) } -> std::convertible_to<std::string>;
  { G::uci_dialect_move_text(text) } -> std::convertible_to<std::string>;
};

template <typename G>
std::string ucci_move_text_of(std::string_view uci) {
  return G::ucci_move_text(uci);
}
template <typename G>
std::string uci_move_text_of(std::string_view ucci) {
  return G::uci_dialect_move_text(ucci);
}

template <typename G>
constexpr bool has_chase_rule() {
  if constexpr (requires { G::kHasChaseRule; })
    return G::kHasChaseRule;
  else
    return false;
}

template <typename G>
constexpr std::string_view default_openings_of() {
  if constexpr (requires { G::kDefaultOpenings; })
    return G::kDefaultOpenings;
  else
    return "";
}

template <typename G>
std::span<const BenchPosition> scaling_positions_of() {
  if constexpr (requires { G::scaling_positions(); })
    return G::scaling_positions();
  else
    return G::bench_positions();
}

template <typename G>
constexpr int scale_depth_of() {
  if constexpr (requires { G::kScaleDepth; })
    return G::kScaleDepth;
  else
    return 10;
}

template <typename G>
constexpr std::string_view scale_references_of() {
  if constexpr (requires { G::kScaleReferences; })
    return G::kScaleReferences;
  else
    return "none";
}

template <typename G>
constexpr GameInfo info_of(GameId id) {
  GameInfo info{id,
                G::kName,
                G::kVariantName,
                G::kOtherNames,
                G::kUciVariant,
                G::kDefaultSearchFeatures,
                G::kDefaultSearchTuning,
                G::bench_positions(),
                &make_referee_of<G>,
                nullptr,
                nullptr,
                has_chase_rule<G>(),
                default_openings_of<G>(),
                &scaling_positions_of<G>,
                scale_depth_of<G>(),
                scale_references_of<G>()};
  if constexpr (SpeaksUcci<G>) {
    info.ucci_move_text = &ucci_move_text_of<G>;
    info.uci_move_text = &uci_move_text_of<G>;
  }
  return info;
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

// Calls `f` with std::type_identity<G> for the game `id`, G its traits type, and returns what
// `f` returns (the same type for every game):
//   with_game(id, [&]<typename G>(std::type_identity<G>) { return run<G>(flags); });
template <typename F>
decltype(auto) with_game(GameId id, F&& f) {
  return games_detail::dispatch_in(AllGames{}, size_t(id), f);
}

// Calls `f` with std::type_identity<G> for every game, in GameId's order.
template <typename F>
void for_each_game(F&& f) {
  for (const GameInfo& game : all_games()) with_game(game.id, f);
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

}  // namespace splitlab
