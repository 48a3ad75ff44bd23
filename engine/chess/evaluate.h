// Static evaluation: tapered middlegame/endgame terms (material, piece-square tables, mobility,
// pawn structure, passed pawns, king shelter, bishop pair), in centipawns from the side to move.
#pragma once

#include "engine/chess/position.h"

namespace splitlab::chess {

// Piece values for move ordering and SEE (middlegame material, centipawns).
inline constexpr int kSeeValue[kNumPieceTypes + 1] = {100, 320, 330, 500, 950, 20000, 0};

int evaluate(const Position& pos);

// Material of knights, bishops, rooks and queens of one side (for null-move safety).
int non_pawn_material(const Position& pos, Color c);

}  // namespace splitlab::chess
