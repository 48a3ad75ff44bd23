// The chess position: piece bitboards plus a mailbox, make/unmake with incremental Zobrist keys,
// FEN in and out, and the draw rules. Move legality is the move generator's job (movegen.h):
// make_move() trusts that it is given a legal move.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/bitboard.h"
#include "engine/chess/eval_params.h"
#include "engine/chess/types.h"

namespace splitlab::chess {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
 public:
  // Parses a FEN (the last two fields may be omitted, as in EPD). On failure returns false and
  // sets `error` to a one-line description of what is wrong; `out` is then unspecified.
  static bool parse_fen(std::string_view fen, Position& out, std::string& error);
  // Convenience for tests and built-in positions known to be valid; aborts on a bad FEN.
  static Position from_fen(std::string_view fen);
  static Position start() { return from_fen(kStartFen); }

  std::string fen() const;

  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == kNoPiece; }
  Bitboard pieces() const { return by_color_[kWhite] | by_color_[kBlack]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[c] & (by_type_[a] | by_type_[b]);
  }
  Square king_square(Color c) const { return lsb(pieces(c, kKing)); }

  uint64_t key() const { return state().key; }
  uint8_t castling_rights() const { return state().castling; }
  Square en_passant_square() const { return state().en_passant; }
  int rule50_count() const { return state().rule50; }
  int game_ply() const { return game_ply_; }
  Bitboard checkers() const { return state().checkers; }
  bool in_check() const { return state().checkers != 0; }
  Piece captured_piece() const { return state().captured; }
  // Material plus piece-square values, White's minus Black's, kept up to date by every move so
  // that the evaluation need not visit each piece for them.
  Score2 material_and_squares() const { return material_and_squares_; }
  // The same sum counted from the board; equal to material_and_squares() when consistent.
  Score2 compute_material_and_squares() const;

  // Pieces of either colour that attack `s` given the occupancy `occupied`.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  // Whether colour `by` attacks `s` given the occupancy `occupied`.
  bool attacked_by(Color by, Square s, Bitboard occupied) const;

  bool is_capture(Move m) const {
    return m.kind() == Move::kEnPassant || (m.kind() != Move::kCastling && !empty(m.to()));
  }
  bool is_capture_or_promotion(Move m) const {
    return is_capture(m) || m.kind() == Move::kPromotion;
  }
  // Whether `m` is a legal move here (for moves from a table or a user; slower than generation).
  bool is_legal(Move m) const;
  // Whether the legal move `m` checks the opponent, without playing it: directly, by
  // discovery, by a castling rook, or by opening a line when an en passant pawn leaves it.
  bool gives_check(Move m) const;

  void make_move(Move m);
  void unmake_move(Move m);
  // A pass, for null-move pruning; not legal in check.
  void make_null_move();
  void unmake_null_move();

  // Draw rules. The fifty-move rule is reported regardless of mate; callers check mate first.
  bool is_fifty_move_draw() const { return state().rule50 >= 100; }
  // How many times the current position occurred before (same side to move, same rights).
  int repetitions() const;
  // Neither side can mate by any series of legal moves: bare kings, a lone minor piece, or only
  // bishops all on squares of one colour.
  bool has_insufficient_material() const;

  // The key recomputed from scratch; equal to key() in a consistent position.
  uint64_t compute_key() const;
  // Checks every invariant (bitboards against mailbox, key, checkers, kings); for tests.
  bool is_consistent(std::string* why = nullptr) const;

 private:
  // What make_move() cannot recompute on unmake; one per ply of the game.
  struct State {
    uint64_t key = 0;
    Bitboard checkers = 0;
    uint16_t rule50 = 0;
    uint16_t plies_from_null = 0;
    Square en_passant = kNoSquare;
    uint8_t castling = 0;
    Piece captured = kNoPiece;
  };

  const State& state() const { return states_.back(); }
  // parse_fen's fields, each into `out` (or `st`); false with `error` naming what is wrong.
  static bool parse_placement(const std::string& placement, Position& out, std::string& error);
  static bool parse_castling(const std::string& castling, const Position& out, State& st,
                             std::string& error);
  static bool parse_en_passant(const std::string& ep, const Position& out, State& st,
                               std::string& error);
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  // The en-passant square is recorded (and hashed) only when a pawn of the side to move could
  // capture there, so that positions that are the same for play share a key.
  bool en_passant_capturable(Square ep_square) const;

  std::array<Piece, 64> board_{};
  std::array<Bitboard, kNumPieceTypes> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  Color side_ = kWhite;
  int game_ply_ = 0;
  Score2 material_and_squares_;
  std::vector<State> states_;
};

}  // namespace splitlab::chess
