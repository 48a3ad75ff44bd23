// King and pawn against king: a bitbase, won or drawn for every position, computed once by
// retrograde analysis on first use (about 200,000 positions, a few tens of milliseconds).
#pragma once

#include "engine/chess/types.h"

namespace splitlab::chess::kpk {

// True when the side with the pawn wins with best play. `strong` owns the pawn; the position
// must be legal (kings apart, the side not to move not in check, the pawn on ranks 2-7 as seen
// from `strong`).
bool probe(Color strong, Square strong_king, Square pawn, Square weak_king, Color side_to_move);

// How many positions of the normalised table (White has the pawn, on files a-d) are legal, and
// how many of those are won, for each side to move. For the tests' consistency checks.
struct Census {
  int legal[2] = {0, 0};  // [side to move]
  int won[2] = {0, 0};
};
Census census();

}  // namespace splitlab::chess::kpk
