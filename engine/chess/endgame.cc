#include "engine/chess/endgame.h"

#include <algorithm>
#include <cstdlib>

#include "engine/chess/bitboard.h"
#include "engine/chess/kpk.h"

namespace splitlab::chess {
namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// Rough material in pawns, for deciding which endgame this is (not for scoring).
int minor_count(const Position& pos, Color c) {
  return popcount(pos.pieces(c, kKnight, kBishop));
}

bool only_king_and(const Position& pos, Color c, Bitboard allowed) {
  return (pos.pieces(c) & ~pos.pieces(c, kKing) & ~allowed) == 0;
}

// King, bishop and pawns all on one rook's file against a king that reaches the promotion
// corner, when the bishop cannot cover that corner: a draw however many pawns.
bool wrong_bishop_draw(const Position& pos, Color strong) {
  const Color weak = Color(strong ^ 1);
  const Bitboard pawns = pos.pieces(strong, kPawn);
  const Bitboard bishops = pos.pieces(strong, kBishop);
  if (!pawns || popcount(bishops) != 1 || !only_king_and(pos, strong, pawns | bishops))
    return false;
  if (pos.pieces(weak) != pos.pieces(weak, kKing)) return false;
  const bool a_file = (pawns & ~kFileA) == 0, h_file = (pawns & ~kFileH) == 0;
  if (!a_file && !h_file) return false;
  const Square corner = make_square(a_file ? 0 : 7, strong == kWhite ? 7 : 0);
  const bool corner_dark = (kDarkSquares >> corner) & 1;
  const bool bishop_dark = (kDarkSquares & bishops) != 0;
  if (corner_dark == bishop_dark) return false;
  return distance(pos.king_square(weak), corner) <= 1;
}

}  // namespace

int endgame_scale(const Position& pos, Color strong) {
  const Color weak = Color(strong ^ 1);
  const int strong_pawns = popcount(pos.pieces(strong, kPawn));
  const int weak_pawns = popcount(pos.pieces(weak, kPawn));
  const Bitboard strong_pieces = pos.pieces(strong) & ~pos.pieces(strong, kKing, kPawn);
  const Bitboard weak_pieces = pos.pieces(weak) & ~pos.pieces(weak, kKing, kPawn);

  // King and pawn against king: the bitbase knows.
  if (strong_pawns == 1 && weak_pawns == 0 && !strong_pieces && !weak_pieces) {
    const Square pawn = lsb(pos.pieces(strong, kPawn));
    const bool won = kpk::probe(strong, pos.king_square(strong), pawn, pos.king_square(weak),
                                pos.side_to_move());
    return won ? kNormalScale : 0;
  }
  if (wrong_bishop_draw(pos, strong)) return 0;

  if (strong_pawns == 0) {
    const int strong_minors = minor_count(pos, strong);
    const int strong_majors = popcount(pos.pieces(strong, kRook, kQueen));
    const int weak_minors = minor_count(pos, weak);
    const int weak_majors = popcount(pos.pieces(weak, kRook, kQueen));
    // A lone minor piece, or two knights, cannot mate.
    if (strong_majors == 0 &&
        (strong_minors <= 1 || (strong_minors == 2 && popcount(pos.pieces(strong, kBishop)) == 0 &&
                                weak_pawns == 0)))
      return 0;
    // Up at most a minor piece without pawns (rook against a minor, rook and minor against a
    // rook, two minors against one): usually a draw.
    const int strong_units = strong_minors + 2 * strong_majors;
    const int weak_units = weak_minors + 2 * weak_majors;
    if (strong_units - weak_units <= 1 && popcount(pos.pieces(strong, kQueen)) <=
                                              popcount(pos.pieces(weak, kQueen)))
      return 8;
  }

  // Opposite-coloured bishops and nothing else: the defender blockades on the other colour.
  const Bitboard strong_bishops = pos.pieces(strong, kBishop);
  const Bitboard weak_bishops = pos.pieces(weak, kBishop);
  if (strong_pieces == strong_bishops && weak_pieces == weak_bishops &&
      popcount(strong_bishops) == 1 && popcount(weak_bishops) == 1 &&
      bool(strong_bishops & kDarkSquares) != bool(weak_bishops & kDarkSquares))
    return strong_pawns - weak_pawns <= 1 ? 24 : 40;

  return kNormalScale;
}

}  // namespace splitlab::chess
