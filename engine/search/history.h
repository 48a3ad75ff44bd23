// Move-ordering memory: two killer moves per ply and a history score per (piece, target) of
// quiet moves, updated with a gravity rule that keeps scores bounded.
//
// Threads that search one tree together may share one of each (OrderingMemory=shared), so
// every word is a relaxed atomic: an update is a plain load and store (a lost update between
// two threads only costs a little ordering quality), and on x86 compiles to the same code as
// a plain int. Copying is for snapshots (a helper starting from its owner's memory).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "engine/core/score.h"

namespace splitlab::search {

template <typename Move>
class Killers {
 public:
  Killers() { clear(); }
  Killers(const Killers& other) { copy_from(other, 0); }
  Killers& operator=(const Killers& other) {
    if (this != &other) copy_from(other, 0);
    return *this;
  }

  void clear() {
    for (auto& k : slots_)
      for (auto& m : k) m.store(Move{}, std::memory_order_relaxed);
  }
  void add(int ply, Move m) {
    auto& k = slots_[ply];
    const Move first = k[0].load(std::memory_order_relaxed);
    if (first == m) return;
    k[1].store(first, std::memory_order_relaxed);
    k[0].store(m, std::memory_order_relaxed);
  }
  Move first(int ply) const { return slots_[ply][0].load(std::memory_order_relaxed); }
  Move second(int ply) const { return slots_[ply][1].load(std::memory_order_relaxed); }
  // Takes `other`'s killers from `ply` on (a helper starting at a split node at `ply`).
  void copy_from(const Killers& other, int ply) {
    for (size_t p = size_t(ply); p < slots_.size(); ++p)
      for (int i = 0; i < 2; ++i)
        slots_[p][i].store(other.slots_[p][i].load(std::memory_order_relaxed),
                           std::memory_order_relaxed);
  }

 private:
  std::array<std::array<std::atomic<Move>, 2>, kMaxPly + 2> slots_;
};

class History {
 public:
  static constexpr int kMax = 16384;

  explicit History(int size = 0) { resize(size); }
  History(const History& other) { *this = other; }
  History& operator=(const History& other) {
    if (this == &other) return *this;
    if (size_ != other.size_) resize(other.size_);
    for (int i = 0; i < size_; ++i)
      scores_[i].store(other.scores_[i].load(std::memory_order_relaxed), std::memory_order_relaxed);
    return *this;
  }

  void resize(int size) {
    size_ = size;
    scores_ = std::make_unique<std::atomic<int>[]>(size_t(size));
    clear();
  }
  void clear() {
    for (int i = 0; i < size_; ++i) scores_[i].store(0, std::memory_order_relaxed);
  }
  int get(int index) const { return scores_[index].load(std::memory_order_relaxed); }
  // Moves the score towards +-kMax by `bonus`, less as it nears the bound.
  void update(int index, int bonus) {
    bonus = std::clamp(bonus, -kMax, kMax);
    const int s = scores_[index].load(std::memory_order_relaxed);
    scores_[index].store(s + bonus - s * std::abs(bonus) / kMax, std::memory_order_relaxed);
  }

 private:
  int size_ = 0;
  std::unique_ptr<std::atomic<int>[]> scores_;
};

// Continuation history: a score per (previous move, move) pair, both as (piece, target)
// history indices, so a quiet move is judged by how it fared as the answer to the move
// before it (and, through a second row, to the side's own move before that). One thread's
// own table, never shared: plain 16-bit words (the gravity rule keeps them within +-kMax).
//
// The table is large (xiangqi's 3.2 MB a thread) and mostly never touched in a search, so it
// comes zeroed from calloc rather than written zero by zero: a fresh block is the system's
// zero pages, and only the rows a search updates ever get memory. Written out, the zeros made
// a team's start cost a quarter of a second a thread under ThreadSanitizer (a page fault for
// every page of the table and of its shadow), and most of a 16-thread engine's start.
class ContinuationHistory {
 public:
  static constexpr int kMax = History::kMax;

  explicit ContinuationHistory(int history_size) : size_(history_size) { clear(); }

  // A new zeroed table in place of the old one (ucinewgame): again without writing a zero.
  void clear() {
    scores_.reset(static_cast<int16_t*>(std::calloc(cells(), sizeof(int16_t))));
    if (!scores_ && cells() > 0) throw std::bad_alloc();
  }
  // The row of moves answering the move with history index `previous`.
  const int16_t* row(int previous) const { return &scores_[size_t(previous) * size_t(size_)]; }
  void update(int previous, int index, int bonus) {
    bonus = std::clamp(bonus, -kMax, kMax);
    int16_t& s = scores_[size_t(previous) * size_t(size_) + size_t(index)];
    s = int16_t(s + bonus - s * std::abs(bonus) / kMax);
  }

 private:
  struct FreeBlock {
    void operator()(int16_t* p) const { std::free(p); }
  };
  size_t cells() const { return size_t(size_) * size_t(size_); }

  int size_;
  std::unique_ptr<int16_t[], FreeBlock> scores_;
};

}  // namespace splitlab::search
