// The xiangqi evaluation: material and piece-square values tapered between middlegame and
// endgame, the palace's safety against attackers across the river, and a tempo. The values are
// Splitlab's own first estimates (the common rule of thumb chariot 9, cannon 4.5, horse 4,
// advisor and elephant 2, soldier 1 and 2 across the river), to be tuned against games.
#pragma once

#include "engine/xiangqi/position.h"

namespace splitlab::xiangqi {

// Centipawn-like units, from the side to move's point of view.
int evaluate(const Position& pos);

// The value of a piece for exchange counting (SEE, move ordering); the general's is large.
int piece_value(PieceType t);

}  // namespace splitlab::xiangqi
