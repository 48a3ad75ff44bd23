// The evaluation's weights, all in one struct of middlegame/endgame pairs, so that the Texel
// tuner (experiments/strength/tuner) can see them as one flat vector: weight i is the i-th
// Score2 of EvalParams. The evaluation reads the compile-time kEvalParams, so the weights are
// immediates in its code; the tuner reads the same values and, with a trace of how often each
// weight was used (eval_trace.h), evaluates any other vector of weights without the board.
#pragma once

#include <array>
#include <bit>
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
// Ranks are counted from the side whose term it is (0 = its first rank). Terms added for the
// tuner start at zero: until tuned weights are adopted they cost nothing and change nothing.
struct EvalParams {
  Score2 material[kNumPieceTypes];
  Score2 piece_square[kNumPieceTypes][64];  // From White's side, a1 = 0; the king's material is 0.
  Score2 bishop_pair;
  Score2 doubled_pawn;
  Score2 isolated_pawn;
  Score2 passed_pawn[8];                // No enemy pawn ahead on its own or an adjacent file.
  // Mobility: by the number of attacked squares not held by our pieces or enemy pawn attacks.
  Score2 knight_mobility[9];
  Score2 bishop_mobility[14];
  Score2 rook_mobility[15];
  Score2 queen_mobility[28];
  Score2 rook_open_file;
  Score2 rook_half_open_file;
  Score2 shelter_pawn;                  // Per pawn in front of a king on its back two ranks.

  // Pawn structure.
  Score2 backward_pawn;       // Cannot be supported by a pawn and its stop square is attacked.
  Score2 connected_pawn[8];   // Defended by a pawn or beside one, by rank.
  Score2 candidate_passer[8]; // Open file ahead, at least as many helpers as enemy sentries.
  Score2 passed_free_path[8]; // A passed pawn with nothing on the squares in front of it.
  Score2 passed_own_king_distance[8];    // Per square of distance to the pawn's stop square.
  Score2 passed_enemy_king_distance[8];  // Likewise for the enemy king.
  // King safety (terms of the side whose king it is).
  Score2 pawn_storm[8];        // Per enemy pawn on the king's or an adjacent file, by its rank.
  Score2 king_open_file;       // Per file of the king's three without a pawn of its own.
  Score2 king_danger[32];      // By attack units on the enemy king's zone (one-hot, see below).
  // Pieces.
  Score2 outpost[2];           // Knight, bishop: ranks 4-6, pawn-defended, no enemy pawn can chase.
  Score2 bishop_pawns_same_colour;  // Per own pawn on the bishop's square colour.
  Score2 threat_by_pawn[kNumPieceTypes];  // Per enemy piece attacked by our pawns, by its type.
  Score2 hanging[kNumPieceTypes];         // Per enemy piece we attack that nothing defends.
  // Per enemy piece attacked by our knights or bishops, by its type: pieces an enemy pawn
  // defends count only from the rook up (a minor attacking a defended minor threatens nothing).
  Score2 threat_by_minor[kNumPieceTypes];
  Score2 threat_by_rook[kNumPieceTypes];  // Likewise by our rooks; defended ones only the queen.
  // Per square from which our piece of this type could check the enemy king next move, that no
  // enemy piece or pawn guards (the check the defence cannot simply capture).
  Score2 safe_check[kNumPieceTypes];
};

// Attack units on the enemy king's zone per attacking piece (king_danger's index, capped at 31).
inline constexpr int kKingAttackUnits[kNumPieceTypes] = {0, 2, 2, 3, 5, 0};

inline constexpr int kEvalParamCount = int(sizeof(EvalParams) / sizeof(Score2));
static_assert(sizeof(EvalParams) == kEvalParamCount * sizeof(Score2));

// Game phase: 24 with all minor and major pieces on the board, 0 with none.
inline constexpr int kPhaseWeight[kNumPieceTypes] = {0, 1, 1, 2, 4, 0};
inline constexpr int kMaxPhase = 24;
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
  // Mobility: linear in the squares beyond a base (knight 4, bishop 6, rook 6, queen 12).
  for (int n = 0; n < 9; ++n) p.knight_mobility[n] = Score2{4, 4} * (n - 4);
  for (int n = 0; n < 14; ++n) p.bishop_mobility[n] = Score2{5, 5} * (n - 6);
  for (int n = 0; n < 15; ++n) p.rook_mobility[n] = Score2{2, 4} * (n - 6);
  for (int n = 0; n < 28; ++n) p.queen_mobility[n] = Score2{1, 2} * (n - 12);
  p.rook_open_file = {25, 10};
  p.rook_half_open_file = {12, 5};
  p.shelter_pawn = {12, 0};
  return p;
}

}  // namespace detail

namespace detail {
inline constexpr Score2 kTunedWeights[] = {
#include "engine/chess/eval_params_tuned.inc"
};
static_assert(sizeof(kTunedWeights) == sizeof(EvalParams), "one tuned Score2 per weight");
}  // namespace detail

// The weights the engine plays with: the Texel tuner's fit (eval_params_tuned.inc), started from
// hand_set_params().
inline constexpr EvalParams kEvalParams = std::bit_cast<EvalParams>(detail::kTunedWeights);

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
