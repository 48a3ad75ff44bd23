// Legal move generation. Moves are generated legal directly (pins and check masks), never
// generated pseudo-legal and filtered, because perft and the search both pay for every move.
#pragma once

#include <cstdint>

#include "engine/chess/types.h"

namespace splitlab::chess {

class Position;

// Room for any legal chess position (the most known is 218 moves).
class MoveList {
 public:
  static constexpr int kCapacity = 256;

  void push_back(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  // Takes the moves a generator wrote in place after the current end.
  void extend_to(const Move* new_end) { size_ = int(new_end - moves_); }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  Move moves_[kCapacity];
  int size_ = 0;
};

// kAll = kTactical + kQuiet, disjoint: tactical moves are captures (en passant included) and
// every promotion; quiet moves are the rest (castling included).
enum class GenType { kAll, kTactical, kQuiet };

// Appends the legal moves of the given kind to `list`.
template <GenType Type>
void generate(const Position& pos, MoveList& list);

// Appends the legal quiet moves that give check, in a position where the side to move is not
// in check: only the candidates (a piece moving to a square from which it attacks the enemy king,
// any move of a piece that stands between the king and one of our sliders, castling whose rook
// lands checking) are built and tested, so this costs a fraction of generating every quiet move.
void generate_quiet_checks(const Position& pos, MoveList& list);

// The number of legal moves, without building a list (perft's bulk count at the leaves).
int count_legal_moves(const Position& pos);

}  // namespace splitlab::chess
