// What the search needs from a game beyond its rules (engine/core/game.h): evaluation, move
// ordering facts, null moves and draw rules. ChessGame provides these; a second game will too.
#pragma once

#include <concepts>
#include <cstdint>

#include "engine/core/game.h"

namespace splitlab::search {

template <typename G>
concept SearchGame = Game<G> && requires(typename G::Position& pos,
                                         const typename G::Position& cpos,
                                         typename G::Move move, typename G::MoveList& list,
                                         uint16_t bits) {
  { G::evaluate(cpos) } -> std::convertible_to<int>;  // From the side to move.
  { G::generate_tactical(cpos, list) };                // Captures and promotions (quiescence).
  { G::is_tactical(cpos, move) } -> std::same_as<bool>;
  { G::see(cpos, move) } -> std::convertible_to<int>;
  { G::mvv_lva(cpos, move) } -> std::convertible_to<int>;
  { G::make_null(pos) };
  { G::unmake_null(pos) };
  { G::null_move_allowed(cpos) } -> std::same_as<bool>;
  { G::low_material(cpos) } -> std::same_as<bool>;
  { G::is_rule_draw(cpos) } -> std::same_as<bool>;
  { G::move_to_bits(move) } -> std::same_as<uint16_t>;
  { G::move_from_bits(bits) } -> std::same_as<typename G::Move>;
  { G::history_index(cpos, move) } -> std::convertible_to<int>;
  { G::kHistorySize } -> std::convertible_to<int>;
  { G::side_index(cpos) } -> std::convertible_to<int>;  // 0 or 1: the side to move.
};

}  // namespace splitlab::search
