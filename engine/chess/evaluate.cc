#include "engine/chess/evaluate.h"

#include <algorithm>
#include <type_traits>

namespace splitlab::chess {
namespace {

// A weight used `count` times by side Us: added to the score and, when tracing, counted (White's
// uses positive, Black's negative) for the tuner. NoTrace compiles to the addition alone.
struct NoTrace {};

template <Color Us, typename Trace>
inline void use(Score2& score, Trace* trace, const Score2& weight, int count = 1) {
  score += weight * count;
  if constexpr (!std::is_same_v<Trace, NoTrace>)
    trace->coeff[eval_param_index(kEvalParams, weight)] += Us == kWhite ? count : -count;
}

constexpr const EvalParams& W = kEvalParams;

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

template <Color Us, typename Trace>
Score2 evaluate_side(const Position& pos, int& phase, Trace* trace) {
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
      use<Us>(score, trace, W.material[t]);
      use<Us>(score, trace, W.piece_square[t][rel]);
      phase += kPhaseWeight[t];
      if (t == kKnight || t == kBishop || t == kRook || t == kQueen) {
        const int moves = popcount(piece_attacks(PieceType(t), s, occupied) & mobility_area);
        use<Us>(score, trace, W.mobility[t], moves - kMobilityBase[t]);
      }
      if (t == kRook) {
        const Bitboard file = file_bb(file_of(s));
        if (!(file & (our_pawns | their_pawns)))
          use<Us>(score, trace, W.rook_open_file);
        else if (!(file & our_pawns))
          use<Us>(score, trace, W.rook_half_open_file);
      }
      if (t == kPawn) {
        const int f = file_of(s);
        if (!(adjacent_files(f) & our_pawns)) use<Us>(score, trace, W.isolated_pawn);
        if (more_than_one(file_bb(f) & our_pawns) && lsb(file_bb(f) & our_pawns) == s)
          use<Us>(score, trace, W.doubled_pawn);
        if (!(passed_span(Us, s) & their_pawns))
          use<Us>(score, trace, W.passed_pawn[rank_of(rel)]);
      }
    }
  }
  if (more_than_one(pos.pieces(Us, kBishop))) use<Us>(score, trace, W.bishop_pair);

  // Pawns in front of a king on its own back two ranks.
  const Square king = pos.king_square(Us);
  const int king_rank = Us == kWhite ? rank_of(king) : 7 - rank_of(king);
  if (king_rank <= 1) {
    const Bitboard shield = (file_bb(file_of(king)) | adjacent_files(file_of(king))) &
                            passed_span(Us, king) & (Us == kWhite ? (kRank2 | kRank3)
                                                                  : (kRank7 | kRank6));
    use<Us>(score, trace, W.shelter_pawn, popcount(shield & our_pawns));
  }
  return score;
}

template <typename Trace>
int evaluate_with(const Position& pos, Trace* trace) {
  int phase = 0;
  Score2 score = evaluate_side<kWhite>(pos, phase, trace);
  score -= evaluate_side<kBlack>(pos, phase, trace);
  phase = std::min(phase, kMaxPhase);
  if constexpr (!std::is_same_v<Trace, NoTrace>) {
    trace->phase = phase;
    trace->white_to_move = pos.side_to_move() == kWhite;
  }
  int value = (score.mg * phase + score.eg * (kMaxPhase - phase)) / kMaxPhase;
  if (pos.side_to_move() == kBlack) value = -value;
  return value + kTempo;
}

}  // namespace

int non_pawn_material(const Position& pos, Color c) {
  int total = 0;
  for (int t = kKnight; t <= kQueen; ++t)
    total += W.material[t].mg * popcount(pos.pieces(c, PieceType(t)));
  return total;
}

int evaluate(const Position& pos) { return evaluate_with<NoTrace>(pos, nullptr); }

int evaluate(const Position& pos, EvalTrace& trace) {
  trace = EvalTrace{};
  return evaluate_with(pos, &trace);
}

}  // namespace splitlab::chess
