// Lazy SMP: which iterations each helper searches, so that at any thread count the helpers
// spread over the depths instead of crowding into the same iterations.
//
// The first helper searches every depth from 2 on, a ply ahead of the main thread: the classic
// two-thread Lazy SMP, which measured better at 2 threads than putting that helper on every
// other depth (experiments/many-core-parallel-core: speedup ratio 0.93 [0.85, 1.01] against it).
// When another thread finishes the iteration it is on, it goes on a ply ahead of that one
// (lazy.h); racing the main thread on the same depth instead measured 0.94 of it
// (time to depth, 300 positions at depth 15; experiments/overhead-2threads/lazy-*).
// The other helpers are taken in groups: group k (k = 1, 2, 3, ...) has 2k helpers; each of
// them searches k consecutive depths and then skips k, with the 2k helpers of the group shifted
// by 0 .. 2k-1 depths. So at every depth exactly half of each full group searches it, and larger
// thread counts bring longer, more varied runs of depths (the idea of Stockfish's skip pattern,
// extended to any number of helpers). The main thread searches every depth.
#pragma once

namespace splitlab::parallel {

// helper >= 1 (thread 0 is the main thread), depth >= 1.
constexpr bool lazy_helper_skips_depth(int helper, int depth) {
  if (helper == 1) return depth == 1;
  const int index = helper - 2;  // Within the groups.
  int group = 1;
  while (index >= group * (group + 1)) ++group;  // Groups 1..k hold k(k+1) helpers.
  const int phase = index - (group - 1) * group;
  return ((depth + phase) / group) % 2 == 1;
}

}  // namespace splitlab::parallel
