// The evaluation's weights, all in one struct of middlegame/endgame pairs, so that the Texel
// tuner (experiments/strength/tuner) can see them as one flat vector: weight i is the i-th
// Score2 of EvalParams. The evaluation reads the compile-time kEvalParams, so the weights are
// immediates in its code; the tuner reads the same values and, with a trace of how often each
// weight was used (eval_trace.h), evaluates any other vector of weights without the board.
#pragma once

#include <array>
#include <string>

#include "engine/chess/types.h"

namespace splitlab::chess {

struct Score2 {  // A middlegame and an endgame value, blended by the game phase.
  int mg = 0, eg = 0;
  constexpr Score2& operator+=(Score2 o) { mg += o.mg; eg += o.eg; return *this; }
  constexpr Score2& operator-=(Score2 o) { mg -= o.mg; eg -= o.eg; return *this; }
  constexpr Score2 operator*(int k) const { return {mg * k, eg * k}; }
  constexpr bool operator==(const Score2&) const = default;
};

// Every member is a Score2 or an array of them: EvalParams is a flat array of Score2 in memory.
struct EvalParams {
  Score2 material[kNumPieceTypes];
  Score2 piece_square[kNumPieceTypes][64];  // From White's side, a1 = 0; the king's material is 0.
  Score2 bishop_pair;
  Score2 doubled_pawn;
  Score2 isolated_pawn;
  Score2 passed_pawn[8];                // By the pawn's rank from its own side.
  Score2 mobility[kNumPieceTypes];      // Per attacked square beyond kMobilityBase.
  Score2 rook_open_file;
  Score2 rook_half_open_file;
  Score2 shelter_pawn;                  // Per pawn in front of a king on its back two ranks.
};

inline constexpr int kEvalParamCount = int(sizeof(EvalParams) / sizeof(Score2));
static_assert(sizeof(EvalParams) == kEvalParamCount * sizeof(Score2));

// Game phase: 24 with all minor and major pieces on the board, 0 with none.
inline constexpr int kPhaseWeight[kNumPieceTypes] = {0, 1, 1, 2, 4, 0};
inline constexpr int kMaxPhase = 24;
// Attacked squares a piece is expected to have; mobility counts the squares beyond these.
inline constexpr int kMobilityBase[kNumPieceTypes] = {0, 4, 6, 6, 12, 0};
// Added for the side to move after tapering (not a tuned weight).
inline constexpr int kTempo = 10;

namespace detail {

constexpr int center_distance(Square s) {
  const int f = file_of(s), r = rank_of(s);
  const int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
  return df + dr;  // 0 in the centre, 6 in a corner.
}

// The hand-set weights: piece-square tables built from simple rules (centralisation,
// advancement, king shelter) rather than tuned numbers.
constexpr EvalParams hand_set_params() {
  EvalParams p{};
  const Score2 material[kNumPieceTypes] = {{90, 120}, {320, 300}, {335, 320},
                                           {480, 540}, {960, 1000}, {0, 0}};
  for (int t = 0; t < kNumPieceTypes; ++t) p.material[t] = material[t];
  for (Square s = 0; s < 64; ++s) {
    const int f = file_of(s), r = rank_of(s), cd = center_distance(s);
    const int central_file = (f == 3 || f == 4) ? 1 : (f == 2 || f == 5) ? 0 : -1;
    // Pawns: advance, especially in the centre; endgame value grows with the rank.
    p.piece_square[kPawn][s] = {
        r >= 1 && r <= 6 ? (r - 1) * 3 + central_file * (r >= 3 && r <= 4 ? 12 : 3) : 0,
        r >= 1 && r <= 6 ? (r - 1) * 6 : 0};
    p.piece_square[kKnight][s] = {18 - 7 * cd, 15 - 6 * cd};
    p.piece_square[kBishop][s] = {10 - 3 * cd - (r == 0 ? 8 : 0), 8 - 3 * cd};
    p.piece_square[kRook][s] = {(r == 6 ? 15 : 0) + (central_file >= 0 ? 4 : 0), r == 6 ? 10 : 0};
    p.piece_square[kQueen][s] = {4 - 2 * cd, 12 - 4 * cd};
    // King: stay home and castled in the middlegame, centralise in the endgame.
    const int shelter = r == 0 ? (f <= 2 || f >= 6 ? 25 : 0) : r == 1 ? 0 : -25 * r;
    p.piece_square[kKing][s] = {shelter, 30 - 10 * cd};
  }
  p.bishop_pair = {30, 50};
  p.doubled_pawn = {-10, -20};
  p.isolated_pawn = {-12, -15};
  const Score2 passed[8] = {{0, 0},   {5, 10},   {8, 15},   {15, 30},
                            {30, 60}, {55, 100}, {90, 150}, {0, 0}};
  for (int r = 0; r < 8; ++r) p.passed_pawn[r] = passed[r];
  const Score2 mobility[kNumPieceTypes] = {{0, 0}, {4, 4}, {5, 5}, {2, 4}, {1, 2}, {0, 0}};
  for (int t = 0; t < kNumPieceTypes; ++t) p.mobility[t] = mobility[t];
  p.rook_open_file = {25, 10};
  p.rook_half_open_file = {12, 5};
  p.shelter_pawn = {12, 0};
  return p;
}

}  // namespace detail

// The weights the engine plays with.
inline constexpr EvalParams kEvalParams = detail::hand_set_params();

// Weight i of `p` as a flat vector (0 <= i < kEvalParamCount).
inline const Score2& eval_param(const EvalParams& p, int i) {
  return reinterpret_cast<const Score2*>(&p)[i];
}
inline Score2& eval_param(EvalParams& p, int i) { return reinterpret_cast<Score2*>(&p)[i]; }

// The index of the weight `w`, a member (or array element) of `p`.
inline int eval_param_index(const EvalParams& p, const Score2& w) {
  return int(&w - reinterpret_cast<const Score2*>(&p));
}

// A readable name for weight i: "material[knight]", "piece_square[pawn][e4]", "bishop_pair".
std::string eval_param_name(int i);

// Weights that stay fixed when tuning: unreachable piece-square entries (pawns on the first and
// last ranks), the king's material and the trivial mobility and passed-pawn slots.
bool eval_param_fixed(int i);

}  // namespace splitlab::chess
