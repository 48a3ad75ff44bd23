#include "engine/chess/eval_params.h"

#include <cstddef>

namespace splitlab::chess {
namespace {

constexpr const char* kPieceNames[kNumPieceTypes] = {"pawn", "knight", "bishop",
                                                     "rook", "queen",  "king"};

std::string square_name(Square s) {
  return std::string(1, char('a' + file_of(s))) + char('1' + rank_of(s));
}

// Where each member starts in the flat vector.
constexpr int index_of(size_t offset) { return int(offset / sizeof(Score2)); }
constexpr int kMaterialAt = index_of(offsetof(EvalParams, material));
constexpr int kPieceSquareAt = index_of(offsetof(EvalParams, piece_square));
constexpr int kPassedPawnAt = index_of(offsetof(EvalParams, passed_pawn));
constexpr int kMobilityAt = index_of(offsetof(EvalParams, mobility));

}  // namespace

std::string eval_param_name(int i) {
  if (i >= kMaterialAt && i < kMaterialAt + kNumPieceTypes)
    return std::string("material[") + kPieceNames[i - kMaterialAt] + "]";
  if (i >= kPieceSquareAt && i < kPieceSquareAt + kNumPieceTypes * 64) {
    const int k = i - kPieceSquareAt;
    return std::string("piece_square[") + kPieceNames[k / 64] + "][" + square_name(k % 64) + "]";
  }
  if (i >= kPassedPawnAt && i < kPassedPawnAt + 8)
    return "passed_pawn[rank " + std::to_string(i - kPassedPawnAt + 1) + "]";
  if (i >= kMobilityAt && i < kMobilityAt + kNumPieceTypes)
    return std::string("mobility[") + kPieceNames[i - kMobilityAt] + "]";
  switch (i) {
    case index_of(offsetof(EvalParams, bishop_pair)): return "bishop_pair";
    case index_of(offsetof(EvalParams, doubled_pawn)): return "doubled_pawn";
    case index_of(offsetof(EvalParams, isolated_pawn)): return "isolated_pawn";
    case index_of(offsetof(EvalParams, rook_open_file)): return "rook_open_file";
    case index_of(offsetof(EvalParams, rook_half_open_file)): return "rook_half_open_file";
    case index_of(offsetof(EvalParams, shelter_pawn)): return "shelter_pawn";
    default: return "weight " + std::to_string(i);
  }
}

bool eval_param_fixed(int i) {
  if (i == kMaterialAt + kKing) return true;
  if (i >= kPieceSquareAt + kPawn * 64 && i < kPieceSquareAt + (kPawn + 1) * 64) {
    const int rank = rank_of(i - kPieceSquareAt - kPawn * 64);
    return rank == 0 || rank == 7;
  }
  if (i == kPassedPawnAt + 0 || i == kPassedPawnAt + 7) return true;
  if (i == kMobilityAt + kPawn || i == kMobilityAt + kKing) return true;
  return false;
}

}  // namespace splitlab::chess
