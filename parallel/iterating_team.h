// The strategies whose threads each run their own iterative deepening from the root on the
// shared table (lazy.h, abdada.h): what they share is the table, and the iterations. An
// iteration is done when any thread finishes it: the others abandon it (and anything
// shallower) for a deeper one, and the main thread takes over the finished result. Every
// thread searches in the main thread's aspiration windows; no thread goes deeper than the
// depth asked for (at the last depth all of them join in). Which depths a helper takes is the
// strategy's (helper_depth).
#pragma once

#include <atomic>
#include <mutex>
#include <vector>

#include "engine/search/aspiration.h"
#include "parallel/thread_team.h"

namespace splitlab::parallel {

template <search::SearchGame G>
class IteratingTeam : public ThreadTeam<G> {
 public:
  using ThreadTeam<G>::ThreadTeam;

  // Point 5: `worker` finished the iteration at `depth`: it becomes the one to beat.
  void iteration_finished(SearchWorker<G>& worker, Depth depth, Score score) override {
    std::lock_guard lock(mutex_);
    if (depth <= best_depth_) return;
    best_moves_ = worker.root_moves();
    best_depth_ = depth;
    best_score_ = score;
    // Release: a thread that sees the depth and then takes the lock finds this result.
    deepest_.store(depth, std::memory_order_release);
  }

  // Point 5: the main thread abandoned its iteration at `at_least`; it takes over the deepest
  // finished one, if that is at least as deep.
  bool adopt_finished_iteration(SearchWorker<G>& main, Depth at_least, Depth& depth,
                                Score& score) override {
    std::lock_guard lock(mutex_);
    if (best_depth_ < at_least) return false;
    search::RootMoves<G>& moves = *main.shared_root_moves();
    {
      std::lock_guard moves_lock(moves.mutex);
      moves.moves = best_moves_;
      moves.completed = int(moves.moves.size());
    }
    depth = best_depth_;
    score = best_score_;
    ++this->thread_stats(0).iterations_taken_over;
    return true;
  }

 protected:
  // The depth helper `i` searches next, at least `depth`; `behind`: `depth` is one past an
  // iteration another thread has just finished (the helper abandoned its own or was there).
  virtual Depth helper_depth(int i, Depth depth, bool behind) = 0;

  void begin_search(SearchWorker<G>& main, const typename G::Position&,
                    search::RootMoves<G>*) override {
    deepest_.store(0, std::memory_order_relaxed);
    {
      std::lock_guard lock(mutex_);
      best_depth_ = 0;
      best_moves_.clear();
    }
    main.watch_finished_iterations(&deepest_);
    for (int i = 1; i < this->threads(); ++i) {
      SearchWorker<G>& h = this->helper(i);
      h.watch_finished_iterations(&deepest_);
      h.share_ordering(nullptr);  // Each thread orders its own tree.
    }
  }
  void end_search(SearchWorker<G>& main) override { main.watch_finished_iterations(nullptr); }

  // A helper's own iterative deepening, until the search is over.
  void serve_search(int i) override {
    SearchWorker<G>& w = this->worker(i);
    w.set_root(*this->root_, *this->allowed_);
    if (w.root_moves().empty()) return;
    Score previous = 0;
    Depth depth = 1;
    const Depth max_depth = this->max_depth_;
    while (!this->search_over()) {
      // Never an iteration some thread has finished already.
      const Depth deepest = deepest_.load(std::memory_order_acquire);
      const bool behind = deepest >= depth;
      if (behind) {
        depth = deepest + 1;
        std::lock_guard lock(mutex_);
        previous = best_score_;
      }
      depth = helper_depth(i, depth, behind);
      // At the search's last depth every thread joins in: an iteration deeper than asked for
      // would end the search with a depth that nobody asked for.
      if (depth > max_depth) {
        if (deepest >= max_depth) break;
        depth = max_depth;
      }
      const Score score = search::search_with_aspiration(w, depth, previous, [](Score, bool) {});
      if (w.aborted()) {
        if (this->shared_.stop.load(std::memory_order_relaxed)) break;
        continue;  // Another thread finished this iteration first: see above.
      }
      iteration_finished(w, depth, score);
      previous = score;
      ++depth;
    }
  }

 private:
  // The deepest iteration any thread has finished in this search, which every thread watches
  // (an iteration no deeper is abandoned), and its result, which the main thread takes over
  // when it abandons one. Written under mutex_ after the result it announces.
  alignas(64) std::atomic<int> deepest_{0};
  std::mutex mutex_;
  std::vector<typename search::RootMoves<G>::Entry> best_moves_;  // GUARDED_BY(mutex_)
  Depth best_depth_ = 0;                                           // GUARDED_BY(mutex_)
  Score best_score_ = 0;                                           // GUARDED_BY(mutex_)
};

}  // namespace splitlab::parallel
