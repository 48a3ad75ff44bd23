#include "engine/xiangqi/movegen.h"

#include <bit>

#include "engine/xiangqi/bitlines.h"
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

// The moves of a chariot (`rook`) or cannon on `from`, from the bit-lines: along each line the
// empty squares (unless captures only) and the target (a chariot's first piece, a cannon's
// second), direction by direction in the rays' order (up, down, right, left), nearest first, so
// that the move order is the mailbox's (ray_movegen.h).
template <GenType Type>
void generate_line_moves(const Position& pos, const MoveSafetyFilter& safety, Color us,
                         Square from, bool rook, MoveList& list) {
  const int f = file_of(from), r = rank_of(from);
  const uint16_t rank_occupancy = pos.rank_bits(r), file_occupancy = pos.file_bits(f);
  const auto& ranks = rank_table();
  const auto& files = file_table();
  const auto along = [&](unsigned slide, int index, bool towards_end, int target,
                         auto square_at) {
    if (Type == GenType::kAll) {
      if (towards_end) {
        slide &= ~0u << (index + 1);
        for (; slide; slide &= slide - 1)
          add_if_legal<Type>(pos, safety, us, from, square_at(std::countr_zero(slide)), list);
      } else {
        slide &= (1u << index) - 1;
        while (slide) {
          const int nearest = std::bit_width(slide) - 1;
          add_if_legal<Type>(pos, safety, us, from, square_at(nearest), list);
          slide ^= 1u << nearest;
        }
      }
    }
    if (target >= 0) add_if_legal<Type>(pos, safety, us, from, square_at(target), list);
  };
  const auto on_file = [f](int rank) { return make_square(f, rank); };
  const auto on_rank = [r](int file) { return make_square(file, r); };
  const auto& file_targets = rook ? files.first[r][file_occupancy] : files.second[r][file_occupancy];
  const auto& rank_targets = rook ? ranks.first[f][rank_occupancy] : ranks.second[f][rank_occupancy];
  const unsigned file_slide = files.slide[r][file_occupancy];
  const unsigned rank_slide = ranks.slide[f][rank_occupancy];
  along(file_slide, r, true, file_targets[1], on_file);   // Up, towards rank 9.
  along(file_slide, r, false, file_targets[0], on_file);  // Down.
  along(rank_slide, f, true, rank_targets[1], on_rank);   // Right, towards file i.
  along(rank_slide, f, false, rank_targets[0], on_rank);  // Left.
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
      case kCannon:
        generate_line_moves<Type>(pos, safety, us, from, type_of(p) == kRook, list);
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
