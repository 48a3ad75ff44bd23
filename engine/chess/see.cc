#include "engine/chess/see.h"

#include <algorithm>

#include "engine/chess/evaluate.h"

namespace splitlab::chess {

int see(const Position& pos, Move m) {
  if (m.kind() == Move::kCastling) return 0;
  const Square from = m.from(), to = m.to();
  Bitboard occupied = pos.pieces() ^ square_bb(from);
  int gain[40];
  int depth = 0;
  PieceType victim = m.kind() == Move::kEnPassant ? kPawn : type_of(pos.piece_on(to));
  gain[0] = victim == kNoPieceType ? 0 : kSeeValue[victim];
  PieceType next_victim = type_of(pos.piece_on(from));
  if (m.kind() == Move::kPromotion) {
    gain[0] += kSeeValue[m.promoted()] - kSeeValue[kPawn];
    next_victim = m.promoted();
  }
  if (m.kind() == Move::kEnPassant)
    occupied ^= square_bb(pos.side_to_move() == kWhite ? to - 8 : to + 8);

  Bitboard attackers = pos.attackers_to(to, occupied) & occupied;
  const Bitboard diagonal = pos.pieces(kBishop, kQueen), straight = pos.pieces(kRook, kQueen);
  Color side = ~pos.side_to_move();
  while (true) {
    const Bitboard ours = attackers & pos.pieces(side);
    if (!ours) break;
    PieceType attacker = kPawn;
    Bitboard candidates = 0;
    for (; attacker <= kKing; attacker = PieceType(attacker + 1)) {
      candidates = ours & pos.pieces(attacker);
      if (candidates) break;
    }
    ++depth;
    gain[depth] = kSeeValue[next_victim] - gain[depth - 1];
    if (std::max(-gain[depth - 1], gain[depth]) < 0 || depth >= 38) break;
    occupied ^= square_bb(lsb(candidates));
    // Removing the capturer may uncover a slider behind it.
    attackers |= (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & straight);
    attackers &= occupied;
    next_victim = attacker;
    side = ~side;
  }
  while (depth > 0) {
    gain[depth - 1] = -std::max(-gain[depth - 1], gain[depth]);
    --depth;
  }
  return gain[0];
}

}  // namespace splitlab::chess
