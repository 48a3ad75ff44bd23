// The threads of one parallel search and the strategy they follow:
//   ybwc  idle threads wait to be booked by a thread that splits a node whose first move is
//         done; an owner whose moves run out waits for its helpers, helping only them;
//   dts   idle threads ask for work, and a busy thread answers by splitting the shallowest
//         eligible node of its own tree; nobody waits at a split point;
//   lazy  every thread searches the root on the shared table, helpers a ply apart; no splits.
// Thread 0 is the caller's (the main thread, which runs iterative deepening); the helpers are
// TBB tasks that live for one search.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/search/search_worker.h"
#include "engine/search/split_coordinator.h"
#include "parallel/thread_pool.h"

namespace splitlab::parallel {

using search::ParallelThreadStats;
using ::splitlab::Depth;
using ::splitlab::Score;
using search::SearchWorker;
using search::SplitPoint;
using search::SplitSettings;
using search::SplitStrategy;

template <search::SearchGame G>
class Coordinator final : public search::SplitCoordinator<G> {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  Coordinator(search::SharedSearchState& shared, int threads, const SplitSettings& settings);

  int threads() const override { return pool_.size(); }
  SearchWorker<G>& helper(int i) { return *helpers_[i - 1]; }

  void run(SearchWorker<G>& main, const Position& root, search::RootMoves<G>* root_moves,
           const std::vector<Move>& allowed, Depth max_depth,
           const std::function<void()>& main_body,
           const std::function<void()>& periodic) override;

  uint64_t total_nodes() const override;
  uint64_t thread_nodes(int i) const override;
  const ParallelThreadStats& stats(int i) const { return slots_[i].stats; }
  void clear_history() override {
    for (auto& h : helpers_) h->clear_history();
  }

  // SplitCoordinator.
  SplitPoint<G>* acquire_split_point() override;
  void release_split_point(SplitPoint<G>* sp) override;
  int book_helpers(SplitPoint<G>* sp, int owner) override;
  void wait_for_helpers(int owner, SplitPoint<G>* sp) override;
  void root_finished(int thread, Score value, bool aborted) override;
  Score wait_for_root(int thread, bool& aborted) override;
  ParallelThreadStats& thread_stats(int thread) override { return slots_[thread].stats; }

 private:
  // A thread's availability and, for a YBWC owner waiting at its split point, where it may
  // help, live in one word (the split point's address | the state), so that a booking checks
  // and claims both at once: a thread can never be booked under a restriction it has left.
  enum State : uintptr_t { kBusy = 0, kWaiting = 1, kBooked = 2 };
  static constexpr uintptr_t kStateMask = 3;
  struct alignas(64) Slot {
    std::atomic<uintptr_t> word{kBusy};
    std::atomic<SplitPoint<G>*> assigned{nullptr};
    ParallelThreadStats stats;
  };
  static State state_of(uintptr_t word) { return State(word & kStateMask); }
  static SplitPoint<G>* waiting_at(uintptr_t word) {
    return reinterpret_cast<SplitPoint<G>*>(word & ~kStateMask);
  }
  static uintptr_t make_word(SplitPoint<G>* at, State state) {
    return reinterpret_cast<uintptr_t>(at) | state;
  }
  using Clock = std::chrono::steady_clock;

  SearchWorker<G>& worker(int i) { return i == 0 ? *main_ : *helpers_[i - 1]; }
  // Offers thread `i` for booking (once), or takes the booking it got; returns a split point
  // to work at, or null.
  SplitPoint<G>* offer_or_take(int i);
  // Stops offering thread `i`; returns a split point it was booked to meanwhile, or null.
  SplitPoint<G>* withdraw(int i);
  void serve(int i, SplitPoint<G>* sp);
  void idle_loop(int i);
  void lazy_loop(int i);
  void pause(int i) {
    std::this_thread::yield();
    if (i == 0 && periodic_) periodic_();
  }

  search::SharedSearchState& shared_;
  ThreadPool pool_;
  std::vector<std::unique_ptr<SearchWorker<G>>> helpers_;
  std::unique_ptr<Slot[]> slots_;
  SearchWorker<G>* main_ = nullptr;
  std::function<void()> periodic_;
  std::atomic<bool> search_over_{false};
  const Position* root_ = nullptr;
  const std::vector<Move>* allowed_ = nullptr;
  Depth max_depth_ = 0;

  std::mutex pool_mutex_;  // Guards the split point pool.
  std::vector<std::unique_ptr<SplitPoint<G>>> split_points_;
  std::vector<SplitPoint<G>*> free_split_points_;

  std::mutex root_mutex_;  // DTS: the finished root's value.
  bool root_done_ = false;
  Score root_value_ = 0;
  bool root_aborted_ = false;
  std::atomic<bool> root_done_flag_{false};
};

}  // namespace splitlab::parallel

#include "parallel/coordinator_impl.h"
