// Dynamic Tree Splitting (Hyatt, 1994): idle threads ask for work, and a busy thread answers
// at its next node by splitting the shallowest eligible node of its own tree, whose move in
// hand may still be under search below. Nobody waits at a split point: a thread whose moves
// run out leaves, and the last one to leave finishes the node and carries on with the frames
// above it, its own or those its holder handed on.
#pragma once

#include <mutex>

#include "parallel/split_team.h"

namespace splitlab::parallel {

template <search::SearchGame G>
class Dts final : public SplitTeam<G> {
 public:
  SplitStrategy strategy() const override { return SplitStrategy::kDts; }
  Dts(search::SharedSearchState& shared, int threads, const search::SplitRules& rules,
      SimulatedCpus* cpus = nullptr)
      : SplitTeam<G>(shared, threads, rules, cpus) {
    this->points.node_entered = true;
    this->offers_are_requests_ = true;
  }

  // Point 2: a thread asked for work; answer from the shallowest splittable frame of this
  // tree whose move is in hand (if nobody is booked there, give up until the next node).
  void node_entered(SearchWorker<G>& worker, int ply) override {
    if (!this->any_free_helper()) return;
    for (int p = worker.base_ply(); p < ply; ++p) {
      if (worker.frame(p).phase != search::FramePhase::kAfterChild || !worker.splittable(p))
        continue;
      worker.split_frame(p, ply);
      return;
    }
  }

  // Point 4: leave at once; the last thread out finishes the node.
  bool split_moves_ran_out(SearchWorker<G>& worker, int ply) override {
    ParallelThreadStats& stats = this->thread_stats(worker.thread_index());
    search::ScopedSeconds timer(stats.split_seconds);
    const auto departure = worker.depart_split(ply);
    if (departure.adopted) ++stats.adoptions;
    return departure.finishes;
  }

  // Point 5: some thread finished the root from its split.
  void root_finished(int, Score value, bool aborted) override {
    {
      std::lock_guard lock(root_mutex_);
      root_value_ = value;
      root_aborted_ = aborted;
    }
    root_done_flag_.store(true, std::memory_order_release);
    this->ring(0);  // Only the main thread waits for the root.
  }

  // Point 5: the main thread left the root's split; it helps elsewhere until some thread
  // finishes the root.
  Score await_root_value(int thread, bool& aborted) override {
    this->help_until(thread, [&] { return root_done_flag_.load(std::memory_order_acquire); });
    std::lock_guard lock(root_mutex_);
    root_done_flag_.store(false, std::memory_order_relaxed);
    aborted = root_aborted_;
    return root_value_;
  }

 protected:
  void begin_search(SearchWorker<G>& main, const typename G::Position& root,
                    search::RootMoves<G>* root_moves) override {
    SplitTeam<G>::begin_search(main, root, root_moves);
    root_done_flag_.store(false, std::memory_order_relaxed);
  }

 private:
  // Read by the waiting main thread: a line of its own.
  alignas(64) std::atomic<bool> root_done_flag_{false};
  std::mutex root_mutex_;
  bool root_aborted_ = false;  // GUARDED_BY(root_mutex_)
  Score root_value_ = 0;       // GUARDED_BY(root_mutex_)
};

}  // namespace splitlab::parallel
