// The threads of one parallel search and the strategy they follow:
//   ybwc  idle threads wait to be booked by a thread that splits a node whose first move is
//         done; an owner whose moves run out waits for its helpers, helping only them;
//   dts   idle threads ask for work, and a busy thread answers by splitting the shallowest
//         eligible node of its own tree; nobody waits at a split point;
//   lazy  every thread searches the root on the shared table, in aspiration windows, each
//         helper on its own pattern of depths (lazy_depths.h); no splits. An iteration is done
//         when any thread finishes it: the others abandon it (and anything shallower) for a
//         deeper one, and the main thread takes over the finished result.
// Thread 0 is the caller's (the main thread, which runs iterative deepening); the helpers are
// the pool's threads, which keep their index (and so their state) for the pool's life.
//
// Who helps whom (see FreeHelpers and SplitPoint::owner_idle):
//   * a thread with nothing to do sets its bit in the free-helper mask; a thread that splits
//     claims bits with fetch_and, and a bit it cleared is a thread it booked, so one idle
//     thread is booked by exactly one splitter and a splitter that loses the race has spent a
//     few loads (counted as a failed split);
//   * a YBWC owner waiting at its split point is not in the mask (it may only help below its
//     split point): it sets its split point's owner_idle, which only threads below look at;
//   * the splitter books first, then builds the split point, then hands it to each booked
//     thread through that thread's `assigned` word and rings its Parker.
// Every wait spins briefly and then sleeps on the thread's Parker (parker.h).
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/search/search_worker.h"
#include "engine/search/split_coordinator.h"
#include "parallel/thread_pool.h"

namespace splitlab::parallel {

using search::Booking;
using search::ParallelThreadStats;
using ::splitlab::Depth;
using ::splitlab::Score;
using search::SearchWorker;
using search::SplitPoint;
using search::SplitSettings;
using search::SplitStrategy;

static_assert(kMaxThreads == search::kMaxSearchThreads);

// Split points one thread may own at once. YBWC nests one per level of waiting owners that
// split again while they help; DTS can leave a few behind for other threads to finish. When
// all are taken the thread simply does not split.
inline constexpr int kSplitPointsPerThread = 32;

template <search::SearchGame G>
class Coordinator final : public search::SplitCoordinator<G> {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // Makes the pool; each helper allocates its own state on its own thread.
  Coordinator(search::SharedSearchState& shared, int threads, const SplitSettings& settings);

  int threads() const override { return pool_.size(); }
  SearchWorker<G>& helper(int i) { return *state(i).worker; }

  void run(SearchWorker<G>& main, const Position& root, search::RootMoves<G>* root_moves,
           const std::vector<Move>& allowed, Depth max_depth,
           const std::function<void()>& main_body,
           const std::function<void()>& periodic) override;

  uint64_t total_nodes() const override;
  uint64_t thread_nodes(int i) const override;
  const ParallelThreadStats& stats(int i) const { return state(i).stats; }
  // Thread i's search counters in the last search (the main thread's are its searcher's).
  const search::SearchStats& search_stats(int i) const {
    return i == 0 ? main_->stats() : state(i).worker->stats();
  }
  void clear_history() override;
  void run_on_every_thread(const std::function<void(int, int)>& body) override;

  // Test only: while set, every thread writes `*target` (a plain int, no synchronisation) at
  // the start of each search: a data race that ThreadSanitizer must report (the canary that
  // proves its suppressions hide nothing in the search threads).
  void plant_race_for_tests(int* target) { race_canary_ = target; }

  // SplitCoordinator.
  SplitPoint<G>* acquire_split_point(int thread) override;
  void release_split_point(SplitPoint<G>* sp) override;
  void book_helpers(int owner, SplitPoint<G>* enclosing, int max, Booking& booking) override;
  void assign(const Booking& booking, SplitPoint<G>* sp) override;
  void wait_for_helpers(int owner, SplitPoint<G>* sp) override;
  void wake_owner(int owner) override { pool_.parker(owner).ring(); }
  void root_finished(int thread, Score value, bool aborted) override;
  Score wait_for_root(int thread, bool& aborted) override;
  ParallelThreadStats& thread_stats(int thread) override { return state(thread).stats; }
  void iteration_finished(SearchWorker<G>& worker, Depth depth, Score score) override;
  bool adopt_finished_iteration(SearchWorker<G>& main, Depth at_least, Depth& depth,
                                Score& score) override;

 private:
  using Clock = std::chrono::steady_clock;

  // Everything one thread owns, allocated by that thread. The first line holds what other
  // threads write (a booking's split point); the statistics only the thread itself writes.
  struct ThreadState {
    alignas(64) std::atomic<SplitPoint<G>*> assigned{nullptr};
    alignas(64) ParallelThreadStats stats;
    std::unique_ptr<SearchWorker<G>> worker;  // Helpers only (the main one is the searcher's).
    std::array<SplitPoint<G>, kSplitPointsPerThread> split_points;
  };

  ThreadState& state(int i) { return *states_[size_t(i)]; }
  const ThreadState& state(int i) const { return *states_[size_t(i)]; }
  SearchWorker<G>& worker(int i) { return i == 0 ? *main_ : *state(i).worker; }

  // Offers thread i to any splitter (sets its free bit).
  void offer(int i);
  // Stops offering thread i; false if it was booked meanwhile (its split point is coming).
  bool withdraw(int i);
  SplitPoint<G>* take_assignment(int i) {
    return state(i).assigned.exchange(nullptr, std::memory_order_acquire);
  }
  // Waits until ready() or an assignment for thread i, spinning then sleeping; the main
  // thread keeps checking its limits meanwhile. Returns the assignment, if any.
  template <typename Ready>
  SplitPoint<G>* wait_for_work(int i, Ready&& ready);
  void serve(int i, SplitPoint<G>* sp);
  void idle_loop(int i);
  void lazy_loop(int i);
  void wake_everyone();

  search::SharedSearchState& shared_;
  ThreadPool pool_;
  std::vector<std::unique_ptr<ThreadState>> states_;
  SearchWorker<G>* main_ = nullptr;
  std::function<void()> periodic_;
  const Position* root_ = nullptr;
  const std::vector<Move>* allowed_ = nullptr;
  Depth max_depth_ = 0;
  int* race_canary_ = nullptr;

  // Read by every waiting thread: lines of their own.
  alignas(64) std::atomic<bool> search_over_{false};
  alignas(64) std::atomic<bool> root_done_flag_{false};  // DTS: the finished root's value.
  std::mutex root_mutex_;
  bool root_aborted_ = false;  // GUARDED_BY(root_mutex_)
  Score root_value_ = 0;       // GUARDED_BY(root_mutex_)

  // Lazy SMP: the deepest iteration any thread has finished in this search, which every thread
  // watches (an iteration no deeper is abandoned), and its result, which the main thread takes
  // over when it abandons one. Written under lazy_mutex_ after the result it announces.
  alignas(64) std::atomic<int> lazy_deepest_{0};
  std::mutex lazy_mutex_;
  std::vector<typename search::RootMoves<G>::Entry> lazy_best_moves_;  // GUARDED_BY(lazy_mutex_)
  Depth lazy_best_depth_ = 0;                                           // GUARDED_BY(lazy_mutex_)
  Score lazy_best_score_ = 0;                                           // GUARDED_BY(lazy_mutex_)
};

}  // namespace splitlab::parallel

#include "parallel/coordinator_impl.h"
