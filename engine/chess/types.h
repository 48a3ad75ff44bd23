// Basic chess types: squares, colours, pieces and the 16-bit move encoding.
#pragma once

#include <cstdint>
#include <string>

namespace splitlab::chess {

using Bitboard = uint64_t;

// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
using Square = int;
inline constexpr Square kNoSquare = 64;
inline constexpr int kNumSquares = 64;

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
constexpr bool is_ok_square(Square s) { return s >= 0 && s < 64; }

enum Color : uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t { kPawn = 0, kKnight, kBishop, kRook, kQueen, kKing, kNoPieceType };
inline constexpr int kNumPieceTypes = 6;

// A piece is (colour << 3) | type; kNoPiece has the type kNoPieceType.
enum Piece : uint8_t { kNoPiece = kNoPieceType };
constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }
inline constexpr int kPieceCodes = 14;  // Codes 0..13; 6, 7 and 14.. are not pieces.

// Castling rights as a 4-bit set.
enum CastlingRight : uint8_t {
  kWhiteKingSide = 1,
  kWhiteQueenSide = 2,
  kBlackKingSide = 4,
  kBlackQueenSide = 8,
  kAllCastling = 15,
};

// 16-bit move: bits 0-5 from, 6-11 to, 12-13 promotion piece (knight..queen), 14-15 kind.
// Castling is encoded as the king's own move (e1g1), as UCI writes it.
class Move {
 public:
  enum Kind : uint16_t { kNormal = 0, kPromotion = 1, kEnPassant = 2, kCastling = 3 };

  // Trivial, so that a move list of 256 moves costs nothing to construct; Move{} and none()
  // are the null move.
  Move() = default;
  constexpr Move(Square from, Square to) : bits_(uint16_t(from | (to << 6))) {}
  constexpr Move(Square from, Square to, Kind kind, PieceType promoted = kKnight)
      : bits_(uint16_t(from | (to << 6) | ((promoted - kKnight) << 12) | (kind << 14))) {}

  static constexpr Move none() { return from_bits(0); }
  static constexpr Move from_bits(uint16_t bits) {
    Move m{};
    m.bits_ = bits;
    return m;
  }

  constexpr Square from() const { return bits_ & 63; }
  constexpr Square to() const { return (bits_ >> 6) & 63; }
  constexpr Kind kind() const { return Kind(bits_ >> 14); }
  constexpr PieceType promoted() const { return PieceType(((bits_ >> 12) & 3) + kKnight); }
  constexpr uint16_t bits() const { return bits_; }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr explicit operator bool() const { return bits_ != 0; }

  constexpr bool operator==(const Move&) const = default;

 private:
  uint16_t bits_;
};

}  // namespace splitlab::chess
