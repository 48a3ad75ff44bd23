// The game interface the search, perft and the protocols are written against. A game is a
// traits type (ChessGame, later XiangqiGame) with static functions over its own Position, Move
// and MoveList types: the calls are resolved at compile time, so generic code pays nothing for
// the abstraction. A new game is a new folder beside engine/chess/, not edits across the search.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace splitlab {

template <typename G>
concept Game = requires(typename G::Position& pos, const typename G::Position& cpos,
                        typename G::Move move, typename G::MoveList& list,
                        std::string_view text, std::string& error) {
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::kStartFen } -> std::convertible_to<std::string_view>;
  // Parsing reports what is wrong in `error` and returns false; it never throws or aborts.
  { G::parse_fen(text, pos, error) } -> std::same_as<bool>;
  { G::fen(cpos) } -> std::convertible_to<std::string>;
  // Legal moves only; make() is given only moves from generate_legal().
  { G::generate_legal(cpos, list) };
  { G::count_legal(cpos) } -> std::convertible_to<uint64_t>;
  { G::make(pos, move) };
  { G::unmake(pos, move) };
  { G::key(cpos) } -> std::same_as<uint64_t>;
  { G::in_check(cpos) } -> std::same_as<bool>;
  { G::move_to_text(move) } -> std::convertible_to<std::string>;
  { G::parse_move(cpos, text, error) } -> std::same_as<typename G::Move>;
  { list.size() } -> std::convertible_to<int>;
  { move.is_none() } -> std::same_as<bool>;
};

// A game's standard notation for the moves in files people write (EPD's bm and am
// operations): its traits' parse_san and move_to_san where it has one (chess's SAN), else its
// move text.
template <Game G>
typename G::Move parse_standard_move(const typename G::Position& pos, std::string_view text,
                                     std::string& error) {
  if constexpr (requires { G::parse_san(pos, text, error); })
    return G::parse_san(pos, text, error);
  else
    return G::parse_move(pos, text, error);
}

template <Game G>
std::string standard_move_text(const typename G::Position& pos, typename G::Move move) {
  if constexpr (requires { G::move_to_san(pos, move); })
    return G::move_to_san(pos, move);
  else
    return G::move_to_text(move);
}

// How many of the FEN's fields an EPD line's position has, the move counters aside: the
// traits' kEpdPositionFields where it says (tic-tac-toe's "3/3/3 x" has two), else four
// (placement, side, castling, en passant: chess and xiangqi).
inline constexpr int kDefaultEpdPositionFields = 4;

template <Game G>
constexpr int epd_position_fields() {
  if constexpr (requires { G::kEpdPositionFields; })
    return G::kEpdPositionFields;
  else
    return kDefaultEpdPositionFields;
}

}  // namespace splitlab
