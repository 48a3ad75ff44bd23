// Chess as a Game (engine/core/game.h).
#pragma once

#include <string>
#include <string_view>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/core/game.h"

namespace splitlab::chess {

struct ChessGame {
  using Position = chess::Position;
  using Move = chess::Move;
  using MoveList = chess::MoveList;

  static constexpr std::string_view kName = "chess";
  static constexpr std::string_view kStartFen = chess::kStartFen;

  static bool parse_fen(std::string_view fen, Position& pos, std::string& error) {
    return Position::parse_fen(fen, pos, error);
  }
  static std::string fen(const Position& pos) { return pos.fen(); }
  static void generate_legal(const Position& pos, MoveList& list) {
    generate<GenType::kAll>(pos, list);
  }
  static int count_legal(const Position& pos) { return count_legal_moves(pos); }
  static void make(Position& pos, Move m) { pos.make_move(m); }
  static void unmake(Position& pos, Move m) { pos.unmake_move(m); }
  static uint64_t key(const Position& pos) { return pos.key(); }
  static bool in_check(const Position& pos) { return pos.in_check(); }
  static std::string move_to_text(Move m) { return move_to_uci(m); }
  static Move parse_move(const Position& pos, std::string_view text, std::string& error) {
    return parse_uci_move(pos, text, error);
  }
};

static_assert(Game<ChessGame>);

}  // namespace splitlab::chess
