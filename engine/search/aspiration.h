// One iteration of iterative deepening at the root, inside an aspiration window around the
// score of the iteration before: a window of +-25 from depth 5 on (a full window below it, or
// after a mate score), widened on the failing side, doubling each time, until the score falls
// inside. Shared by the main thread's iterative deepening (searcher.h) and Lazy SMP's helpers
// (parallel/), so that a helper's iterations are searched exactly as the main thread's are.
#pragma once

#include <algorithm>

#include "engine/core/score.h"
#include "engine/search/search_worker.h"

namespace splitlab::search {

// Returns the iteration's score (meaningless when worker.aborted()). `on_fail(score,
// failed_high)` is called after each search that fell outside its window, before the next.
template <SearchGame G, typename OnFail>
Score search_with_aspiration(SearchWorker<G>& worker, Depth depth, Score previous,
                             OnFail&& on_fail) {
  Score delta = 25;
  Score alpha = -kInfiniteScore, beta = kInfiniteScore;
  if (depth >= 5 && !is_mate_score(previous)) {
    alpha = std::max(previous - delta, -kInfiniteScore);
    beta = std::min(previous + delta, kInfiniteScore);
  }
  for (bool repeat = false;; repeat = true) {
    if (repeat) worker.count_aspiration_research();
    const Score score = worker.search_root(depth, alpha, beta, repeat);
    if (worker.aborted()) return score;
    if (score <= alpha) {
      on_fail(score, false);
      beta = (alpha + beta) / 2;
      alpha = std::max(score - delta, -kInfiniteScore);
    } else if (score >= beta) {
      on_fail(score, true);
      beta = std::min(score + delta, kInfiniteScore);
    } else {
      return score;
    }
    delta += delta;
  }
}

}  // namespace splitlab::search
