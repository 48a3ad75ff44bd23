// Xiangqi as a Game (engine/core/game.h): the rules that perft and the protocols need. Move
// text is UCCI's (squares a0..i9).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/game.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"

namespace splitlab::xiangqi {

struct XiangqiGame {
  using Position = xiangqi::Position;
  using Move = xiangqi::Move;
  using MoveList = xiangqi::MoveList;

  static constexpr std::string_view kName = "xiangqi";
  static constexpr std::string_view kStartFen = xiangqi::kStartFen;

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
  static std::string move_to_text(Move m) { return xiangqi::move_to_text(m); }
  static Move parse_move(const Position& pos, std::string_view text, std::string& error) {
    return xiangqi::parse_move(pos, text, error);
  }
};

static_assert(Game<XiangqiGame>);

}  // namespace splitlab::xiangqi
