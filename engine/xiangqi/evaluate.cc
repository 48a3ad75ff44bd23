#include "engine/xiangqi/evaluate.h"

#include <algorithm>
#include <cstdlib>

namespace splitlab::xiangqi {
namespace {

struct Pair {
  int mg;
  int eg;
};

// Material, middlegame and endgame: a cannon needs screens, which thin out; a horse gains room.
constexpr Pair kMaterial[kNumPieceTypes] = {
    {0, 0},       // general
    {200, 200},   // advisor
    {200, 200},   // elephant
    {400, 450},   // horse
    {900, 1000},  // chariot
    {450, 400},   // cannon
    {100, 110},   // soldier (before the river; the bonus below adds the crossing)
};

// Game phase: 4 per chariot, 2 per horse or cannon; 32 with every one on the board.
constexpr int kPhaseWeight[kNumPieceTypes] = {0, 0, 0, 2, 4, 2, 0};
constexpr int kMaxPhase = 32;

int relative_rank(Color c, int rank) { return c == kRed ? rank : kRanks - 1 - rank; }
int centre_distance(int file) { return std::abs(file - 4); }

// A soldier across the river gains its sideways steps; nearer the palace it threatens more,
// and on the last rank it can no longer go forward.
constexpr int kSoldierRankBonus[kRanks] = {0, 0, 0, 0, 0, 90, 110, 130, 120, 60};
constexpr int kSoldierFileBonus[kFiles] = {0, 5, 10, 20, 25, 20, 10, 5, 0};

// Piece-square values for a piece of colour `c` on (file, rank).
Pair square_value(Color c, PieceType t, int file, int rank) {
  const int rel = relative_rank(c, rank);
  const int centre = 4 - centre_distance(file);  // 4 on the e-file, 0 on the edges.
  switch (t) {
    case kPawn:
      if (rel < 5) return {rel == 4 ? 10 : 0, 0};
      return {kSoldierRankBonus[rel] + kSoldierFileBonus[file],
              kSoldierRankBonus[rel] + kSoldierFileBonus[file] / 2};
    case kHorse:
      // Central and advanced horses reach more squares; a horse on the edge reaches few.
      return {6 * centre + 5 * std::min(rel, 7) - (centre == 0 ? 20 : 0),
              5 * centre + 3 * std::min(rel, 7)};
    case kCannon:
      // The central cannon bears on the general's file.
      return {file == 4 ? 25 : (centre == 3 ? 5 : 0), 0};
    case kRook:
      return {rel >= 5 && rel <= 7 ? 15 : 0, rel >= 5 ? 10 : 0};
    case kKing:
      // The general is safest on its back rank and home file.
      return {-12 * rel - 6 * centre_distance(file), 0};
    default:
      return {0, 0};
  }
}

// What one piece brings against the other side's palace: chariots, horses and cannons across
// the river (a cannon on the central file from anywhere), soldiers near the palace.
int attack_units(Color attacker, PieceType t, Square s) {
  const int rel = relative_rank(attacker, rank_of(s));
  switch (t) {
    case kRook:
      return rel >= 5 ? 3 : 1;
    case kHorse:
      return rel >= 5 ? 2 : 0;
    case kCannon:
      return rel >= 5 || file_of(s) == 4 ? 2 : 1;
    case kPawn:
      return rel >= 6 && centre_distance(file_of(s)) <= 2 ? 1 : 0;
    default:
      return 0;
  }
}

// The danger to `defender`'s palace from the other side's attack units, against the advisors
// and elephants that guard it.
int palace_danger(const Position& pos, Color defender, int attacker_units) {
  const int guards = pos.count(defender, kAdvisor) + pos.count(defender, kElephant);
  return attacker_units * (4 + 6 * (4 - guards));
}

}  // namespace

int piece_value(PieceType t) { return t == kKing ? 10000 : kMaterial[t].mg; }

int evaluate(const Position& pos) {
  Pair score[2] = {{0, 0}, {0, 0}};
  int units[2] = {0, 0};  // Attack units each side brings against the other's palace.
  int phase = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    const Piece p = pos.piece_on(s);
    if (p == kNoPiece) continue;
    const Color c = color_of(p);
    const PieceType t = type_of(p);
    const Pair value = square_value(c, t, file_of(s), rank_of(s));
    score[c].mg += kMaterial[t].mg + value.mg;
    score[c].eg += kMaterial[t].eg + value.eg;
    phase += kPhaseWeight[t];
    units[c] += attack_units(c, t, s);
  }
  // Palace safety matters while there are attackers; its weight falls with the phase below.
  score[kRed].mg -= palace_danger(pos, kRed, units[kBlack]);
  score[kBlack].mg -= palace_danger(pos, kBlack, units[kRed]);
  phase = std::min(phase, kMaxPhase);
  const int mg = score[kRed].mg - score[kBlack].mg;
  const int eg = score[kRed].eg - score[kBlack].eg;
  const int red_view = (mg * phase + eg * (kMaxPhase - phase)) / kMaxPhase;
  constexpr int kTempo = 10;
  return (pos.side_to_move() == kRed ? red_view : -red_view) + kTempo;
}

}  // namespace splitlab::xiangqi
