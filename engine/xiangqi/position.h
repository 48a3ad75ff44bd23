// The xiangqi position: a 90-square mailbox with the generals' squares and the bit-ranks and
// bit-files of bitlines.h, make/unmake with incremental Zobrist keys, FEN in and out, and the
// attack test that decides check and legality (a general may never be attacked after its own side's move, and the two generals may
// never face each other on an open file). Move legality is the move generator's job
// (movegen.h): make_move() trusts that it is given a legal move.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi {

inline constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

class Position {
 public:
  // Parses a FEN: upper case is Red, rank 9 (Black's back rank) first, `w` (or `r`) for Red to
  // move; the castling and en-passant fields are `-`; the two counters may be omitted, as in
  // EPD. Accepts h/e as well as n/b for horse and elephant. Rejects what no game can reach (a
  // missing or extra general, a piece off its legal squares, too many of a kind, the generals
  // facing each other, the side not to move in check) with a one-line `error`.
  static bool parse_fen(std::string_view fen, Position& out, std::string& error);
  // For tests and built-in positions known to be valid; aborts on a bad FEN.
  static Position from_fen(std::string_view fen);
  static Position start() { return from_fen(kStartFen); }

  std::string fen() const;

  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == kNoPiece; }
  Square king_square(Color c) const { return kings_[c]; }
  int count(Color c, PieceType t) const { return counts_[c][t]; }
  // Occupancy of a rank (bit f set: file f occupied) and of a file (bit r: rank r), for the
  // bit-line tables (bitlines.h).
  uint16_t rank_bits(int rank) const { return rank_bits_[rank]; }
  uint16_t file_bits(int file) const { return file_bits_[file]; }

  uint64_t key() const { return state().key; }
  // Plies since the last capture (the halfmove field of the FEN).
  int plies_since_capture() const { return state().plies_since_capture; }
  int game_ply() const { return game_ply_; }
  Piece captured_piece() const { return state().captured; }

  // Whether `c`'s general is attacked by the other side, counting the facing general as an
  // attack along the file.
  bool king_attacked(Color c) const;
  // Whether the side to move is in check (computed once, by make_move).
  bool in_check() const { return state().checked; }
  bool is_capture(Move m) const { return !empty(m.to()); }
  // Whether the pseudo-legal move `m` (a move the piece on its from-square can make) leaves
  // the mover's general safe.
  bool leaves_king_safe(Move m) const;
  // Whether `m` is a legal move here (for moves from a table or a user; slower than generation).
  bool is_legal(Move m) const;

  void make_move(Move m);
  void unmake_move(Move m);
  // A pass, for null-move pruning; not legal in check.
  void make_null_move();
  void unmake_null_move();

  // What repetition says of the position for the side to move: nothing (no earlier occurrence
  // since the last capture or null move), a draw, or a win or loss because one side gave check
  // with every move of the cycle and the other did not (perpetual check loses, as ElephantEye
  // and Fairy-Stockfish rule it), or, when neither side checked throughout, because one side
  // chased the same piece with every move and the other did not (chase.h).
  enum class Repetition { kNone, kDraw, kWin, kLoss, kWinByChase, kLossByChase };
  Repetition repetition() const;

  // The key recomputed from scratch; equal to key() in a consistent position.
  uint64_t compute_key() const;
  // Checks every invariant (counts and generals against the mailbox, key); for tests.
  bool is_consistent(std::string* why = nullptr) const;

 private:
  // parse_fen's board field into `pos`; false with `error` naming what is wrong.
  static bool parse_placement(const std::string& placement, Position& pos, std::string& error);
  // What make_move() cannot recompute on unmake; one per ply of the game.
  struct State {
    uint64_t key = 0;
    Move move = Move::none();  // The move that led here (none after a null move or at the start).
    uint16_t plies_since_capture = 0;
    uint16_t plies_from_null = 0;
    Piece captured = kNoPiece;
    bool checked = false;  // The side to move is in check.
  };

  const State& state() const { return states_.back(); }
  // The verdict of chasing on the cycle of the last `back` plies (no side checked throughout).
  Repetition chase_verdict(int back) const;
  void toggle_line_bits(Square s) {
    rank_bits_[rank_of(s)] ^= uint16_t(1u << file_of(s));
    file_bits_[file_of(s)] ^= uint16_t(1u << rank_of(s));
  }

  std::array<Piece, kNumSquares> board_{};
  std::array<uint16_t, kRanks> rank_bits_{};
  std::array<uint16_t, kFiles> file_bits_{};
  std::array<Square, 2> kings_{kNoSquare, kNoSquare};
  std::array<std::array<uint8_t, kNumPieceTypes>, 2> counts_{};
  Color side_ = kRed;
  int game_ply_ = 0;
  std::vector<State> states_;
};

}  // namespace splitlab::xiangqi
