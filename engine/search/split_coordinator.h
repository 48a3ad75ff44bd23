// What a worker asks of the parallel strategy while it searches. The strategies (parallel/)
// implement it; a single-threaded search has none. The worker decides *how* a node is split
// (its frames become a split frame); the coordinator decides *who* helps and keeps the threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/search/parallel_stats.h"
#include "engine/search/split_point.h"

namespace splitlab::search {

enum class SplitStrategy : uint8_t { kNone, kYbwc, kDts, kLazy };

// What move-ordering memory (killers, history) the threads of a split search order moves with:
// each its own; a helper's own, overwritten with its owner's at every join; or one shared.
enum class OrderingMemory : uint8_t { kOwn, kCopy, kShared };

struct SplitSettings {
  SplitStrategy strategy = SplitStrategy::kNone;
  bool split_any_node = false;  // SplitNodes=any: also split nodes predicted Cut.
  int min_split_depth = 4;
  int max_helpers_per_split = 8;
  OrderingMemory ordering = OrderingMemory::kCopy;
};

template <SearchGame G>
class SearchWorker;
template <SearchGame G>
struct RootMoves;

template <SearchGame G>
class SplitCoordinator {
 public:
  virtual ~SplitCoordinator() = default;

  // Runs `main_body` (iterative deepening on `main`) on the calling thread while the other
  // threads serve the strategy; returns when it has returned and every thread has stopped.
  // `periodic` (time and node limits) is called by the main thread, also while it waits.
  virtual void run(SearchWorker<G>& main, const typename G::Position& root,
                   RootMoves<G>* root_moves, const std::vector<typename G::Move>& allowed,
                   Depth max_depth, const std::function<void()>& main_body,
                   const std::function<void()>& periodic) = 0;
  virtual int threads() const = 0;
  virtual uint64_t total_nodes() const = 0;
  virtual uint64_t thread_nodes(int thread) const = 0;
  virtual void clear_history() = 0;

  SplitSettings settings;
  // Threads that could help at once: idle ones (YBWC), or ones that asked for work (DTS).
  // Workers read it at every node, so it is the only thing on the hot path.
  std::atomic<int> waiting_helpers{0};

  virtual SplitPoint<G>* acquire_split_point() = 0;
  virtual void release_split_point(SplitPoint<G>* sp) = 0;
  // Assigns waiting threads to `sp` (made by `owner`, already counted in sp->workers), up to
  // the helper limit; adds each to sp->workers. Returns how many were assigned.
  virtual int book_helpers(SplitPoint<G>* sp, int owner) = 0;
  // YBWC: the owner of `sp` has no moves left there; returns once every helper has left,
  // having helped only those helpers meanwhile.
  virtual void wait_for_helpers(int owner, SplitPoint<G>* sp) = 0;
  // DTS: the iteration's root node was finished by `thread` (not necessarily the main one).
  virtual void root_finished(int thread, Score value, bool aborted) = 0;
  // DTS: the main thread left the root's split; helps elsewhere until some thread finishes
  // the root, and returns its value (and whether the iteration was aborted).
  virtual Score wait_for_root(int thread, bool& aborted) = 0;
  virtual ParallelThreadStats& thread_stats(int thread) = 0;
};

}  // namespace splitlab::search
