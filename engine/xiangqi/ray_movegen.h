// The mailbox move generator that walks rays square by square, as Splitlab generated xiangqi
// moves before the bit-lines (bitlines.h) were chosen. Kept as the reference that the line
// generator must equal move for move (xiangqi_rules_test) and as the baseline of
// bench/xiangqi_board_benchmark.cc.
#pragma once

#include <cstdint>

#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/position.h"

namespace splitlab::xiangqi {

// The legal moves of the side to move, in the same order as generate<GenType::kAll>().
void generate_by_rays(const Position& pos, MoveList& list);

// Leaf count to `depth` with generate_by_rays, counting the last ply in bulk.
uint64_t perft_by_rays(Position& pos, int depth);

}  // namespace splitlab::xiangqi
