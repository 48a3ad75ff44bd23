// Lazy SMP's depth pattern (lazy_depths.h): at any helper count the helpers spread over the
// depths. Checked against counts made here, depth by depth, not against the formula.
#include "parallel/lazy_depths.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace splitlab::parallel {
namespace {

constexpr int kMaxHelpers = 511;  // kMaxThreads - 1
constexpr int kDepths = 128;

int searching(int helpers, int depth) {
  int n = 0;
  for (int h = 1; h <= helpers; ++h) n += !lazy_helper_skips_depth(h, depth);
  return n;
}

// The group of the last helper: groups 1, 2, 3, ... hold 2, 4, 6, ... helpers.
int last_group(int helpers) {
  int group = 1, before = 0;
  while (before + 2 * group < helpers) before += 2 * group++;
  return group;
}

TEST(LazyDepthsTest, FullGroupsPutExactlyHalfTheHelpersOnEveryDepth) {
  for (int k = 1; k * (k + 1) <= kMaxHelpers; ++k) {
    const int helpers = k * (k + 1);
    for (int depth = 1; depth <= kDepths; ++depth)
      ASSERT_EQ(2 * searching(helpers, depth), helpers) << helpers << " helpers, depth " << depth;
  }
}

TEST(LazyDepthsTest, AnyHelperCountStaysWithinHalfAGroupOfHalf) {
  for (int helpers = 1; helpers <= kMaxHelpers; ++helpers) {
    const int slack = last_group(helpers);  // in halves
    for (int depth = 1; depth <= kDepths; ++depth) {
      const int twice_off = std::abs(2 * searching(helpers, depth) - helpers);
      ASSERT_LE(twice_off, slack) << helpers << " helpers, depth " << depth;
    }
  }
  // With few helpers: one searches the odd depths and one the even ones.
  EXPECT_EQ(searching(2, 1), 1);
  EXPECT_EQ(searching(2, 2), 1);
}

TEST(LazyDepthsTest, NoTwoHelpersSearchTheSameDepths) {
  std::set<std::vector<bool>> patterns;
  for (int h = 1; h <= kMaxHelpers; ++h) {
    std::vector<bool> searched;
    for (int depth = 1; depth <= kDepths; ++depth)
      searched.push_back(!lazy_helper_skips_depth(h, depth));
    EXPECT_TRUE(patterns.insert(searched).second) << "helper " << h << " repeats another";
  }
}

TEST(LazyDepthsTest, EachHelperAlternatesRunsOfItsGroupSize) {
  for (int h = 1; h <= kMaxHelpers; ++h) {
    const int group = last_group(h);
    // Runs of searched and of skipped depths, after the first (which may be cut short).
    std::vector<int> runs;
    bool current = !lazy_helper_skips_depth(h, 1);
    int length = 1;
    for (int depth = 2; depth <= kDepths; ++depth) {
      const bool s = !lazy_helper_skips_depth(h, depth);
      if (s == current) {
        ++length;
      } else {
        runs.push_back(length);
        current = s;
        length = 1;
      }
    }
    ASSERT_GE(runs.size(), 3u) << "helper " << h;
    for (size_t r = 1; r < runs.size(); ++r) ASSERT_EQ(runs[r], group) << "helper " << h;
  }
}

}  // namespace
}  // namespace splitlab::parallel
