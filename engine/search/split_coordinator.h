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

// The most threads one search may have: the free-helper bitmask is one cache line.
inline constexpr int kMaxSearchThreads = 512;

// Which threads are idle and free to help anywhere (bit t: thread t). Written when a thread
// offers itself (it sets its bit) and when a booking claims it (whoever clears the bit with
// fetch_and owns the booking); read by every busy thread at split-eligible moments. A line of
// its own, so that these writes disturb nothing else.
struct alignas(64) FreeHelpers {
  static constexpr int kWords = kMaxSearchThreads / 64;
  std::atomic<uint64_t> words[kWords] = {};

  bool any(int used_words) const {
    for (int w = 0; w < used_words; ++w)
      if (words[w].load(std::memory_order_relaxed)) return true;
    return false;
  }
};

// The threads a split has booked: each now belongs to the split that booked it, and waits
// for it (the booked YBWC owners came from their split point's owner_idle).
struct Booking {
  int count = 0;
  uint16_t threads[kMaxSearchThreads];
  void add(int thread) { threads[count++] = uint16_t(thread); }
};

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
  // Runs body(thread, threads) on every thread of the pool at once (between searches): work
  // split so that each part of a shared structure is first touched by a thread that uses it.
  virtual void run_on_every_thread(const std::function<void(int, int)>& body) = 0;

  // Read-only while a search runs.
  SplitSettings settings;

  // The hot path (see FreeHelpers): whether any thread is free to help anywhere.
  bool any_free_helper() const { return free_helpers_.any(free_words_); }

  // A split point from `thread`'s own store, or null when all of them are in use.
  virtual SplitPoint<G>* acquire_split_point(int thread) = 0;
  virtual void release_split_point(SplitPoint<G>* sp) = 0;
  // Books up to `max` threads for a split by `owner` of a node below `enclosing` (the split
  // point enclosing that node, or null): first idle owners of enclosing split points (they may
  // help only there), then free threads. Costs a few loads when it finds nobody.
  virtual void book_helpers(int owner, SplitPoint<G>* enclosing, int max, Booking& booking) = 0;
  // Sends every booked thread to `sp` (already counted in sp->workers).
  virtual void assign(const Booking& booking, SplitPoint<G>* sp) = 0;
  // YBWC: the owner of `sp` has no moves left there; returns once every helper has left,
  // having helped only those helpers meanwhile.
  virtual void wait_for_helpers(int owner, SplitPoint<G>* sp) = 0;
  // YBWC: the last helper left a split point of `owner`'s, which may be waiting there.
  virtual void wake_owner(int owner) = 0;
  // DTS: the iteration's root node was finished by `thread` (not necessarily the main one).
  virtual void root_finished(int thread, Score value, bool aborted) = 0;
  // DTS: the main thread left the root's split; helps elsewhere until some thread finishes
  // the root, and returns its value (and whether the iteration was aborted).
  virtual Score wait_for_root(int thread, bool& aborted) = 0;
  virtual ParallelThreadStats& thread_stats(int thread) = 0;
  // The root's iteration at `depth` is finished by `worker` (the main thread, or a Lazy SMP
  // helper), with `score`; its root moves are ordered best first.
  virtual void iteration_finished(SearchWorker<G>& /*worker*/, Depth /*depth*/, Score /*score*/) {}
  // Lazy SMP: the main thread abandoned its iteration at `at_least` because another thread
  // finished one at least that deep. Gives `main` that iteration's root moves and returns its
  // depth and score (false, and nothing changed, if there is none).
  virtual bool adopt_finished_iteration(SearchWorker<G>& /*main*/, Depth /*at_least*/,
                                        Depth& /*depth*/, Score& /*score*/) {
    return false;
  }

 protected:
  int free_words_ = 0;  // Words of free_helpers_ in use: ceil(threads / 64).
  FreeHelpers free_helpers_;
};

}  // namespace splitlab::search
