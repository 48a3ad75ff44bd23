// What the search needs from a game beyond its rules (engine/core/game.h): its default search,
// evaluation, move ordering facts, null moves and the rules that end a game without a mate.
// ChessGame and XiangqiGame provide these.
#pragma once

#include <concepts>
#include <cstdint>

#include "engine/core/game.h"
#include "engine/core/score.h"
#include "engine/search/search_features.h"
#include "engine/search/search_tuning.h"

namespace splitlab::search {

template <typename G>
concept SearchGame = Game<G> && requires(typename G::Position& pos,
                                         const typename G::Position& cpos,
                                         typename G::Move move, typename G::MoveList& list,
                                         uint16_t bits, Score& score,
                                         typename G::Evaluation& evaluation,
                                         const typename G::Evaluation& ceval,
                                         const SearchFeatures& features) {
  // The game's default search (the list must parse: engine/games/games_test).
  { G::kDefaultSearchFeatures } -> std::convertible_to<std::string_view>;
  { G::kDefaultSearchTuning } -> std::convertible_to<SearchTuning>;
  // The evaluation a search thread owns: set from the search's features before each search
  // (the game's own switches, such as chess's endgame knowledge), then asked from the side to
  // move.
  { evaluation.configure(features) };
  { ceval.evaluate(cpos) } -> std::convertible_to<int>;
  { G::generate_tactical(cpos, list) };                // Captures and promotions (quiescence).
  { G::is_tactical(cpos, move) } -> std::same_as<bool>;
  // Appends the quiet moves that give check; it may play each and take it back.
  { G::generate_quiet_checks(pos, list) };
  { G::see(cpos, move) } -> std::convertible_to<int>;
  { G::see_non_negative(cpos, move) } -> std::convertible_to<bool>;  // see() >= 0, maybe faster
  { G::tactical_gain(cpos, move) } -> std::convertible_to<int>;  // Won if not recaptured.
  { G::mvv_lva(cpos, move) } -> std::convertible_to<int>;
  { G::make_null(pos) };
  { G::unmake_null(pos) };
  { G::null_move_allowed(cpos) } -> std::same_as<bool>;
  { G::low_material(cpos) } -> std::same_as<bool>;
  // Whether a rule decides the game here (a draw by repetition, by a move limit, by dead
  // material; a repetition that a rule scores as a loss); `score` is then its value for the
  // side to move: kDrawScore, or +-kBanScore for a result that depends on the path.
  { G::rule_score(cpos, score) } -> std::same_as<bool>;
  // What a side with no legal move gets when not in check: chess draws (stalemate), xiangqi
  // loses. In check it is mated in both.
  { G::kNoLegalMoveLoses } -> std::convertible_to<bool>;
  { G::move_to_bits(move) } -> std::same_as<uint16_t>;
  { G::move_from_bits(bits) } -> std::same_as<typename G::Move>;
  { G::history_index(cpos, move) } -> std::convertible_to<int>;
  { G::kHistorySize } -> std::convertible_to<int>;
  { G::MoveList::kCapacity } -> std::convertible_to<int>;  // The most moves a position has.
  { G::side_index(cpos) } -> std::convertible_to<int>;  // 0 or 1: the side to move.
};

}  // namespace splitlab::search
