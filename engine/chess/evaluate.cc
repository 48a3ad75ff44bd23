#include "engine/chess/evaluate.h"

#include <array>
#include <cstdlib>

namespace splitlab::chess {
namespace {

struct Score2 {  // A middlegame and an endgame value, blended by the game phase.
  int mg = 0, eg = 0;
  constexpr Score2& operator+=(Score2 o) { mg += o.mg; eg += o.eg; return *this; }
  constexpr Score2& operator-=(Score2 o) { mg -= o.mg; eg -= o.eg; return *this; }
  constexpr Score2 operator*(int k) const { return {mg * k, eg * k}; }
};

constexpr Score2 kMaterial[kNumPieceTypes] = {
    {90, 120}, {320, 300}, {335, 320}, {480, 540}, {960, 1000}, {0, 0}};
constexpr int kPhaseWeight[kNumPieceTypes] = {0, 1, 1, 2, 4, 0};
constexpr int kMaxPhase = 24;

// Piece-square tables, built from simple rules (centralisation, advancement, king shelter)
// rather than tuned numbers; indexed from White's side (a1 = 0).
constexpr int center_distance(Square s) {
  const int f = file_of(s), r = rank_of(s);
  const int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
  return df + dr;  // 0 in the centre, 6 in a corner.
}

constexpr std::array<std::array<Score2, 64>, kNumPieceTypes> make_tables() {
  std::array<std::array<Score2, 64>, kNumPieceTypes> t{};
  for (Square s = 0; s < 64; ++s) {
    const int f = file_of(s), r = rank_of(s), cd = center_distance(s);
    const int central_file = (f == 3 || f == 4) ? 1 : (f == 2 || f == 5) ? 0 : -1;
    // Pawns: advance, especially in the centre; endgame value grows with the rank.
    t[kPawn][s] = {r >= 1 && r <= 6 ? (r - 1) * 3 + central_file * (r >= 3 && r <= 4 ? 12 : 3) : 0,
                   r >= 1 && r <= 6 ? (r - 1) * 6 : 0};
    t[kKnight][s] = {18 - 7 * cd, 15 - 6 * cd};
    t[kBishop][s] = {10 - 3 * cd - (r == 0 ? 8 : 0), 8 - 3 * cd};
    t[kRook][s] = {(r == 6 ? 15 : 0) + (central_file >= 0 ? 4 : 0), r == 6 ? 10 : 0};
    t[kQueen][s] = {4 - 2 * cd - (r == 0 ? 0 : 0), 12 - 4 * cd};
    // King: stay home and castled in the middlegame, centralise in the endgame.
    const int shelter = r == 0 ? (f <= 2 || f >= 6 ? 25 : 0) : r == 1 ? 0 : -25 * r;
    t[kKing][s] = {shelter, 30 - 10 * cd};
  }
  return t;
}
constexpr auto kPieceSquare = make_tables();

constexpr Score2 kBishopPair = {30, 50};
constexpr Score2 kDoubledPawn = {-10, -20};
constexpr Score2 kIsolatedPawn = {-12, -15};
constexpr Score2 kPassedPawn[8] = {{0, 0},   {5, 10},  {8, 15},   {15, 30},
                                   {30, 60}, {55, 100}, {90, 150}, {0, 0}};
constexpr Score2 kMobility[kNumPieceTypes] = {{0, 0}, {4, 4}, {5, 5}, {2, 4}, {1, 2}, {0, 0}};
constexpr int kMobilityBase[kNumPieceTypes] = {0, 4, 6, 6, 12, 0};
constexpr Score2 kRookOpenFile = {25, 10};
constexpr Score2 kRookHalfOpenFile = {12, 5};
constexpr Score2 kShelterPawn = {12, 0};
constexpr int kTempo = 10;

Bitboard file_bb(int f) { return kFileA << f; }
Bitboard adjacent_files(int f) {
  return (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
}
// Squares in front of `s` (from `c`'s side) on its file and the adjacent files.
Bitboard passed_span(Color c, Square s) {
  const Bitboard files = file_bb(file_of(s)) | adjacent_files(file_of(s));
  const int r = rank_of(s);
  const Bitboard ahead = c == kWhite ? (r < 7 ? ~Bitboard(0) << (8 * (r + 1)) : 0)
                                     : (r > 0 ? ~Bitboard(0) >> (8 * (8 - r)) : 0);
  return files & ahead;
}

template <Color Us>
Score2 evaluate_side(const Position& pos, int& phase) {
  constexpr Color Them = ~Us;
  Score2 score;
  const Bitboard occupied = pos.pieces();
  const Bitboard our_pawns = pos.pieces(Us, kPawn), their_pawns = pos.pieces(Them, kPawn);
  const Bitboard enemy_pawn_attacks = pawn_attacks_set<Them>(their_pawns);
  const Bitboard mobility_area = ~pos.pieces(Us) & ~enemy_pawn_attacks;

  for (int t = kPawn; t <= kKing; ++t) {
    for (Bitboard b = pos.pieces(Us, PieceType(t)); b;) {
      const Square s = pop_lsb(b);
      const Square rel = Us == kWhite ? s : (s ^ 56);
      score += kMaterial[t];
      score += kPieceSquare[t][rel];
      phase += kPhaseWeight[t];
      if (t == kKnight || t == kBishop || t == kRook || t == kQueen) {
        const int moves = popcount(piece_attacks(PieceType(t), s, occupied) & mobility_area);
        score += kMobility[t] * (moves - kMobilityBase[t]);
      }
      if (t == kRook) {
        const Bitboard file = file_bb(file_of(s));
        if (!(file & (our_pawns | their_pawns)))
          score += kRookOpenFile;
        else if (!(file & our_pawns))
          score += kRookHalfOpenFile;
      }
      if (t == kPawn) {
        const int f = file_of(s);
        if (!(adjacent_files(f) & our_pawns)) score += kIsolatedPawn;
        if (more_than_one(file_bb(f) & our_pawns) && lsb(file_bb(f) & our_pawns) == s)
          score += kDoubledPawn;
        if (!(passed_span(Us, s) & their_pawns)) score += kPassedPawn[rank_of(rel)];
      }
    }
  }
  if (more_than_one(pos.pieces(Us, kBishop))) score += kBishopPair;

  // Pawns in front of a king on its own back two ranks.
  const Square king = pos.king_square(Us);
  const int king_rank = Us == kWhite ? rank_of(king) : 7 - rank_of(king);
  if (king_rank <= 1) {
    const Bitboard shield = (file_bb(file_of(king)) | adjacent_files(file_of(king))) &
                            passed_span(Us, king) & (Us == kWhite ? (kRank2 | kRank3)
                                                                  : (kRank7 | kRank6));
    score += kShelterPawn * popcount(shield & our_pawns);
  }
  return score;
}

}  // namespace

int non_pawn_material(const Position& pos, Color c) {
  int total = 0;
  for (int t = kKnight; t <= kQueen; ++t)
    total += kMaterial[t].mg * popcount(pos.pieces(c, PieceType(t)));
  return total;
}

int evaluate(const Position& pos) {
  int phase = 0;
  Score2 score = evaluate_side<kWhite>(pos, phase);
  score -= evaluate_side<kBlack>(pos, phase);
  phase = std::min(phase, kMaxPhase);
  int value = (score.mg * phase + score.eg * (kMaxPhase - phase)) / kMaxPhase;
  if (pos.side_to_move() == kBlack) value = -value;
  return value + kTempo;
}

}  // namespace splitlab::chess
