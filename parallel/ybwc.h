// Young Brothers Wait (Feldmann; as in Crafty and Glaurung): a node is split only once its
// first move is searched, and only when a thread is free to help. Idle threads wait to be
// booked by a splitter; an owner whose moves run out waits for its helpers, helping only them
// meanwhile (it may be booked by a thread working below its split point).
#pragma once

#include "parallel/split_team.h"

namespace splitlab::parallel {

template <search::SearchGame G>
class Ybwc final : public SplitTeam<G> {
 public:
  SplitStrategy strategy() const override { return SplitStrategy::kYbwc; }
  Ybwc(search::SharedSearchState& shared, int threads, const search::SplitRules& rules,
       SimulatedCpus* cpus = nullptr)
      : SplitTeam<G>(shared, threads, rules, cpus) {
    this->points.before_next_move = true;
  }

  // Point 3: a frame that may split, before its next move: split it if anybody could help.
  bool before_next_move(SearchWorker<G>& worker, int ply) override {
    return helpers_may_be_free(worker) && worker.split_frame(ply, ply);
  }

  // Point 4: a helper leaves (waking the owner when it was the last helper); the owner waits
  // until every helper has left, then finishes the node.
  bool split_moves_ran_out(SearchWorker<G>& worker, int ply) override {
    SplitPoint<G>* const sp = worker.frame(ply).split;
    if (!worker.frame(ply).holds_split) {
      const auto departure = worker.depart_split(ply);
      if (departure.workers_left == 1) this->ring(departure.owner);  // It may be waiting.
      return false;
    }
    wait_for_helpers(worker.thread_index(), sp);
    worker.credit_helpers(ply);  // Every helper has left: the count is final.
    return true;
  }

 private:
  // Whether a split could book anybody: a free thread, or an owner waiting above this node.
  bool helpers_may_be_free(const SearchWorker<G>& worker) const {
    if (this->any_free_helper()) return true;
    for (const SplitPoint<G>* sp = worker.innermost_split(); sp;
         sp = sp->parent.load(std::memory_order_relaxed))
      if (sp->owner_idle.load(std::memory_order_relaxed)) return true;
    return false;
  }

  // The owner of `sp` has no moves left there; returns once every helper has left, having
  // helped only those helpers meanwhile (threads below it may book it through owner_idle).
  void wait_for_helpers(int owner, SplitPoint<G>* sp) {
    ParallelThreadStats& stats = this->thread_stats(owner);
    auto idle_start = ThreadTeam<G>::Clock::now();
    while (true) {
      sp->owner_idle.store(true, std::memory_order_release);
      SplitPoint<G>* below = this->wait_for_work(
          owner, [&] { return sp->workers.load(std::memory_order_acquire) == 1; },
          WaitReason::kHelpers);
      if (!below) {
        if (sp->owner_idle.exchange(false, std::memory_order_acq_rel)) break;  // Not booked.
        // Booked: it is coming.
        below = this->wait_for_work(owner, [] { return false; }, WaitReason::kHelpers);
      }
      stats.idle_seconds += this->seconds_since(idle_start);
      this->serve(owner, below);
      idle_start = ThreadTeam<G>::Clock::now();
    }
    stats.idle_seconds += this->seconds_since(idle_start);
  }
};

}  // namespace splitlab::parallel
