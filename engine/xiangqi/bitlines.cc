#include "engine/xiangqi/bitlines.h"

#include <bit>

#include "engine/xiangqi/geometry.h"

namespace splitlab::xiangqi {
namespace {

// For a line of `Length` squares (9 on a rank, 10 on a file), a piece at index x and the line's
// occupancy o: the empty squares it slides to, and for each direction (towards index 0, towards
// the end) the index of the first piece (a chariot's capture) and of the second (a cannon's),
// or -1.
template <int Length>
struct LineTable {
  static constexpr int kOccupancies = 1 << Length;
  std::array<std::array<uint16_t, kOccupancies>, Length> slide{};
  std::array<std::array<std::array<int8_t, 2>, kOccupancies>, Length> first{}, second{};

  LineTable() {
    for (int x = 0; x < Length; ++x)
      for (int o = 0; o < kOccupancies; ++o)
        for (int d = 0; d < 2; ++d) {
          const int step = d == 0 ? -1 : 1;
          int i = x + step;
          for (; i >= 0 && i < Length && !(o >> i & 1); i += step) slide[x][o] |= uint16_t(1u << i);
          first[x][o][d] = second[x][o][d] = -1;
          if (i < 0 || i >= Length) continue;
          first[x][o][d] = int8_t(i);
          for (i += step; i >= 0 && i < Length && !(o >> i & 1); i += step) {
          }
          if (i >= 0 && i < Length) second[x][o][d] = int8_t(i);
        }
  }
};

const LineTable<kFiles>& rank_table() {  // Along a rank: indexed by file.
  static const LineTable<kFiles> table;
  return table;
}

const LineTable<kRanks>& file_table() {  // Along a file: indexed by rank.
  static const LineTable<kRanks> table;
  return table;
}

// Whether the general of the side moving `m` is safe after it: the chariots, cannons and the
// facing general on its rank and file from the tables (occupancy as after the move), horses and
// soldiers as the mailbox tests them.
bool king_safe_with_lines(const LinePosition& lp, Move m) {
  const Position& pos = lp.position();
  const Square from = m.from(), to = m.to();
  const Piece mover = pos.piece_on(from);
  const Color us = color_of(mover), them = ~us;
  const Square king = type_of(mover) == kKing ? to : pos.king_square(us);
  const auto at = [&](Square s) {
    return s == to ? mover : s == from ? Piece(kNoPiece) : pos.piece_on(s);
  };
  const int kf = file_of(king), kr = rank_of(king);
  uint16_t rank_occupancy = lp.rank_bits(kr), file_occupancy = lp.file_bits(kf);
  if (rank_of(from) == kr) rank_occupancy &= uint16_t(~(1u << file_of(from)));
  if (file_of(from) == kf) file_occupancy &= uint16_t(~(1u << rank_of(from)));
  if (rank_of(to) == kr) rank_occupancy |= uint16_t(1u << file_of(to));
  if (file_of(to) == kf) file_occupancy |= uint16_t(1u << rank_of(to));
  const Piece rook = make_piece(them, kRook), cannon = make_piece(them, kCannon);
  const Piece general = make_piece(them, kKing);
  const auto& ranks = rank_table();
  const auto& files = file_table();
  for (int d = 0; d < 2; ++d) {
    const int r1 = ranks.first[kf][rank_occupancy][d], r2 = ranks.second[kf][rank_occupancy][d];
    if (r1 >= 0 && at(make_square(r1, kr)) == rook) return false;
    if (r2 >= 0 && at(make_square(r2, kr)) == cannon) return false;
    const int f1 = files.first[kr][file_occupancy][d], f2 = files.second[kr][file_occupancy][d];
    if (f1 >= 0 && (at(make_square(kf, f1)) == rook || at(make_square(kf, f1)) == general))
      return false;
    if (f2 >= 0 && at(make_square(kf, f2)) == cannon) return false;
  }
  const Geometry& g = geometry();
  const Piece horse = make_piece(them, kHorse), pawn = make_piece(them, kPawn);
  for (const Step& step : g.horse_attackers[king])
    if (at(step.to) == horse && at(step.block) == kNoPiece) return false;
  const int behind = them == kRed ? -1 : 1;  // Where a soldier of theirs stands to step onto us.
  if (on_board(kf, kr + behind) && at(make_square(kf, kr + behind)) == pawn) return false;
  if (!own_half(them, kr)) {
    if (kf > 0 && at(king - 1) == pawn) return false;
    if (kf < kFiles - 1 && at(king + 1) == pawn) return false;
  }
  return true;
}

}  // namespace

LinePosition::LinePosition(const Position& pos) : pos_(pos) {
  for (Square s = 0; s < kNumSquares; ++s)
    if (!pos_.empty(s)) toggle(s);
}

void LinePosition::make_move(Move m) {
  const bool capture = !pos_.empty(m.to());
  pos_.make_move(m);
  toggle(m.from());
  if (!capture) toggle(m.to());
}

void LinePosition::unmake_move(Move m) {
  const bool capture = pos_.captured_piece() != kNoPiece;
  pos_.unmake_move(m);
  toggle(m.from());
  if (!capture) toggle(m.to());
}

void generate_with_lines(const LinePosition& lp, MoveList& list) {
  const Position& pos = lp.position();
  const Geometry& g = geometry();
  const Color us = pos.side_to_move();
  const MoveSafetyFilter safety{pos.king_square(us), pos.in_check()};
  const auto add = [&](Square from, Square to) {
    const Piece target = pos.piece_on(to);
    if (target != kNoPiece && color_of(target) == us) return;
    const Move m(from, to);
    if (!safety.needed(from, to) || king_safe_with_lines(lp, m)) list.push_back(m);
  };
  const auto steps = [&](Square from, const StepList& list_of_steps) {
    for (const Step& step : list_of_steps)
      if (step.block == kNoSquare || pos.empty(step.block)) add(from, step.to);
  };
  const auto& ranks = rank_table();
  const auto& files = file_table();
  for (Square from = 0; from < kNumSquares; ++from) {
    const Piece p = pos.piece_on(from);
    if (p == kNoPiece || color_of(p) != us) continue;
    const PieceType type = type_of(p);
    switch (type) {
      case kKing:
        steps(from, g.king_moves[from]);
        break;
      case kAdvisor:
        steps(from, g.advisor_moves[from]);
        break;
      case kElephant:
        steps(from, g.elephant_moves[from]);
        break;
      case kHorse:
        steps(from, g.horse_moves[from]);
        break;
      case kPawn:
        steps(from, g.pawn_moves[us][from]);
        break;
      case kRook:
      case kCannon: {
        const int f = file_of(from), r = rank_of(from);
        const uint16_t rank_occupancy = lp.rank_bits(r), file_occupancy = lp.file_bits(f);
        for (unsigned b = ranks.slide[f][rank_occupancy]; b; b &= b - 1)
          add(from, make_square(std::countr_zero(b), r));
        for (unsigned b = files.slide[r][file_occupancy]; b; b &= b - 1)
          add(from, make_square(f, std::countr_zero(b)));
        for (int d = 0; d < 2; ++d) {
          const int on_rank = type == kRook ? ranks.first[f][rank_occupancy][d]
                                            : ranks.second[f][rank_occupancy][d];
          if (on_rank >= 0) add(from, make_square(on_rank, r));
          const int on_file = type == kRook ? files.first[r][file_occupancy][d]
                                            : files.second[r][file_occupancy][d];
          if (on_file >= 0) add(from, make_square(f, on_file));
        }
        break;
      }
      default:
        break;
    }
  }
}

uint64_t perft_with_lines(LinePosition& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generate_with_lines(pos, moves);
  if (depth == 1) return uint64_t(moves.size());
  uint64_t nodes = 0;
  for (const Move m : moves) {
    pos.make_move(m);
    nodes += perft_with_lines(pos, depth - 1);
    pos.unmake_move(m);
  }
  return nodes;
}

}  // namespace splitlab::xiangqi
