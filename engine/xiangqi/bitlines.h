// An alternative xiangqi move generator, for the "measure, then choose" of the board
// representation: ElephantEye's bit-ranks and bit-files beside the mailbox. Each rank and file
// keeps its occupancy as a bit mask, and tables indexed by (square on the line, occupancy) give a
// chariot's or cannon's quiet moves and capture squares at once, where the mailbox generator
// walks rays square by square; the general's safety is tested the same way. Pieces, make and
// unmake stay the mailbox's (Position), so a perft of both generators compares only generation
// and legality. Used by the tests (equal perft) and bench/xiangqi_board_benchmark.cc.
#pragma once

#include <array>
#include <cstdint>

#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/position.h"

namespace splitlab::xiangqi {

class LinePosition {
 public:
  explicit LinePosition(const Position& pos);

  const Position& position() const { return pos_; }
  uint16_t rank_bits(int rank) const { return rank_bits_[rank]; }
  uint16_t file_bits(int file) const { return file_bits_[file]; }

  void make_move(Move m);
  void unmake_move(Move m);

 private:
  void toggle(Square s) {
    rank_bits_[rank_of(s)] ^= uint16_t(1u << file_of(s));
    file_bits_[file_of(s)] ^= uint16_t(1u << rank_of(s));
  }

  Position pos_;
  std::array<uint16_t, kRanks> rank_bits_{};
  std::array<uint16_t, kFiles> file_bits_{};
};

// The legal moves of the side to move, in the mailbox generator's order within each piece's
// lines (the set of moves is the same; the order of a chariot's moves may differ).
void generate_with_lines(const LinePosition& pos, MoveList& list);

// Leaf count to `depth`, counting the last ply in bulk.
uint64_t perft_with_lines(LinePosition& pos, int depth);

}  // namespace splitlab::xiangqi
