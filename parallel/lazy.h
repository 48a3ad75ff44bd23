// Lazy SMP (as in Stockfish): every thread searches the root on the shared table
// (iterating_team.h), each helper on its own pattern of depths (lazy_depths.h); no splits and
// no other coordination: the table is what the threads share.
#pragma once

#include "parallel/iterating_team.h"
#include "parallel/lazy_depths.h"

namespace splitlab::parallel {

template <search::SearchGame G>
class Lazy final : public IteratingTeam<G> {
 public:
  using IteratingTeam<G>::IteratingTeam;
  SplitStrategy strategy() const override { return SplitStrategy::kLazy; }

 protected:
  // The first helper keeps a ply ahead of an iteration finished under it; each helper skips
  // the depths of its pattern.
  Depth helper_depth(int i, Depth depth, bool behind) override {
    if (behind && i == 1) ++depth;
    while (lazy_helper_skips_depth(i, depth)) ++depth;
    return depth;
  }
};

}  // namespace splitlab::parallel
