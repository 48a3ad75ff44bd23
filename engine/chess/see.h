// Static exchange evaluation: the material balance of the capture sequence a move starts on its
// target square, both sides capturing with their least valuable piece and free to stop.
#pragma once

#include "engine/chess/position.h"

namespace splitlab::chess {

// In centipawns (kSeeValue), from the mover's point of view. Pins are ignored.
int see(const Position& pos, Move m);

}  // namespace splitlab::chess
