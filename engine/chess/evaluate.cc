#include "engine/chess/evaluate.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <type_traits>

#include "engine/chess/endgame.h"

namespace splitlab::chess {
namespace {

// A weight used `count` times by side Us: added to the score and, when tracing, counted (White's
// uses positive, Black's negative) for the tuner. NoTrace compiles to the addition alone, and a
// weight of zero to nothing at all.
struct NoTrace {};

template <Color Us, typename Trace>
inline void use(Score2& score, Trace* trace, const Score2& weight, int count = 1) {
  score += weight * count;
  if constexpr (!std::is_same_v<Trace, NoTrace>)
    trace->coeff[eval_param_index(kEvalParams, weight)] += Us == kWhite ? count : -count;
}

constexpr const EvalParams& W = kEvalParams;
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;  // a1 is dark.

Bitboard file_bb(int f) { return kFileA << f; }
Bitboard rank_bb(int r) { return kRank1 << (8 * r); }
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
// The ranks of `s` and those behind it, from `c`'s side.
Bitboard level_or_behind(Color c, Square s) {
  const int r = rank_of(s);
  return c == kWhite ? (r == 7 ? ~Bitboard(0) : (Bitboard(1) << (8 * (r + 1))) - 1)
                     : ~Bitboard(0) << (8 * r);
}
int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// What one side attacks, for the terms that need both sides' attacks (threats, king danger).
struct SideAttacks {
  Bitboard all = 0;
  Bitboard by_pawns = 0;
  Bitboard by_type[kNumPieceTypes] = {};  // Knights to queens: what pieces of each type attack.
  int king_units = 0;  // Attack units on the enemy king's zone.
};

// The terms that depend on the pawns alone, for side Us; `passed` receives its passed pawns.
template <Color Us, typename Trace>
Score2 pawn_structure(const Position& pos, Trace* trace, Bitboard& passed) {
  constexpr Color Them = ~Us;
  Score2 score;
  passed = 0;
  const Bitboard our_pawns = pos.pieces(Us, kPawn), their_pawns = pos.pieces(Them, kPawn);
  for (Bitboard b = our_pawns; b;) {
    const Square s = pop_lsb(b);
    const int f = file_of(s);
    const int r = Us == kWhite ? rank_of(s) : 7 - rank_of(s);
    const Square stop = Us == kWhite ? s + 8 : s - 8;
    const Bitboard ahead_on_file = passed_span(Us, s) & file_bb(f);
    const bool isolated = !(adjacent_files(f) & our_pawns);
    if (isolated) use<Us>(score, trace, W.isolated_pawn);
    if (more_than_one(file_bb(f) & our_pawns) && lsb(file_bb(f) & our_pawns) == s)
      use<Us>(score, trace, W.doubled_pawn);
    const bool supported = pawn_attacks(Them, s) & our_pawns;
    const bool phalanx = adjacent_files(f) & rank_bb(rank_of(s)) & our_pawns;
    if (supported || phalanx) use<Us>(score, trace, W.connected_pawn[r]);
    if (!isolated && !(adjacent_files(f) & level_or_behind(Us, s) & our_pawns) &&
        (pawn_attacks_set<Them>(their_pawns) & square_bb(stop)))
      use<Us>(score, trace, W.backward_pawn);
    if (!(passed_span(Us, s) & their_pawns)) {
      use<Us>(score, trace, W.passed_pawn[r]);
      passed |= square_bb(s);
    } else if (!(ahead_on_file & (our_pawns | their_pawns))) {
      const int sentries = popcount(passed_span(Us, s) & their_pawns);
      const int helpers = popcount(adjacent_files(f) & level_or_behind(Us, s) & our_pawns);
      if (helpers >= sentries) use<Us>(score, trace, W.candidate_passer[r]);
    }
  }
  return score;
}

// Passed pawns' terms that depend on the other pieces: a free path, the kings' distances.
template <Color Us, typename Trace>
void passed_pawn_terms(const Position& pos, Bitboard passed, Score2& score, Trace* trace) {
  for (Bitboard b = passed; b;) {
    const Square s = pop_lsb(b);
    const int r = Us == kWhite ? rank_of(s) : 7 - rank_of(s);
    const Square stop = Us == kWhite ? s + 8 : s - 8;
    if (!(passed_span(Us, s) & file_bb(file_of(s)) & pos.pieces()))
      use<Us>(score, trace, W.passed_free_path[r]);
    use<Us>(score, trace, W.passed_own_king_distance[r], distance(pos.king_square(Us), stop));
    use<Us>(score, trace, W.passed_enemy_king_distance[r], distance(pos.king_square(~Us), stop));
  }
}

// Each search thread keeps the pawn-structure terms of its recent pawn formations (positions
// share them far more often than they share everything): keyed by a hash of both sides' pawns.
struct PawnEntry {
  uint64_t key = 0;  // 0: empty (no formation hashes to 0 but by a 2^-64 chance).
  Score2 score[2];
  Bitboard passed[2] = {0, 0};
};

uint64_t pawn_key(const Position& pos) {
  // SplitMix64's finaliser of each side's pawns, the sides told apart by an odd constant.
  auto mix = [](uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  };
  return mix(pos.pieces(kWhite, kPawn) + 0x9e3779b97f4a7c15ULL) ^
         (mix(pos.pieces(kBlack, kPawn)) * 3);
}

template <Color Us, typename Trace>
Score2 evaluate_side(const Position& pos, int& phase, Trace* trace, SideAttacks& attacks,
                     Bitboard passed) {
  constexpr Color Them = ~Us;
  Score2 score;
  passed_pawn_terms<Us>(pos, passed, score, trace);
  const Bitboard occupied = pos.pieces();
  const Bitboard our_pawns = pos.pieces(Us, kPawn), their_pawns = pos.pieces(Them, kPawn);
  const Bitboard enemy_pawn_attacks = pawn_attacks_set<Them>(their_pawns);
  const Bitboard mobility_area = ~pos.pieces(Us) & ~enemy_pawn_attacks;
  const Square their_king = pos.king_square(Them);
  const Bitboard their_king_zone = king_attacks(their_king) | square_bb(their_king);
  attacks.by_pawns = pawn_attacks_set<Us>(our_pawns);
  attacks.all = attacks.by_pawns | king_attacks(pos.king_square(Us));

  // Material and piece-square values: the position keeps their sum (evaluate_with adds it);
  // only the tuner's trace counts them here, piece by piece.
  constexpr bool kTracing = !std::is_same_v<Trace, NoTrace>;
  static_assert(kPhaseWeight[kPawn] == 0 && kPhaseWeight[kKing] == 0,
                "untraced, pawns and kings are not visited: they must add no phase");
  for (int t = kTracing ? kPawn : kKnight; t <= (kTracing ? kKing : kQueen); ++t) {
    for (Bitboard b = pos.pieces(Us, PieceType(t)); b;) {
      const Square s = pop_lsb(b);
      const Square rel = Us == kWhite ? s : (s ^ 56);
      if constexpr (kTracing) {
        use<Us>(score, trace, W.material[t]);
        use<Us>(score, trace, W.piece_square[t][rel]);
      }
      phase += kPhaseWeight[t];
      if (t == kPawn || t == kKing) continue;
      const Bitboard a = piece_attacks(PieceType(t), s, occupied);
      attacks.all |= a;
      attacks.by_type[t] |= a;
      if (a & their_king_zone) attacks.king_units += kKingAttackUnits[t];
      const int moves = popcount(a & mobility_area);
      switch (t) {
        case kKnight: use<Us>(score, trace, W.knight_mobility[moves]); break;
        case kBishop: use<Us>(score, trace, W.bishop_mobility[moves]); break;
        case kRook: use<Us>(score, trace, W.rook_mobility[moves]); break;
        default: use<Us>(score, trace, W.queen_mobility[moves]); break;
      }
      if (t == kKnight || t == kBishop) {
        const int r = rank_of(rel);
        if (r >= 3 && r <= 5 && (pawn_attacks(Them, s) & our_pawns) &&
            !(passed_span(Us, s) & adjacent_files(file_of(s)) & their_pawns))
          use<Us>(score, trace, W.outpost[t - kKnight]);
      }
      if (t == kBishop) {
        const Bitboard colour = (square_bb(s) & kDarkSquares) ? kDarkSquares : ~kDarkSquares;
        use<Us>(score, trace, W.bishop_pawns_same_colour, popcount(our_pawns & colour));
      }
      if (t == kRook) {
        const Bitboard file = file_bb(file_of(s));
        if (!(file & (our_pawns | their_pawns)))
          use<Us>(score, trace, W.rook_open_file);
        else if (!(file & our_pawns))
          use<Us>(score, trace, W.rook_half_open_file);
      }
    }
  }
  if (more_than_one(pos.pieces(Us, kBishop))) use<Us>(score, trace, W.bishop_pair);

  // Our king: pawns in front of it on its own back two ranks, files without our pawns, and
  // enemy pawns coming at it.
  const Square king = pos.king_square(Us);
  const int king_rank = Us == kWhite ? rank_of(king) : 7 - rank_of(king);
  if (king_rank <= 1) {
    const Bitboard shield = (file_bb(file_of(king)) | adjacent_files(file_of(king))) &
                            passed_span(Us, king) & (Us == kWhite ? (kRank2 | kRank3)
                                                                  : (kRank7 | kRank6));
    use<Us>(score, trace, W.shelter_pawn, popcount(shield & our_pawns));
  }
  const Bitboard king_files = file_bb(file_of(king)) | adjacent_files(file_of(king));
  for (int f = std::max(file_of(king) - 1, 0); f <= std::min(file_of(king) + 1, 7); ++f)
    if (!(file_bb(f) & our_pawns)) use<Us>(score, trace, W.king_open_file);
  for (Bitboard b = their_pawns & king_files; b;) {
    const Square s = pop_lsb(b);
    use<Us>(score, trace, W.pawn_storm[Them == kWhite ? rank_of(s) : 7 - rank_of(s)]);
  }
  return score;
}

// Terms of side Us that need both sides' attacks.
template <Color Us, typename Trace>
void threat_terms(const Position& pos, const SideAttacks& ours, const SideAttacks& theirs,
                  Score2& score, Trace* trace) {
  constexpr Color Them = ~Us;
  use<Us>(score, trace, W.king_danger[std::min(ours.king_units, 31)]);
  for (int t = kKnight; t <= kQueen; ++t)
    use<Us>(score, trace, W.threat_by_pawn[t],
            popcount(pos.pieces(Them, PieceType(t)) & ours.by_pawns));
  for (int t = kPawn; t <= kQueen; ++t)
    use<Us>(score, trace, W.hanging[t],
            popcount(pos.pieces(Them, PieceType(t)) & ours.all & ~theirs.all));
  const Bitboard by_minors = ours.by_type[kKnight] | ours.by_type[kBishop];
  for (int t = kPawn; t <= kQueen; ++t) {
    const Bitboard victims = pos.pieces(Them, PieceType(t));
    const Bitboard for_minors = t >= kRook ? victims : victims & ~theirs.by_pawns;
    const Bitboard for_rooks = t == kQueen ? victims : victims & ~theirs.by_pawns;
    use<Us>(score, trace, W.threat_by_minor[t], popcount(for_minors & by_minors));
    use<Us>(score, trace, W.threat_by_rook[t], popcount(for_rooks & ours.by_type[kRook]));
  }
  const Square their_king = pos.king_square(Them);
  const Bitboard occupied = pos.pieces();
  const Bitboard safe = ~pos.pieces(Us) & ~theirs.all;
  const Bitboard diagonal = piece_attacks(kBishop, their_king, occupied);
  const Bitboard straight = piece_attacks(kRook, their_king, occupied);
  use<Us>(score, trace, W.safe_check[kKnight],
          popcount(piece_attacks(kKnight, their_king, occupied) & ours.by_type[kKnight] & safe));
  use<Us>(score, trace, W.safe_check[kBishop], popcount(diagonal & ours.by_type[kBishop] & safe));
  use<Us>(score, trace, W.safe_check[kRook], popcount(straight & ours.by_type[kRook] & safe));
  use<Us>(score, trace, W.safe_check[kQueen],
          popcount((diagonal | straight) & ours.by_type[kQueen] & safe));
}

template <typename Trace>
int evaluate_with(const Position& pos, Trace* trace, bool endgame_knowledge) {
  int phase = 0;
  // The pawn structure: from the thread's cache, or (tracing) counted afresh.
  Score2 pawns[2];
  Bitboard passed[2];
  if constexpr (std::is_same_v<Trace, NoTrace>) {
    thread_local PawnEntry cache[1 << 11];
    const uint64_t key = pawn_key(pos);
    PawnEntry& entry = cache[key & ((1 << 11) - 1)];
    if (entry.key != key) {
      entry.score[kWhite] = pawn_structure<kWhite>(pos, trace, entry.passed[kWhite]);
      entry.score[kBlack] = pawn_structure<kBlack>(pos, trace, entry.passed[kBlack]);
      entry.key = key;
    }
    for (Color c : {kWhite, kBlack}) {
      pawns[c] = entry.score[c];
      passed[c] = entry.passed[c];
    }
  } else {
    pawns[kWhite] = pawn_structure<kWhite>(pos, trace, passed[kWhite]);
    pawns[kBlack] = pawn_structure<kBlack>(pos, trace, passed[kBlack]);
  }
  SideAttacks white_attacks, black_attacks;
  Score2 white = evaluate_side<kWhite>(pos, phase, trace, white_attacks, passed[kWhite]);
  Score2 black = evaluate_side<kBlack>(pos, phase, trace, black_attacks, passed[kBlack]);
  white += pawns[kWhite];
  black += pawns[kBlack];
  threat_terms<kWhite>(pos, white_attacks, black_attacks, white, trace);
  threat_terms<kBlack>(pos, black_attacks, white_attacks, black, trace);
  Score2 score = white;
  score -= black;
  if constexpr (std::is_same_v<Trace, NoTrace>) score += pos.material_and_squares();
  phase = std::min(phase, kMaxPhase);
  // Material that cannot win, drawn king-and-pawn endings and the like: the endgame half
  // shrinks towards a draw. Only with few pieces left, where it can apply.
  const int scale = phase <= kEndgameKnowledgePhase && endgame_knowledge
                        ? endgame_scale(pos, score.eg >= 0 ? kWhite : kBlack)
                        : kNormalScale;
  if constexpr (!std::is_same_v<Trace, NoTrace>) {
    trace->phase = phase;
    trace->white_to_move = pos.side_to_move() == kWhite;
    trace->eg_scale = scale;
  }
  const int eg = score.eg * scale / kNormalScale;
  int value = (score.mg * phase + eg * (kMaxPhase - phase)) / kMaxPhase;
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

// Each search thread keeps the evaluations of its recent positions: the same position is often
// evaluated again (after a re-search, in quiescence and by the next iteration). An entry packs
// the upper 48 bits of the position's key with the 16-bit value, so a lookup is one load and
// a hit is exact up to a 2^-48 chance of a key collision. Per thread, nothing is shared.
class EvalCache {
 public:
  static constexpr int kBits = 15;  // 32,768 entries, 256 KiB.

  bool find(uint64_t key, int& value) const {
    const uint64_t entry = entries_[key & kMask];
    if (entry == 0 || ((entry ^ key) >> 16)) return false;  // 0: an empty slot.
    value = int(int16_t(uint16_t(entry)));
    return true;
  }
  void store(uint64_t key, int value) {
    entries_[key & kMask] = (key & ~uint64_t(0xFFFF)) | uint16_t(int16_t(value));
  }

 private:
  static constexpr uint64_t kMask = (uint64_t(1) << kBits) - 1;
  uint64_t entries_[uint64_t(1) << kBits] = {};
};

int evaluate(const Position& pos, bool endgame_knowledge) {
  thread_local EvalCache cache;
  // Values with and without endgame knowledge never answer for each other.
  const uint64_t key = pos.key() ^ (endgame_knowledge ? 0x5bd1e9955bd1e995ULL : 0);
  int value;
  if (cache.find(key, value)) return value;
  value = evaluate_with<NoTrace>(pos, nullptr, endgame_knowledge);
  cache.store(key, value);
  return value;
}

int evaluate(const Position& pos, EvalTrace& trace, bool endgame_knowledge) {
  trace = EvalTrace{};
  return evaluate_with(pos, &trace, endgame_knowledge);
}

}  // namespace splitlab::chess
