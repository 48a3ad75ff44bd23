// A game's registration: its traits' values into the list of games (game_info.h). A game's
// folder has a register package with two targets: `info`, the entry alone
// (GameInfoRegistration below), and `register`, every layer's hooks for the game
// (cli/game_registration.h), linked into the binary by the registry's list (//:games.bzl) or
// into a test beside it.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/bench_position.h"
#include "engine/core/game.h"
#include "engine/core/referee.h"
#include "engine/games/game_info.h"

namespace splitlab {

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
bool normalise_fen_of(std::string_view text, std::string& fen, std::string& error) {
  typename G::Position position;
  if (!G::parse_fen(text, position, error)) return false;
  fen = G::fen(position);
  return true;
}

template <typename G>
GameInfo info_of(int rank) {
  GameInfo info{GameId(0),
                rank,
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
  info.normalise_fen = &normalise_fen_of<G>;
  info.epd_position_fields = epd_position_fields<G>();
  if constexpr (SpeaksUcci<G>) {
    info.ucci_move_text = &ucci_move_text_of<G>;
    info.uci_move_text = &uci_move_text_of<G>;
  }
  return info;
}

}  // namespace games_detail

// The list's entry of the traits type G, at `rank` (the default game 0).
template <typename G>
GameInfo game_info_of(int rank) {
  return games_detail::info_of<G>(rank);
}

// A game's entry in the list, registered before main by a static object of this type in the
// game's register package (its `info` target: what tests that only name, list or referee games
// link):
//   const splitlab::GameInfoRegistration<splitlab::mygame::MyGame> kRegistered{0};
template <typename G>
struct GameInfoRegistration {
  explicit GameInfoRegistration(int rank) { register_game(game_info_of<G>(rank)); }
};

}  // namespace splitlab
