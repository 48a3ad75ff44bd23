// The xiangqi evaluation: material and piece-square values tapered between middlegame and
// endgame, the palace's safety against attackers across the river, horse and chariot mobility,
// and a tempo. Its weights are eval_params.h's, a flat array the Texel tuner fits to games.
#pragma once

#include <array>

#include "engine/xiangqi/eval_params.h"
#include "engine/xiangqi/position.h"

namespace splitlab::xiangqi {

// Centipawn-like units, from the side to move's point of view, with kEvalParams.
int evaluate(const Position& pos);

// How often each weight was used in one evaluation (Red's uses minus Black's) and the phase:
// the evaluation is tapered(sum of coeff x weight) + tempo, which the tuner relies on.
struct EvalTrace {
  std::array<int, kEvalParamCount> coeff{};
  int phase = 0;  // 0..kMaxPhase: the middlegame share of the taper is phase / kMaxPhase.
  bool red_to_move = true;
};

// The evaluation with any weights, filling `trace` when it is not null.
int evaluate(const Position& pos, const EvalParams& params, EvalTrace* trace);

// The value of a piece for exchange counting (SEE, move ordering); the general's is large.
int piece_value(PieceType t);

}  // namespace splitlab::xiangqi
