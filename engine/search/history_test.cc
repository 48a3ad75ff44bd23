// Killers and history: the update rules, copies (a helper's snapshot of its owner's memory) and
// concurrent use of one table by several threads (OrderingMemory=shared).
#include "engine/search/history.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "engine/chess/types.h"

namespace splitlab::search {
namespace {

using chess::Move;
using chess::Square;

Move move(int from, int to) { return Move(Square(from), Square(to)); }

TEST(KillersTest, NewKillerPushesTheOldOneToSecondAndRepeatsAreIgnored) {
  Killers<Move> k;
  EXPECT_TRUE(k.first(3).is_none());
  k.add(3, move(12, 28));
  k.add(3, move(6, 21));
  EXPECT_EQ(k.first(3), move(6, 21));
  EXPECT_EQ(k.second(3), move(12, 28));
  k.add(3, move(6, 21));  // Already first: the second killer stays.
  EXPECT_EQ(k.second(3), move(12, 28));
  EXPECT_TRUE(k.first(4).is_none());  // Plies are separate.
  k.clear();
  EXPECT_TRUE(k.first(3).is_none() && k.second(3).is_none());
}

TEST(KillersTest, CopyFromTakesOnlyThePliesFromTheSplitNodeOn) {
  Killers<Move> owner, helper;
  owner.add(2, move(1, 18));
  owner.add(5, move(12, 28));
  helper.add(2, move(6, 21));
  helper.copy_from(owner, 4);
  EXPECT_EQ(helper.first(2), move(6, 21));  // Above the split node: the helper's own.
  EXPECT_EQ(helper.first(5), move(12, 28));
  Killers<Move> copy = owner;
  EXPECT_EQ(copy.first(2), move(1, 18));
}

TEST(HistoryTest, UpdatesApproachTheBoundWithoutPassingIt) {
  History h(8);
  h.update(3, 400);
  EXPECT_EQ(h.get(3), 400);
  h.update(3, -100);
  EXPECT_LT(h.get(3), 300);  // The gravity term pulls a little further towards zero.
  for (int i = 0; i < 10000; ++i) h.update(5, 400);
  EXPECT_GT(h.get(5), History::kMax * 9 / 10);
  EXPECT_LE(h.get(5), History::kMax);
  for (int i = 0; i < 10000; ++i) h.update(6, -400);
  EXPECT_GE(h.get(6), -History::kMax);
  EXPECT_EQ(h.get(0), 0);
  History copy = h;
  EXPECT_EQ(copy.get(5), h.get(5));
  h.clear();
  EXPECT_EQ(h.get(5), 0);
  EXPECT_NE(copy.get(5), 0);  // A copy, not a view.
}

TEST(ContinuationHistoryTest, RowsAreSeparateAndScoresStayWithinInt16) {
  ContinuationHistory c(10);
  c.update(2, 7, 300);
  EXPECT_EQ(c.row(2)[7], 300);
  EXPECT_EQ(c.row(7)[2], 0);  // (previous, move) is ordered.
  EXPECT_EQ(c.row(3)[7], 0);
  for (int i = 0; i < 10000; ++i) c.update(9, 9, 400);  // The last word of the table.
  EXPECT_GT(c.row(9)[9], ContinuationHistory::kMax * 9 / 10);
  EXPECT_LE(c.row(9)[9], ContinuationHistory::kMax);
  for (int i = 0; i < 10000; ++i) c.update(0, 0, -1000000);  // Clamped bonus.
  EXPECT_GE(c.row(0)[0], -ContinuationHistory::kMax);
  EXPECT_LT(c.row(0)[0], -ContinuationHistory::kMax * 9 / 10);
  c.clear();
  EXPECT_EQ(c.row(2)[7], 0);
  EXPECT_EQ(c.row(9)[9], 0);
}

// The table comes from calloc, not from zeros written one by one (history.h): every cell of a
// large one reads zero when made and after a clear that follows updates all over it.
TEST(ContinuationHistoryTest, ALargeTableIsZeroWhenMadeAndAfterClear) {
  constexpr int kSize = 1300;  // About xiangqi's (3.2 MB).
  const auto all_zero = [](const ContinuationHistory& c) {
    for (int p = 0; p < kSize; ++p)
      for (int i = 0; i < kSize; ++i)
        if (c.row(p)[i] != 0) return false;
    return true;
  };
  ContinuationHistory c(kSize);
  EXPECT_TRUE(all_zero(c));
  for (int p = 0; p < kSize; p += 7)
    for (int i = 0; i < kSize; i += 5) c.update(p, i, 100 + i);
  EXPECT_FALSE(all_zero(c));
  c.clear();
  EXPECT_TRUE(all_zero(c));
}

// Two threads updating and reading one table (what OrderingMemory=shared does): no data race
// (the ThreadSanitizer config runs this), and every score stays within its bounds.
TEST(HistoryTest, SharedByThreadsStaysBounded) {
  History h(64);
  Killers<Move> k;
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20000; ++i) {
        h.update((i * 7 + t) % 64, (i % 3 == 0 ? -1 : 1) * (t + 1) * 200);
        k.add(i % 10, move(8 + (i + t) % 40, 16 + i % 40));
        (void)h.get(i % 64);
        (void)k.first(i % 10);
      }
    });
  for (auto& th : threads) th.join();
  for (int i = 0; i < 64; ++i) {
    EXPECT_LE(h.get(i), History::kMax);
    EXPECT_GE(h.get(i), -History::kMax);
  }
}

}  // namespace
}  // namespace splitlab::search
