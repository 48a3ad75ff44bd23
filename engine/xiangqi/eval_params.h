// The xiangqi evaluation's weights: every term is a middlegame/endgame pair in one flat array,
// so that the Texel tuner (experiments/strength/tuner) can fit them all to game results, and the
// engine plays the compile-time kEvalParams. The evaluation is linear in these weights: with a
// trace (how often each weight was used, Red's uses minus Black's, and the phase) the
// evaluation of any weight vector is a dot product, tapered.
#pragma once

#include <array>
#include <string>

#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi {

struct EvalPair {
  int mg = 0;
  int eg = 0;
  constexpr bool operator==(const EvalPair&) const = default;
};

// Piece-square tables are mirrored left to right (the board's values are symmetric): a square
// is indexed by its rank counted from its owner's back rank and its file folded onto a..e.
inline constexpr int kFoldedFiles = 5;
inline constexpr int kSquaresPerTable = kRanks * kFoldedFiles;
// Palace danger: an attacker of four kinds (chariot, horse, cannon, soldier), "advanced" (across
// the river, or a cannon on the central file, or a soldier close to the palace) or not, by how
// many of the defender's four guards (advisors and elephants) are gone.
inline constexpr int kPalaceAttackerKinds = 4;
inline constexpr int kMissingGuardCounts = 5;
inline constexpr int kHorseMobilityCounts = 9;     // 0..8 reachable squares.
inline constexpr int kChariotMobilityCounts = 18;  // 0..17.

inline constexpr int kMaterialIndex = 0;
inline constexpr int kPieceSquareIndex = kMaterialIndex + kNumPieceTypes;
inline constexpr int kPalaceIndex = kPieceSquareIndex + kNumPieceTypes * kSquaresPerTable;
inline constexpr int kHorseMobilityIndex =
    kPalaceIndex + kPalaceAttackerKinds * 2 * kMissingGuardCounts;
inline constexpr int kChariotMobilityIndex = kHorseMobilityIndex + kHorseMobilityCounts;
inline constexpr int kEvalParamCount = kChariotMobilityIndex + kChariotMobilityCounts;

// Game phase: 4 per chariot, 2 per horse or cannon; 32 with every one on the board. Not tuned:
// it defines the taper.
inline constexpr int kPhaseWeight[kNumPieceTypes] = {0, 0, 0, 2, 4, 2, 0};
inline constexpr int kMaxPhase = 32;
inline constexpr int kTempo = 10;

struct EvalParams {
  std::array<EvalPair, kEvalParamCount> weights;
};

constexpr int relative_rank(Color c, int rank) { return c == kRed ? rank : kRanks - 1 - rank; }
constexpr int folded_file(int file) { return file <= 4 ? file : 8 - file; }

constexpr int piece_square_index(PieceType t, Color c, Square s) {
  return kPieceSquareIndex + t * kSquaresPerTable + relative_rank(c, rank_of(s)) * kFoldedFiles +
         folded_file(file_of(s));
}

// The attacker's kind (0..3) for palace danger, or -1 for a piece that never attacks a palace.
constexpr int palace_attacker_kind(PieceType t) {
  return t == kRook ? 0 : t == kHorse ? 1 : t == kCannon ? 2 : t == kPawn ? 3 : -1;
}

constexpr int palace_index(int kind, bool advanced, int missing_guards) {
  return kPalaceIndex + (kind * 2 + (advanced ? 1 : 0)) * kMissingGuardCounts + missing_guards;
}

// The weights the engine plays with: the Texel tuner's fit to games (eval_params_tuned.inc).
extern const EvalParams kEvalParams;
// Splitlab's hand-set first estimates, where the tuner started (strength log, xiangqi entry 1).
extern const EvalParams kHandSetEvalParams;

// A readable name for each weight ("material horse", "pst chariot rank 6 file c", ...).
std::string eval_param_name(int index);
// Weights no position can use or that must not move (the general's material, squares a piece
// can never stand on): the tuner leaves them as they are.
bool eval_param_fixed(int index);

}  // namespace splitlab::xiangqi
