// Lazy SMP: which iterations each helper searches, so that at any thread count the helpers
// spread over the depths instead of crowding into the same iterations.
//
// Helpers are taken in groups: group k (k = 1, 2, 3, ...) has 2k helpers; each of them searches
// k consecutive depths and then skips k, with the 2k helpers of the group shifted by 0 .. 2k-1
// depths. So at every depth exactly half of each full group searches it, and larger thread
// counts bring longer, more varied runs of depths (the idea of Stockfish's skip pattern,
// extended to any number of helpers). The main thread searches every depth.
#pragma once

namespace splitlab::parallel {

// helper >= 1 (thread 0 is the main thread), depth >= 1.
constexpr bool lazy_helper_skips_depth(int helper, int depth) {
  const int index = helper - 1;
  int group = 1;
  while (index >= group * (group + 1)) ++group;  // Groups 1..k hold k(k+1) helpers.
  const int phase = index - (group - 1) * group;
  return ((depth + phase) / group) % 2 == 1;
}

}  // namespace splitlab::parallel
