#include "engine/xiangqi/ray_movegen.h"

#include "engine/xiangqi/geometry.h"

namespace splitlab::xiangqi {
namespace {

// Whether a piece of `by` attacks the general on `s`, walking the four rays from it; `at`
// gives the piece on a square of the board as it would be after the move.
template <typename At>
bool general_attacked_by_rays(const At& at, Square s, Color by) {
  const Geometry& g = geometry();
  const Piece rook = make_piece(by, kRook), cannon = make_piece(by, kCannon);
  const Piece king = make_piece(by, kKing), horse = make_piece(by, kHorse);
  const Piece pawn = make_piece(by, kPawn);
  for (int d = 0; d < kNumDirections; ++d) {
    const Ray& ray = g.rays[s][d];
    int i = 0;
    while (i < ray.count && at(ray.squares[i]) == kNoPiece) ++i;
    if (i == ray.count) continue;
    const Piece first = at(ray.squares[i]);
    if (first == rook || (first == king && (d == kUp || d == kDown))) return true;
    for (++i; i < ray.count; ++i) {
      const Piece p = at(ray.squares[i]);
      if (p == kNoPiece) continue;
      if (p == cannon) return true;
      break;
    }
  }
  for (const Step& step : g.horse_attackers[s])
    if (at(step.to) == horse && at(step.block) == kNoPiece) return true;
  const int file = file_of(s), rank = rank_of(s);
  const int behind = by == kRed ? -1 : 1;
  if (on_board(file, rank + behind) && at(make_square(file, rank + behind)) == pawn) return true;
  if (!own_half(by, rank)) {
    if (file > 0 && at(s - 1) == pawn) return true;
    if (file < kFiles - 1 && at(s + 1) == pawn) return true;
  }
  return false;
}

bool leaves_king_safe_by_rays(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  const Piece mover = pos.piece_on(from);
  const Color us = color_of(mover);
  const Square king = type_of(mover) == kKing ? to : pos.king_square(us);
  return !general_attacked_by_rays(
      [&](Square s) { return s == to ? mover : s == from ? Piece(kNoPiece) : pos.piece_on(s); },
      king, ~us);
}

void add_if_legal(const Position& pos, const MoveSafetyFilter& safety, Color us, Square from,
                  Square to, MoveList& list) {
  const Piece target = pos.piece_on(to);
  if (target != kNoPiece && color_of(target) == us) return;
  const Move m(from, to);
  if (!safety.needed(from, to) || leaves_king_safe_by_rays(pos, m)) list.push_back(m);
}

void generate_steps(const Position& pos, const MoveSafetyFilter& safety, Color us, Square from,
                    const StepList& steps, MoveList& list) {
  for (const Step& step : steps)
    if (step.block == kNoSquare || pos.empty(step.block))
      add_if_legal(pos, safety, us, from, step.to, list);
}

}  // namespace

void generate_by_rays(const Position& pos, MoveList& list) {
  const Geometry& g = geometry();
  const Color us = pos.side_to_move();
  const MoveSafetyFilter safety{pos.king_square(us), pos.in_check()};
  for (Square from = 0; from < kNumSquares; ++from) {
    const Piece p = pos.piece_on(from);
    if (p == kNoPiece || color_of(p) != us) continue;
    switch (type_of(p)) {
      case kKing:
        generate_steps(pos, safety, us, from, g.king_moves[from], list);
        break;
      case kAdvisor:
        generate_steps(pos, safety, us, from, g.advisor_moves[from], list);
        break;
      case kElephant:
        generate_steps(pos, safety, us, from, g.elephant_moves[from], list);
        break;
      case kHorse:
        generate_steps(pos, safety, us, from, g.horse_moves[from], list);
        break;
      case kPawn:
        generate_steps(pos, safety, us, from, g.pawn_moves[us][from], list);
        break;
      case kRook:
        for (const Ray& ray : g.rays[from]) {
          for (const uint8_t to : ray) {
            add_if_legal(pos, safety, us, from, to, list);
            if (!pos.empty(to)) break;
          }
        }
        break;
      case kCannon:
        for (const Ray& ray : g.rays[from]) {
          const uint8_t* it = ray.begin();
          for (; it != ray.end() && pos.empty(*it); ++it) add_if_legal(pos, safety, us, from, *it, list);
          if (it == ray.end()) continue;
          for (++it; it != ray.end(); ++it) {  // Past the screen: the first piece is the target.
            if (pos.empty(*it)) continue;
            add_if_legal(pos, safety, us, from, *it, list);
            break;
          }
        }
        break;
      default:
        break;
    }
  }
}

uint64_t perft_by_rays(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generate_by_rays(pos, moves);
  if (depth == 1) return uint64_t(moves.size());
  uint64_t nodes = 0;
  for (const Move m : moves) {
    pos.make_move(m);
    nodes += perft_by_rays(pos, depth - 1);
    pos.unmake_move(m);
  }
  return nodes;
}

}  // namespace splitlab::xiangqi
