// Static exchange evaluation for xiangqi: the material a capture sequence on one square wins,
// each side capturing with its least valuable attacker and free to stop. Cannons are found
// over their screens on the board as it is after each capture, so a capture that removes or
// supplies a screen is counted right.
#pragma once

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi {

// From the mover's point of view, in piece_value() units (evaluate.h).
int see(const Position& pos, Move m);

}  // namespace splitlab::xiangqi
