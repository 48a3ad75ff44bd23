// Basic xiangqi types: the 9x10 board's squares, sides, pieces and the 16-bit move encoding.
#pragma once

#include <cstdint>

namespace splitlab::xiangqi {

// Squares are numbered file + 9 * rank: a0 = 0 (Red's back rank, as UCCI writes it), i0 = 8,
// a9 = 81, i9 = 89. Files a..i are 0..8, ranks 0..9; ranks 0-4 are Red's side of the river.
using Square = int;
inline constexpr int kFiles = 9;
inline constexpr int kRanks = 10;
inline constexpr int kNumSquares = 90;
inline constexpr Square kNoSquare = 90;

constexpr int file_of(Square s) { return s % kFiles; }
constexpr int rank_of(Square s) { return s / kFiles; }
constexpr Square make_square(int file, int rank) { return rank * kFiles + file; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

enum Color : uint8_t { kRed = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Whether `rank` is on `c`'s own side of the river.
constexpr bool own_half(Color c, int rank) { return c == kRed ? rank <= 4 : rank >= 5; }
// Whether (file, rank) lies in `c`'s palace (files d..f, Red ranks 0-2, Black ranks 7-9).
constexpr bool in_palace(Color c, int file, int rank) {
  return file >= 3 && file <= 5 && (c == kRed ? rank >= 0 && rank <= 2 : rank >= 7 && rank <= 9);
}

// General (king), advisor, elephant, horse, chariot (rook), cannon, soldier (pawn).
enum PieceType : uint8_t {
  kKing = 0,
  kAdvisor,
  kElephant,
  kHorse,
  kRook,
  kCannon,
  kPawn,
  kNoPieceType
};
inline constexpr int kNumPieceTypes = 7;

// A piece is (colour << 3) | type; kNoPiece has the type kNoPieceType.
enum Piece : uint8_t { kNoPiece = kNoPieceType };
constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
inline constexpr int kPieceCodes = 16;  // Codes 0..15; 7 and 15 are not pieces.

// 16-bit move: bits 0-6 from, 7-13 to. There are no special moves in xiangqi. A move from a0
// to a0 cannot occur, so the all-zero word is the null move.
class Move {
 public:
  // Trivial, so that a move list costs nothing to construct; Move{} and none() are the null move.
  Move() = default;
  constexpr Move(Square from, Square to) : bits_(uint16_t(from | (to << 7))) {}

  static constexpr Move none() { return from_bits(0); }
  static constexpr Move from_bits(uint16_t bits) {
    Move m{};
    m.bits_ = bits;
    return m;
  }

  constexpr Square from() const { return bits_ & 127; }
  constexpr Square to() const { return (bits_ >> 7) & 127; }
  constexpr uint16_t bits() const { return bits_; }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr explicit operator bool() const { return bits_ != 0; }

  constexpr bool operator==(const Move&) const = default;

 private:
  uint16_t bits_;
};

}  // namespace splitlab::xiangqi
