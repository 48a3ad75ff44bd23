// Bit-ranks and bit-files, as ElephantEye keeps them: the Position holds each rank's and file's
// occupancy as a bit mask, and the tables here, indexed by (square on the line, occupancy),
// give a chariot's or cannon's quiet moves and the squares of the first and second piece in
// each direction at once, where a mailbox walks rays square by square. The move generator and
// the general's safety test read them. Chosen over the mailbox's ray walks by measurement
// (bench/xiangqi_board_benchmark.cc, experiments/xiangqi/README.md).
#pragma once

#include <array>
#include <cstdint>

#include "engine/xiangqi/geometry.h"
#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi {

// For a line of `Length` squares (9 on a rank, 10 on a file), a piece at index x and the line's
// occupancy o: the empty squares it slides to (both directions), and for each direction
// (0: towards index 0, 1: towards the end) the index of the first piece (a chariot's target)
// and of the second (a cannon's), or -1.
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

const LineTable<kFiles>& rank_table();  // Along a rank: indexed by file.
const LineTable<kRanks>& file_table();  // Along a file: indexed by rank.

// Whether a piece of `by` attacks the general standing on `s`, with the rank's and the file's
// occupancy through `s` given (so that the test can run on the board as it would be after a
// move) and `at(square)` giving the piece on a square in that board. Generals are attacked by
// chariots, cannons (over exactly one screen), horses (unless the leg next to the horse is
// occupied), soldiers, and the other general facing it on an open file. Advisors and elephants
// never leave their own side, so they never attack a general.
template <typename At>
bool general_attacked_on_lines(const At& at, uint16_t rank_occupancy, uint16_t file_occupancy,
                               Square s, Color by) {
  const Piece rook = make_piece(by, kRook), cannon = make_piece(by, kCannon);
  const Piece general = make_piece(by, kKing);
  const int kf = file_of(s), kr = rank_of(s);
  const auto& ranks = rank_table();
  const auto& files = file_table();
  for (int d = 0; d < 2; ++d) {
    const int r1 = ranks.first[kf][rank_occupancy][d], r2 = ranks.second[kf][rank_occupancy][d];
    if (r1 >= 0 && at(make_square(r1, kr)) == rook) return true;
    if (r2 >= 0 && at(make_square(r2, kr)) == cannon) return true;
    const int f1 = files.first[kr][file_occupancy][d], f2 = files.second[kr][file_occupancy][d];
    if (f1 >= 0 && (at(make_square(kf, f1)) == rook || at(make_square(kf, f1)) == general))
      return true;
    if (f2 >= 0 && at(make_square(kf, f2)) == cannon) return true;
  }
  const Geometry& g = geometry();
  const Piece horse = make_piece(by, kHorse), pawn = make_piece(by, kPawn);
  for (const Step& step : g.horse_attackers[s])
    if (at(step.to) == horse && at(step.block) == kNoPiece) return true;
  const int behind = by == kRed ? -1 : 1;  // Where a soldier of `by` stands to step onto s.
  if (on_board(kf, kr + behind) && at(make_square(kf, kr + behind)) == pawn) return true;
  if (!own_half(by, kr)) {  // Soldiers of `by` on this rank have crossed: they step sideways.
    if (kf > 0 && at(s - 1) == pawn) return true;
    if (kf < kFiles - 1 && at(s + 1) == pawn) return true;
  }
  return false;
}

}  // namespace splitlab::xiangqi
