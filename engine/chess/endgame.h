// Endgame knowledge the weighted terms cannot express: material that cannot win, the wrong
// rook's-pawn bishop, opposite-coloured bishops and king-pawn-king (from the kpk bitbase).
// It scales the endgame half of the evaluation towards a draw; it never adds a bonus.
#pragma once

#include "engine/chess/position.h"

namespace splitlab::chess {

inline constexpr int kNormalScale = 64;
// The evaluation asks only at this game phase or below (kPhaseWeight: a rook is 2, a queen 4):
// every rule here needs at most a rook and a minor piece a side.
inline constexpr int kEndgameKnowledgePhase = 6;

// The factor, 0..kNormalScale, by which the endgame score of `strong` (the side the endgame
// score favours) is multiplied, divided by kNormalScale.
int endgame_scale(const Position& pos, Color strong);

}  // namespace splitlab::chess
