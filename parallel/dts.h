// Dynamic Tree Splitting (Hyatt, 1994): idle threads ask for work, and a busy thread answers
// at its next node by splitting the shallowest eligible node of its own tree, whose move in
// hand may still be under search below. Nobody waits at a split point: a thread whose moves
// run out leaves, and the last one to leave finishes the node and carries on with the frames
// above it, its own or those its holder handed on.
//
// Which busy thread splits (SplitChoice): `own`, the first to enter a node while a thread is
// idle; `tree`, as Hyatt's DTS, where the idle processor looked at every busy one's tree and
// chose the node with the most depth left: while a thread is idle each busy thread publishes an
// offer at every node (the depth left at its shallowest eligible frame), and only the best
// offer splits, once every busy thread has offered since a thread last fell idle or after
// kOfferWaitNodes nodes of waiting. Reading another thread's offer is a line that thread
// writes: the simulator charges each read as a table line another CPU wrote.
#pragma once

#include <memory>
#include <mutex>

#include "parallel/split_team.h"

namespace splitlab::parallel {

template <search::SearchGame G>
class Dts final : public SplitTeam<G> {
 public:
  SplitStrategy strategy() const override { return SplitStrategy::kDts; }
  Dts(search::SharedSearchState& shared, int threads, const search::SplitRules& rules,
      SimulatedCpus* cpus = nullptr)
      : SplitTeam<G>(shared, threads, rules, cpus),
        offers_(std::make_unique<Offer[]>(size_t(this->threads()))) {
    this->points.node_entered = true;
    this->offers_are_requests_ = true;
  }

  // Point 2: a thread asked for work; answer from the shallowest splittable frame of this
  // tree whose move is in hand (if nobody is booked there, give up until the next node). With
  // SplitChoice=tree, only when it is the best offer of the busy threads.
  void node_entered(SearchWorker<G>& worker, int ply) override {
    if (!this->any_free_helper()) return;
    int p = worker.base_ply();
    while (p < ply &&
           (worker.frame(p).phase != search::FramePhase::kAfterChild || !worker.splittable(p)))
      ++p;
    if (this->rules.split_choice_tree &&
        !best_offer(worker.thread_index(), p < ply ? int(worker.frame(p).depth) : -1))
      return;
    if (p < ply) worker.split_frame(p, ply);
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
    for (int t = 0; t < this->threads(); ++t)
      offers_[size_t(t)].word.store(0, std::memory_order_relaxed);
  }

  // A thread fell idle: the busy threads' offers are asked for afresh.
  void thread_offered(int) override {
    if (this->rules.split_choice_tree) episode_.fetch_add(1, std::memory_order_relaxed);
  }

 private:
  // SplitChoice=tree: nodes a thread with the best offer seen waits for the busy threads that
  // have not offered yet before it splits anyway.
  static constexpr int kOfferWaitNodes = 8;

  // A thread's offer: (episode << 32) | (depth left + 1), 0 for none; written by its thread,
  // read by the others. The rest of the line is its thread's own.
  struct alignas(64) Offer {
    std::atomic<uint64_t> word{0};
    uint32_t episode_seen = 0;
    int waited = 0;
  };

  // Publishes thread `me`'s offer (`depth` left at its shallowest eligible frame, -1 for none)
  // and says whether it is the one to split: no busy thread offers more depth this episode
  // (ties go to the lower index), and every busy thread has offered this episode or `me` has
  // waited kOfferWaitNodes nodes for them.
  bool best_offer(int me, int depth) {
    const uint32_t episode = episode_.load(std::memory_order_relaxed);
    Offer& mine = offers_[size_t(me)];
    const uint64_t word = (uint64_t{episode} << 32) | uint64_t(depth + 1);
    if (mine.word.load(std::memory_order_relaxed) != word)
      mine.word.store(word, std::memory_order_relaxed);
    if (mine.episode_seen != episode) {
      mine.episode_seen = episode;
      mine.waited = 0;
    }
    if (depth < 0) return false;
    SimulatedCpus* cpus = this->pool_.simulated_cpus();
    bool all_offered = true;
    for (int t = 0; t < this->threads(); ++t) {
      if (t == me || this->is_free(t)) continue;
      if (cpus) cpus->charge(search::WorkMeter::Work::kRemoteLine);
      const uint64_t theirs = offers_[size_t(t)].word.load(std::memory_order_relaxed);
      if (uint32_t(theirs >> 32) != episode) {
        all_offered = false;
        continue;
      }
      const int their_depth = int(theirs & 0xffffffffu) - 1;
      if (their_depth > depth || (their_depth == depth && t < me)) return false;
    }
    return all_offered || ++mine.waited >= kOfferWaitNodes;
  }

  std::unique_ptr<Offer[]> offers_;
  // Bumped whenever a thread falls idle (SplitChoice=tree): offers of an earlier episode are
  // stale. Starts at 1, so that a zero word is never a current offer.
  alignas(64) std::atomic<uint32_t> episode_{1};

  // Read by the waiting main thread: a line of its own.
  alignas(64) std::atomic<bool> root_done_flag_{false};
  std::mutex root_mutex_;
  bool root_aborted_ = false;  // GUARDED_BY(root_mutex_)
  Score root_value_ = 0;       // GUARDED_BY(root_mutex_)
};

}  // namespace splitlab::parallel
