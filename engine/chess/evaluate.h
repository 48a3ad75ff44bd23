// Static evaluation: tapered middlegame/endgame terms (material, piece-square tables, mobility,
// pawn structure, passed pawns, king shelter, bishop pair), in centipawns from the side to move.
#pragma once

#include <array>

#include "engine/chess/eval_params.h"
#include "engine/chess/position.h"

namespace splitlab::chess {

// Piece values for move ordering and SEE (middlegame material, centipawns).
inline constexpr int kSeeValue[kNumPieceTypes + 1] = {100, 320, 330, 500, 950, 20000, 0};

// With `endgame_knowledge`, endgame_scale() shrinks drawish endgames towards 0
// (SearchFeatures endgame-knowledge; off by default until its SPRT). The search passes its own
// setting (chess_game.h's Evaluation): nothing process-wide.
int evaluate(const Position& pos, bool endgame_knowledge = false);

// How the evaluation of one position used each weight, for the tuner: the evaluation is
//   tapered = (sum_i coeff[i] * w_i.mg * phase + sum_i coeff[i] * w_i.eg * (24 - phase)) / 24
// from White's side (integer division), negated for Black to move, plus kTempo.
struct EvalTrace {
  std::array<int, kEvalParamCount> coeff{};  // White's uses minus Black's.
  int phase = 0;                             // 0..kMaxPhase.
  int eg_scale = 64;                         // endgame_scale() of the side favoured, of 64.
  bool white_to_move = true;
};

// evaluate(pos, endgame_knowledge), filling `trace`.
int evaluate(const Position& pos, EvalTrace& trace, bool endgame_knowledge = false);

// Material of knights, bishops, rooks and queens of one side (for null-move safety).
int non_pawn_material(const Position& pos, Color c);

}  // namespace splitlab::chess
