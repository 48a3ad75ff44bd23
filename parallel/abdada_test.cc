// ABDADA's table of busy children (abdada.h): a mark counts the threads at a position, an
// unmark takes one away, another position in the same slot is neither marked nor seen busy,
// and marks made and undone by several threads at once leave every slot free. The search
// itself is tested with the other strategies (tests/parallel/), from the registry.
#include "parallel/abdada.h"

#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

namespace splitlab::parallel {
namespace {

constexpr uint64_t kKey = 0x9e3779b97f4a7c15ull;
// The same slot (low bits) as kKey, another position (high bits).
constexpr uint64_t kSameSlot = kKey ^ (uint64_t(1) << 40);
// Another slot.
constexpr uint64_t kOtherSlot = kKey ^ 1;

TEST(BusyChildrenTest, CountsTheThreadsAtAPosition) {
  BusyChildren busy;
  EXPECT_FALSE(busy.busy(kKey));
  ASSERT_TRUE(busy.mark(kKey));
  EXPECT_TRUE(busy.busy(kKey));
  EXPECT_FALSE(busy.busy(kOtherSlot));
  ASSERT_TRUE(busy.mark(kKey));  // A second thread at the same position.
  busy.unmark(kKey);
  EXPECT_TRUE(busy.busy(kKey)) << "one thread is still there";
  busy.unmark(kKey);
  EXPECT_FALSE(busy.busy(kKey));
}

TEST(BusyChildrenTest, AnotherPositionInTheSlotIsNeitherMarkedNorBusy) {
  BusyChildren busy;
  ASSERT_TRUE(busy.mark(kKey));
  EXPECT_FALSE(busy.busy(kSameSlot));
  EXPECT_FALSE(busy.mark(kSameSlot));
  EXPECT_TRUE(busy.busy(kKey)) << "the failed mark changed the slot";
  busy.unmark(kKey);
  // Once free, the slot takes the other position.
  ASSERT_TRUE(busy.mark(kSameSlot));
  EXPECT_TRUE(busy.busy(kSameSlot));
  EXPECT_FALSE(busy.busy(kKey));
  busy.clear();
  EXPECT_FALSE(busy.busy(kSameSlot));
}

// Four threads mark and unmark keys from a small set (many share slots) at once; each checks
// that a position it holds stays busy, and at the end nothing is.
TEST(BusyChildrenTest, ConcurrentMarksLeaveEverySlotFree) {
  BusyChildren busy;
  std::vector<uint64_t> keys;
  for (uint64_t i = 0; i < 64; ++i) keys.push_back(kKey ^ (i << 33) ^ (i % 8));
  std::vector<std::thread> threads;
  std::vector<int> lost(4, 0), marked(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 rng(uint32_t(t) + 1);
      for (int n = 0; n < 20000; ++n) {
        const uint64_t key = keys[rng() % keys.size()];
        if (!busy.mark(key)) continue;
        ++marked[size_t(t)];
        if (!busy.busy(key)) ++lost[size_t(t)];
        busy.unmark(key);
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) {
    EXPECT_GT(marked[size_t(t)], 0) << "thread " << t;
    EXPECT_EQ(lost[size_t(t)], 0) << "thread " << t << " lost its mark";
  }
  for (uint64_t key : keys) EXPECT_FALSE(busy.busy(key)) << std::hex << key;
}

}  // namespace
}  // namespace splitlab::parallel
