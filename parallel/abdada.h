// ABDADA (Weill 1996, "The ABDADA distributed minimax search algorithm"): every thread runs
// the same iterations from the root on the shared table (iterating_team.h), and a thread about
// to search a node's younger move whose child another thread is searching right now puts that
// move off until the node's other moves are done (point 3b). The threads so spread over a
// node's moves without splitting it: what they share is the table, the iterations and which
// children are busy.
//
// Which children are busy lives in a table of its own (BusyChildren), not in the
// transposition table's entries as in Weill's paper: our 128-bit entries have no room for a
// thread count, and a busy mark must not be lost when an entry is replaced. So the table's
// entries, their xor and bracket checks against torn reads, and its replacement are untouched.
//
// AbdadaForm kerrigan is Kerrigan's "simplified ABDADA" (tckerrigan.com, 2017) on the same busy
// table: moves are marked and put off at nodes of 3 plies or more (his DEFER_DEPTH) rather than
// at children of 3 or more; a node with moves put off probes the table again before each further
// move (his cutoff checks, nodes of 4 plies or more: the search core's
// Points::cutoff_check_depth), because the thread searching a put-off move may have finished
// the whole node meanwhile; and a move is unmarked as soon as its null-window search returns
// (Points::announce_before_research), so that a move about to be re-searched, likely the new
// best, is no longer put off by the others but searched by them too.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "parallel/iterating_team.h"

namespace splitlab::parallel {

// Positions being searched by some thread, each with how many threads search it: one 64-bit
// word per slot, the key's upper 48 bits and a 16-bit count. A slot holds one position at a
// time; a position whose slot another holds is simply not marked (it is then never put off).
// Relaxed throughout: a mark is a hint that orders moves, it publishes no data.
class BusyChildren {
 public:
  static constexpr int kSlotBits = 15;  // 256 KiB: far more slots than marked nodes.

  BusyChildren() : slots_(std::make_unique<std::atomic<uint64_t>[]>(kSlots)) { clear(); }

  void clear() {
    for (size_t i = 0; i < kSlots; ++i) slots_[i].store(0, std::memory_order_relaxed);
  }
  // Counts one more thread at `key`; false (nothing changed) if its slot holds another one.
  bool mark(uint64_t key) {
    std::atomic<uint64_t>& slot = slot_of(key);
    uint64_t seen = slot.load(std::memory_order_relaxed);
    for (;;) {
      uint64_t wanted;
      if ((seen & kCountMask) == 0)
        wanted = tag(key) | 1;
      else if ((seen & ~kCountMask) == tag(key))
        wanted = seen + 1;
      else
        return false;
      if (slot.compare_exchange_weak(seen, wanted, std::memory_order_relaxed)) return true;
    }
  }
  // Undoes a mark(key) that returned true.
  void unmark(uint64_t key) { slot_of(key).fetch_sub(1, std::memory_order_relaxed); }
  bool busy(uint64_t key) const {
    const uint64_t seen = slot_of(key).load(std::memory_order_relaxed);
    return (seen & kCountMask) != 0 && (seen & ~kCountMask) == tag(key);
  }

 private:
  static constexpr size_t kSlots = size_t(1) << kSlotBits;
  static constexpr uint64_t kCountMask = 0xFFFF;
  // The slot comes from the key's low bits, the tag from its high ones: independent bits.
  static uint64_t tag(uint64_t key) { return key & ~kCountMask; }
  std::atomic<uint64_t>& slot_of(uint64_t key) const { return slots_[key & (kSlots - 1)]; }

  std::unique_ptr<std::atomic<uint64_t>[]> slots_;
};

template <search::SearchGame G>
class Abdada final : public IteratingTeam<G> {
 public:
  // AbdadaForm::kMarks: children shallower than this are neither marked nor put off: their
  // searches are cheaper than the traffic on the busy table's lines.
  static constexpr Depth kMarkDepth = 3;
  // AbdadaForm::kKerrigan (his DEFER_DEPTH and CUTOFF_CHECK_DEPTH): nodes shallower than these
  // neither mark nor put off moves, nor check the table again.
  static constexpr Depth kKerriganDeferDepth = 3;
  static constexpr Depth kKerriganCutoffCheckDepth = 4;

  Abdada(search::SharedSearchState& shared, int threads, const SplitSettings& settings,
         SimulatedCpus* cpus = nullptr)
      : IteratingTeam<G>(shared, threads, settings, cpus),
        kerrigan_(settings.abdada_form == AbdadaForm::kKerrigan),
        marks_(size_t(this->threads())) {
    this->points.before_move = this->threads() > 1;
    if (kerrigan_ && this->threads() > 1) {
      this->points.cutoff_check_depth = kKerriganCutoffCheckDepth;
      this->points.announce_before_research = true;
    }
  }
  SplitStrategy strategy() const override { return SplitStrategy::kAbdada; }

  // Point 3b: a younger move whose child is busy is put off; any other move deep enough is
  // marked busy while this thread searches it.
  bool before_move(SearchWorker<G>& worker, int ply, int move_number,
                   bool may_postpone) override {
    ThreadMarks& marks = marks_[size_t(worker.thread_index())];
    marks.marked[size_t(ply)] = false;
    const search::SearchFrame<G>& node = worker.frame(ply);
    if (kerrigan_ ? node.depth < kKerriganDeferDepth : node.child_depth < kMarkDepth) return false;
    const uint64_t key = G::key(worker.position());
    if (move_number > 0 && may_postpone && busy_.busy(key)) return true;
    if (busy_.mark(key)) {
      marks.keys[size_t(ply)] = key;
      marks.marked[size_t(ply)] = true;
    }
    return false;
  }
  void move_searched(SearchWorker<G>& worker, int ply) override {
    ThreadMarks& marks = marks_[size_t(worker.thread_index())];
    if (!marks.marked[size_t(ply)]) return;
    marks.marked[size_t(ply)] = false;
    busy_.unmark(marks.keys[size_t(ply)]);
  }

 protected:
  // Every thread searches the iteration after the deepest one finished.
  Depth helper_depth(int, Depth depth, bool) override { return depth; }

  void begin_search(SearchWorker<G>& main, const typename G::Position& root,
                    search::RootMoves<G>* root_moves) override {
    IteratingTeam<G>::begin_search(main, root, root_moves);
    busy_.clear();
    for (ThreadMarks& m : marks_) m.marked.fill(false);
  }

 private:
  // The child each ply of a thread's stack marked busy, if any; only that thread touches it.
  struct alignas(64) ThreadMarks {
    std::array<uint64_t, kMaxPly + 2> keys{};
    std::array<bool, kMaxPly + 2> marked{};
  };

  const bool kerrigan_;  // AbdadaForm::kKerrigan.
  BusyChildren busy_;
  std::vector<ThreadMarks> marks_;
};

}  // namespace splitlab::parallel
