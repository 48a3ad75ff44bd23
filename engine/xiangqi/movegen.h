// Xiangqi move generation: pseudo-legal moves from the geometry tables, then the legality test
// (the mover's general not attacked, the generals not facing) without making the move.
#pragma once

#include <array>
#include <cstdint>

#include "engine/xiangqi/position.h"
#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi {

// The most legal moves known in a xiangqi position is far below this.
inline constexpr int kMaxMoves = 160;

class MoveList {
 public:
  static constexpr int kCapacity = kMaxMoves;

  void push_back(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, kMaxMoves> moves_;
  int size_ = 0;
};

// Which moves need the full test of the general's safety. Out of check, a move of another piece
// can only expose the general by leaving or entering one of its lines (a chariot's, a cannon's
// with its screens, the other general's) or by leaving the leg of a horse that would attack it,
// which is a square diagonally next to it; captures only remove attackers. Every other move is
// legal as generated.
struct MoveSafetyFilter {
  Square king;
  bool in_check;

  bool needed(Square from, Square to) const {
    if (in_check || from == king) return true;
    const int kf = file_of(king), kr = rank_of(king);
    const int ff = file_of(from), fr = rank_of(from);
    if (ff == kf || fr == kr || file_of(to) == kf || rank_of(to) == kr) return true;
    return (ff - kf == 1 || kf - ff == 1) && (fr - kr == 1 || kr - fr == 1);
  }
};

enum class GenType { kAll, kCaptures };

// Legal moves of the side to move, appended to `list`.
template <GenType Type>
void generate(const Position& pos, MoveList& list);

int count_legal_moves(const Position& pos);

}  // namespace splitlab::xiangqi
