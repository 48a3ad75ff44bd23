#include "engine/xiangqi/movegen.h"

#include "engine/xiangqi/geometry.h"

namespace splitlab::xiangqi {
namespace {

// Adds the move if it lands on an empty square (not for captures-only) or an enemy piece, and
// leaves the general safe.
template <GenType Type>
inline void add_if_legal(const Position& pos, const MoveSafetyFilter& safety, Color us, Square from,
                         Square to, MoveList& list) {
  const Piece target = pos.piece_on(to);
  if (target == kNoPiece) {
    if (Type == GenType::kCaptures) return;
  } else if (color_of(target) == us) {
    return;
  }
  const Move m(from, to);
  if (!safety.needed(from, to) || pos.leaves_king_safe(m)) list.push_back(m);
}

template <GenType Type>
void generate_steps(const Position& pos, const MoveSafetyFilter& safety, Color us, Square from,
                    const StepList& steps, MoveList& list) {
  for (const Step& step : steps)
    if (step.block == kNoSquare || pos.empty(step.block))
      add_if_legal<Type>(pos, safety, us, from, step.to, list);
}

}  // namespace

template <GenType Type>
void generate(const Position& pos, MoveList& list) {
  const Geometry& g = geometry();
  const Color us = pos.side_to_move();
  const MoveSafetyFilter safety{pos.king_square(us), pos.in_check()};
  for (Square from = 0; from < kNumSquares; ++from) {
    const Piece p = pos.piece_on(from);
    if (p == kNoPiece || color_of(p) != us) continue;
    switch (type_of(p)) {
      case kKing:
        generate_steps<Type>(pos, safety, us, from, g.king_moves[from], list);
        break;
      case kAdvisor:
        generate_steps<Type>(pos, safety, us, from, g.advisor_moves[from], list);
        break;
      case kElephant:
        generate_steps<Type>(pos, safety, us, from, g.elephant_moves[from], list);
        break;
      case kHorse:
        generate_steps<Type>(pos, safety, us, from, g.horse_moves[from], list);
        break;
      case kPawn:
        generate_steps<Type>(pos, safety, us, from, g.pawn_moves[us][from], list);
        break;
      case kRook:
        for (const Ray& ray : g.rays[from]) {
          for (const uint8_t to : ray) {
            add_if_legal<Type>(pos, safety, us, from, to, list);
            if (!pos.empty(to)) break;
          }
        }
        break;
      case kCannon:
        for (const Ray& ray : g.rays[from]) {
          const uint8_t* it = ray.begin();
          for (; it != ray.end() && pos.empty(*it); ++it)
            if (Type == GenType::kAll) add_if_legal<Type>(pos, safety, us, from, *it, list);
          if (it == ray.end()) continue;
          for (++it; it != ray.end(); ++it) {  // Past the screen: the first piece is the target.
            if (pos.empty(*it)) continue;
            add_if_legal<Type>(pos, safety, us, from, *it, list);
            break;
          }
        }
        break;
      default:
        break;
    }
  }
}

template void generate<GenType::kAll>(const Position&, MoveList&);
template void generate<GenType::kCaptures>(const Position&, MoveList&);

int count_legal_moves(const Position& pos) {
  MoveList list;
  generate<GenType::kAll>(pos, list);
  return list.size();
}

bool Position::is_legal(Move m) const {
  if (m.is_none() || m.from() >= kNumSquares || m.to() >= kNumSquares) return false;
  const Piece p = piece_on(m.from());
  if (p == kNoPiece || color_of(p) != side_) return false;
  MoveList list;
  generate<GenType::kAll>(*this, list);
  return list.contains(m);
}

}  // namespace splitlab::xiangqi
