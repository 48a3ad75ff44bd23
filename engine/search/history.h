// Per-thread move-ordering memory: two killer moves per ply and a history score per
// (piece, target) of quiet moves, updated with a gravity rule that keeps scores bounded.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "engine/core/score.h"

namespace splitlab::search {

template <typename Move>
class Killers {
 public:
  void clear() { slots_.fill({}); }
  void add(int ply, Move m) {
    auto& k = slots_[ply];
    if (k[0] == m) return;
    k[1] = k[0];
    k[0] = m;
  }
  Move first(int ply) const { return slots_[ply][0]; }
  Move second(int ply) const { return slots_[ply][1]; }

 private:
  std::array<std::array<Move, 2>, kMaxPly + 2> slots_{};
};

class History {
 public:
  static constexpr int kMax = 16384;

  explicit History(int size = 0) : scores_(size, 0) {}
  void resize(int size) { scores_.assign(size, 0); }
  void clear() { std::fill(scores_.begin(), scores_.end(), 0); }
  int get(int index) const { return scores_[index]; }
  // Moves the score towards +-kMax by `bonus`, less as it nears the bound.
  void update(int index, int bonus) {
    bonus = std::clamp(bonus, -kMax, kMax);
    int& s = scores_[index];
    s += bonus - s * std::abs(bonus) / kMax;
  }

 private:
  std::vector<int> scores_;
};

}  // namespace splitlab::search
