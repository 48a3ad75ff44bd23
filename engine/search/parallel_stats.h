// Per-thread counters of a parallel search: where the time went (searching, idle, waiting on
// split-point locks) and what the splitting did (splits by node type, wasted splits, aborts,
// help requests). Each thread writes only its own, cache-line aligned, record; the records are
// read (and summed) only after the search.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>

#include "engine/search/node_type.h"

namespace splitlab::search {

// The splits of one draft bucket whose node had one predicted type on entry, and how they
// ended. Split nodes predicted Cut are those whose first move failed to cut off (they were
// treated as All from then on: only PV and All nodes are split). Counted by whichever thread
// made, cut or finished the split, so only the sum over threads is whole.
struct SplitOutcomes {
  uint64_t made = 0;
  // Finished with a result: PV = exact, Cut = fail high, All = fail low.
  std::array<uint64_t, kNodeTypes> finished_as{};
  uint64_t abandoned = 0;  // Ended without a result by a cutoff above it or the stop.
  // Cut off while helpers were still working: they finish as Cut (or abandoned, when a
  // cutoff above came too).
  uint64_t wasted = 0;

  // Every split made in a completed search ends once: made == finished() + abandoned.
  uint64_t finished() const { return finished_as[0] + finished_as[1] + finished_as[2]; }
  SplitOutcomes& operator+=(const SplitOutcomes& o) {
    made += o.made;
    for (int t = 0; t < kNodeTypes; ++t) finished_as[t] += o.finished_as[t];
    abandoned += o.abandoned;
    wasted += o.wasted;
    return *this;
  }
};

// By draft bucket (draft_bucket()) and predicted type on entry to the split node.
using SplitOutcomesByDraft = std::array<std::array<SplitOutcomes, kNodeTypes>, kDraftBuckets>;

struct alignas(64) ParallelThreadStats {
  uint64_t splits = 0;  // Split points this thread made.
  // Tries to split that found nobody to book: the check said a thread was free, but every
  // thread it saw was booked by another thread first (or could not help here).
  uint64_t failed_splits = 0;
  std::array<uint64_t, kNodeTypes> splits_predicted{};  // ... by predicted node type,
  std::array<uint64_t, kNodeTypes> splits_actual{};     // ... by the type the result showed.
  uint64_t wasted_splits = 0;  // Split points cut off while helpers were still working.
  uint64_t joins = 0;          // Split points joined as a helper.
  uint64_t late_joins = 0;     // ... of them joined late, found by an idle thread (SplitJoin=late).
  uint64_t aborts = 0;         // Subtrees abandoned because a cutoff above made them useless.
  uint64_t help_requests = 0;  // DTS: requests for work sent while idle.
  uint64_t adoptions = 0;      // DTS: nodes finished (and parents continued) for another thread.
  uint64_t aborted_nodes = 0;  // Nodes searched in moves a cutoff at a split point threw away.
  // Nodes of moves ordered after the move that cut off at a split point, finished or thrown
  // away, by every thread (counted by whoever finished the node): work that one thread, which
  // stops at the cutting move, never does. aborted_nodes counts only the moves in hand.
  uint64_t cut_waste_nodes = 0;
  // Moves at split points whose first search beat alpha while another move's re-search was under
  // way there: put back to be searched at the alpha that re-search leaves (SplitPoint::deferred).
  uint64_t deferred_moves = 0;
  // Moves the strategy put off while another thread searched them (ParallelPolicy::
  // before_move), and those searched later, once the node's other moves were done.
  uint64_t postponed_moves = 0;
  uint64_t postponed_searched = 0;
  // Cutoff checks (Points::cutoff_check_depth): probes made, and those whose entry decided the
  // node, which then returned without searching its remaining moves.
  uint64_t cutoff_checks = 0;
  uint64_t cutoff_check_hits = 0;
  // Lazy SMP (main thread): iterations it abandoned because a helper finished one as deep or
  // deeper first, whose result it took over.
  uint64_t iterations_taken_over = 0;
  // Null-window searches at split nodes repeated because another thread raised alpha while
  // they ran and their result fell between the old alpha and the new one.
  uint64_t stale_window_researches = 0;
  double idle_seconds = 0;       // Waiting for work.
  double lock_wait_seconds = 0;  // Waiting for a split point's lock.
  // Making, joining and leaving split points (copying state). Not the call that wakes a sleeping
  // helper: with more threads than cores the kernel often runs the woken thread at once, and the
  // waker's wait for a core (8% of the threads' time at 8 threads on 2 cores) is not split work.
  double split_seconds = 0;
  double total_seconds = 0;  // Wall time of the search on this thread.
  SplitOutcomesByDraft splits_by_draft{};

  SplitOutcomes& split_outcomes(int draft, NodeType predicted) {
    return splits_by_draft[draft_bucket(draft)][int(predicted)];
  }

  ParallelThreadStats& operator+=(const ParallelThreadStats& o) {
    splits += o.splits;
    failed_splits += o.failed_splits;
    for (int i = 0; i < kNodeTypes; ++i) {
      splits_predicted[i] += o.splits_predicted[i];
      splits_actual[i] += o.splits_actual[i];
    }
    wasted_splits += o.wasted_splits;
    joins += o.joins;
    late_joins += o.late_joins;
    aborts += o.aborts;
    help_requests += o.help_requests;
    adoptions += o.adoptions;
    aborted_nodes += o.aborted_nodes;
    cut_waste_nodes += o.cut_waste_nodes;
    deferred_moves += o.deferred_moves;
    postponed_moves += o.postponed_moves;
    postponed_searched += o.postponed_searched;
    cutoff_checks += o.cutoff_checks;
    cutoff_check_hits += o.cutoff_check_hits;
    iterations_taken_over += o.iterations_taken_over;
    stale_window_researches += o.stale_window_researches;
    idle_seconds += o.idle_seconds;
    lock_wait_seconds += o.lock_wait_seconds;
    split_seconds += o.split_seconds;
    total_seconds += o.total_seconds;
    for (int b = 0; b < kDraftBuckets; ++b)
      for (int t = 0; t < kNodeTypes; ++t) splits_by_draft[b][t] += o.splits_by_draft[b][t];
    return *this;
  }
};

// Adds the lifetime of the object, in seconds, to a counter.
class ScopedSeconds {
 public:
  explicit ScopedSeconds(double& total) : total_(total) {}
  ~ScopedSeconds() {
    total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  ScopedSeconds(const ScopedSeconds&) = delete;
  ScopedSeconds& operator=(const ScopedSeconds&) = delete;

 private:
  double& total_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace splitlab::search
