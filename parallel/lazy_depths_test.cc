// Lazy SMP's depth pattern (lazy_depths.h): the first helper searches every depth but the
// first; at any count of further helpers, those spread over the depths. Checked against counts
// made here, depth by depth, not against the formula.
#include "parallel/lazy_depths.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace splitlab::parallel {
namespace {

constexpr int kMaxHelpers = 511;  // kMaxThreads - 1
constexpr int kDepths = 128;

constexpr int kMaxGrouped = kMaxHelpers - 1;  // Helpers after the first.

// How many of the helpers 2 .. helpers + 1 (the grouped ones) search `depth`.
int searching(int helpers, int depth) {
  int n = 0;
  for (int h = 2; h <= helpers + 1; ++h) n += !lazy_helper_skips_depth(h, depth);
  return n;
}

// The group of the last of `helpers` grouped helpers: groups 1, 2, 3, ... hold 2, 4, 6, ...
int last_group(int helpers) {
  int group = 1, before = 0;
  while (before + 2 * group < helpers) before += 2 * group++;
  return group;
}

TEST(LazyDepthsTest, TheFirstHelperSearchesEveryDepthButTheFirst) {
  EXPECT_TRUE(lazy_helper_skips_depth(1, 1));
  for (int depth = 2; depth <= kDepths; ++depth)
    ASSERT_FALSE(lazy_helper_skips_depth(1, depth)) << "depth " << depth;
}

TEST(LazyDepthsTest, FullGroupsPutExactlyHalfTheHelpersOnEveryDepth) {
  for (int k = 1; k * (k + 1) <= kMaxGrouped; ++k) {
    const int helpers = k * (k + 1);
    for (int depth = 1; depth <= kDepths; ++depth)
      ASSERT_EQ(2 * searching(helpers, depth), helpers) << helpers << " helpers, depth " << depth;
  }
}

TEST(LazyDepthsTest, AnyHelperCountStaysWithinHalfAGroupOfHalf) {
  for (int helpers = 1; helpers <= kMaxGrouped; ++helpers) {
    const int slack = last_group(helpers);  // in halves
    for (int depth = 1; depth <= kDepths; ++depth) {
      const int twice_off = std::abs(2 * searching(helpers, depth) - helpers);
      ASSERT_LE(twice_off, slack) << helpers << " helpers, depth " << depth;
    }
  }
  // With two grouped helpers: one searches the odd depths and one the even ones.
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

TEST(LazyDepthsTest, EachGroupedHelperAlternatesRunsOfItsGroupSize) {
  for (int h = 2; h <= kMaxHelpers; ++h) {
    const int group = last_group(h - 1);
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
