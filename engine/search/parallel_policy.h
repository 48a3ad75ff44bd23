// The coordination points: every place where a worker of a parallel search hands control to
// the strategy its threads follow. The strategies (parallel/: ybwc, dts, lazy, abdada) implement this
// interface; a single-threaded search has none, and the worker then never calls out.
//
// The search core keeps the mechanism: frames, split frames and the split points made from
// them (split_point.h), the move loop, copying a position, handing a node's continuation to
// another thread. A strategy decides when that mechanism runs and who helps: it names no frame
// layout and the core names no strategy. The points, in the order a search meets them:
//
//   1. The search starts (run): the strategy takes the pool's threads and runs the caller's
//      iterative deepening on the calling thread, the main one.
//   2. A full-width node is entered (node_entered), once it is counted and before the table is
//      probed. Called only when the strategy's `points.node_entered` asks for it.
//   3. A node's next move is about to be taken (before_next_move), at a frame whose moves come
//      from its own picker and which the split rules allow to split (SearchWorker::splittable).
//      The strategy may split the frame here (true: its moves now come from the split point).
//      Called only when `points.before_next_move` asks for it.
//   3b. A move is about to be searched (before_move), at a frame that is not split, once the
//      pruning rules have let it through and it is made (the worker is at its child). The
//      strategy may put it off (true), to be searched after the node's other moves; or it
//      lets it be searched, and hears when that search ends (move_searched: returned, or
//      abandoned by a stop or a cutoff). Called only when `points.before_move` asks for it.
//   4. A split frame's moves ran out (split_moves_ran_out): the strategy decides whether this
//      thread finishes the node with the split point's result or leaves it to others, and
//      what it does meanwhile (wait for its helpers, helping only them; or leave at once
//      through SearchWorker::depart_split, which hands the frames above on to the last one).
//   5. The root's iteration ends: a thread finished the root from a split (root_finished), a
//      thread left the root's split before the node was done (await_root_value), an iteration
//      was finished by some thread (iteration_finished), or the main thread abandoned one that
//      another finished first (adopt_finished_iteration).
//   6. A thread is idle: inside the strategy's own loops. Every wait goes through one place,
//      the thread's Parker (parallel/parker.h: spin briefly, then sleep until rung), never an
//      ad-hoc spin, so that a deterministic simulator can step every wait.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/search/parallel_stats.h"
#include "engine/search/search_frame.h"

namespace splitlab::search {

// What move-ordering memory (killers, history) the threads of a split search order moves with:
// each its own; a helper's own, overwritten with its owner's at every join; or one shared.
enum class OrderingMemory : uint8_t { kOwn, kCopy, kShared };

// The rules of the split mechanism, whatever strategy drives it.
struct SplitRules {
  bool split_any_node = false;  // SplitNodes=any: also split nodes predicted Cut.
  // 0 in either (the default): the strategy's value for the thread count, from its registry
  // entry (parallel/strategy.h), put in before a team is made, so that no worker sees a 0.
  int min_split_depth = 0;
  int max_helpers_per_split = 0;
  OrderingMemory ordering = OrderingMemory::kCopy;
  // SplitJoin=late: a thread that falls idle also joins a split point made earlier, the
  // deepest whose moves are still being handed out, instead of only waiting to be booked by
  // a new split (parallel/split_team.h).
  bool late_join = false;
  // SplitChoice=tree (DTS): the split idle threads get is chosen from every busy thread's tree,
  // the eligible frame with the most depth left, as Hyatt's DTS chose; otherwise the first busy
  // thread to enter a node splits its own shallowest eligible frame (parallel/dts.h).
  bool split_choice_tree = false;
  // Not a rule of the mechanism but where it runs: each of the team's threads on a CPU of its
  // own (ThreadAffinity, scale --affinity; parallel/thread_pool.h).
  bool pin_threads = false;
};

template <SearchGame G>
class SearchWorker;
template <SearchGame G>
struct RootMoves;

// The most threads one search may have.
inline constexpr int kMaxSearchThreads = 512;

template <SearchGame G>
class ParallelPolicy {
 public:
  // Which of the optional coordination points (2, 3 and 3b) the strategy acts at; the worker
  // skips the others without a call.
  struct Points {
    bool node_entered = false;
    bool before_next_move = false;
    bool before_move = false;
    // At a node with moves put off (3b) and at least this depth, the worker probes the table
    // again before each further move and returns at once if an entry stored meanwhile (by
    // another thread) decides the node: Kerrigan's cutoff checks. 0: never.
    Depth cutoff_check_depth = 0;
    // move_searched (3b) is heard as soon as a move's first null-window search returns, before
    // its re-search if it needs one, so that other threads stop putting the move off and help
    // with the re-search (Kerrigan: a move that fails its null-window search is unmarked at once).
    bool announce_before_research = false;
  };

  virtual ~ParallelPolicy() = default;

  // 1. Runs `main_body` (iterative deepening on `main`) on the calling thread while the other
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
  virtual ParallelThreadStats& thread_stats(int thread) = 0;

  // 2. `worker` entered the full-width node at `ply`.
  virtual void node_entered(SearchWorker<G>& /*worker*/, int /*ply*/) {}
  // 3. `worker` is about to take the next move of its own frame at `ply`; true if the strategy
  // split the frame (SearchWorker::split_frame).
  virtual bool before_next_move(SearchWorker<G>& /*worker*/, int /*ply*/) { return false; }
  // 3b. `worker` made move number `move_number` of its frame at `ply` and is about to search
  // it: true to put it off (only when `may_postpone`: it was not put off before and there is
  // room). When false, move_searched(worker, ply) follows once its search ends.
  virtual bool before_move(SearchWorker<G>& /*worker*/, int /*ply*/, int /*move_number*/,
                           bool /*may_postpone*/) {
    return false;
  }
  virtual void move_searched(SearchWorker<G>& /*worker*/, int /*ply*/) {}
  // 4. `worker` has no more moves at its split frame at `ply`: true if it finishes the node,
  // false if it leaves it (its run at this base ply ends). Only strategies that split reach it.
  virtual bool split_moves_ran_out(SearchWorker<G>& /*worker*/, int /*ply*/) { return true; }
  // 5. The iteration's root node was finished by `thread` (not necessarily the main one) at a
  // split of the root.
  virtual void root_finished(int /*thread*/, Score /*value*/, bool /*aborted*/) {}
  // 5. `thread` left the root's split before the root was finished: returns the root's value
  // (and whether the iteration was aborted) once another thread has finished it.
  virtual Score await_root_value(int /*thread*/, bool& aborted) {
    aborted = true;
    return 0;
  }
  // 5. The root's iteration at `depth` is finished by `worker` (the main thread, or a helper
  // searching its own iterations), with `score`; its root moves are ordered best first.
  virtual void iteration_finished(SearchWorker<G>& /*worker*/, Depth /*depth*/, Score /*score*/) {}
  // 5. The main thread abandoned its iteration at `at_least` because another thread finished one
  // at least that deep. Gives `main` that iteration's root moves and returns its depth and score
  // (false, and nothing changed, if there is none).
  virtual bool adopt_finished_iteration(SearchWorker<G>& /*main*/, Depth /*at_least*/,
                                        Depth& /*depth*/, Score& /*score*/) {
    return false;
  }

  // What SearchWorker::split_frame asks of a strategy that splits: a split point from
  // `thread`'s own store (null when all are in use), and its release by whoever finishes it.
  virtual SplitPoint<G>* acquire_split_point(int /*thread*/) { return nullptr; }
  virtual void release_split_point(SplitPoint<G>* /*sp*/) {}
  // Books up to rules.max_helpers_per_split helpers for a split of `owner`'s node below
  // `enclosing` (the split point enclosing it, or null) and returns how many; costs a few
  // loads when it finds nobody. send_helpers then sends them to the split point made.
  virtual int book_helpers(int /*owner*/, SplitPoint<G>* /*enclosing*/) { return 0; }
  virtual void send_helpers(int /*owner*/, SplitPoint<G>* /*sp*/) {}

  // Read-only while a search runs.
  Points points;
  SplitRules rules;
};

}  // namespace splitlab::search
