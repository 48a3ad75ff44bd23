#include "engine/chess/eval_params.h"

#include <cstddef>

namespace splitlab::chess {
namespace {

constexpr const char* kPieceNames[kNumPieceTypes] = {"pawn", "knight", "bishop",
                                                     "rook", "queen",  "king"};

std::string square_name(Square s) {
  return std::string(1, char('a' + file_of(s))) + char('1' + rank_of(s));
}

// How a member's elements are named: by piece type, by rank, by count, or not at all.
enum class Index { kNone, kPiece, kRank, kCount, kMinor };

struct Member {
  size_t offset;
  int length;
  const char* name;
  Index index;
};

#define SPLITLAB_MEMBER(m, index)                                                        \
  Member {                                                                               \
    offsetof(EvalParams, m), int(sizeof(EvalParams::m) / sizeof(Score2)), #m, index \
  }

// Every member but piece_square, in declaration order.
const Member kMembers[] = {
    SPLITLAB_MEMBER(material, Index::kPiece),
    SPLITLAB_MEMBER(bishop_pair, Index::kNone),
    SPLITLAB_MEMBER(doubled_pawn, Index::kNone),
    SPLITLAB_MEMBER(isolated_pawn, Index::kNone),
    SPLITLAB_MEMBER(passed_pawn, Index::kRank),
    SPLITLAB_MEMBER(knight_mobility, Index::kCount),
    SPLITLAB_MEMBER(bishop_mobility, Index::kCount),
    SPLITLAB_MEMBER(rook_mobility, Index::kCount),
    SPLITLAB_MEMBER(queen_mobility, Index::kCount),
    SPLITLAB_MEMBER(rook_open_file, Index::kNone),
    SPLITLAB_MEMBER(rook_half_open_file, Index::kNone),
    SPLITLAB_MEMBER(shelter_pawn, Index::kNone),
    SPLITLAB_MEMBER(backward_pawn, Index::kNone),
    SPLITLAB_MEMBER(connected_pawn, Index::kRank),
    SPLITLAB_MEMBER(candidate_passer, Index::kRank),
    SPLITLAB_MEMBER(passed_free_path, Index::kRank),
    SPLITLAB_MEMBER(passed_own_king_distance, Index::kRank),
    SPLITLAB_MEMBER(passed_enemy_king_distance, Index::kRank),
    SPLITLAB_MEMBER(pawn_storm, Index::kRank),
    SPLITLAB_MEMBER(king_open_file, Index::kNone),
    SPLITLAB_MEMBER(king_danger, Index::kCount),
    SPLITLAB_MEMBER(outpost, Index::kMinor),
    SPLITLAB_MEMBER(bishop_pawns_same_colour, Index::kNone),
    SPLITLAB_MEMBER(threat_by_pawn, Index::kPiece),
    SPLITLAB_MEMBER(hanging, Index::kPiece),
    SPLITLAB_MEMBER(threat_by_minor, Index::kPiece),
    SPLITLAB_MEMBER(threat_by_rook, Index::kPiece),
    SPLITLAB_MEMBER(safe_check, Index::kPiece),
};
#undef SPLITLAB_MEMBER

constexpr int kPieceSquareAt = int(offsetof(EvalParams, piece_square) / sizeof(Score2));

// The member holding weight i and the element's position in it; false for piece_square.
bool find_member(int i, const Member*& member, int& element) {
  for (const Member& m : kMembers) {
    const int first = int(m.offset / sizeof(Score2));
    if (i >= first && i < first + m.length) {
      member = &m;
      element = i - first;
      return true;
    }
  }
  return false;
}

bool is(const Member* m, const char* name) { return std::string(m->name) == name; }

}  // namespace

std::string eval_param_name(int i) {
  if (i >= kPieceSquareAt && i < kPieceSquareAt + kNumPieceTypes * 64) {
    const int k = i - kPieceSquareAt;
    return std::string("piece_square[") + kPieceNames[k / 64] + "][" + square_name(k % 64) + "]";
  }
  const Member* m;
  int e;
  if (!find_member(i, m, e)) return "weight " + std::to_string(i);
  switch (m->index) {
    case Index::kNone: return m->name;
    case Index::kPiece: return std::string(m->name) + "[" + kPieceNames[e] + "]";
    case Index::kRank: return std::string(m->name) + "[rank " + std::to_string(e + 1) + "]";
    case Index::kCount: return std::string(m->name) + "[" + std::to_string(e) + "]";
    case Index::kMinor: return std::string(m->name) + "[" + kPieceNames[kKnight + e] + "]";
  }
  return m->name;
}

bool eval_param_fixed(int i) {
  if (i >= kPieceSquareAt && i < kPieceSquareAt + 64) {  // Pawns never stand on ranks 1 and 8.
    const int rank = rank_of(i - kPieceSquareAt);
    return rank == 0 || rank == 7;
  }
  const Member* m;
  int e;
  if (!find_member(i, m, e)) return false;
  // A pawn's rank is 2..7 from its own side (the storm's pawns are counted from theirs).
  if (m->index == Index::kRank) return e == 0 || e == 7;
  if (is(m, "material")) return e == kKing;
  if (is(m, "threat_by_pawn")) return e == kPawn || e == kKing;
  if (is(m, "hanging") || is(m, "threat_by_minor") || is(m, "threat_by_rook")) return e == kKing;
  if (is(m, "safe_check")) return e == kPawn || e == kKing;  // Pawn checks are left out.
  return false;
}

}  // namespace splitlab::chess
