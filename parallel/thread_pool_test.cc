// The pool's thread placement (ThreadAffinity, scale --affinity): with pinning, thread i runs
// on the i-th CPU of util::order_cores_first alone (wrapping past the last), and every thread,
// the caller of run() included, gets its former CPUs back when the pool is done with it;
// without pinning, no thread's CPUs change.
#include "parallel/thread_pool.h"

#include <gtest/gtest.h>

#include <mutex>
#include <vector>

#include "engine/util/cpu_topology.h"

namespace splitlab::parallel {
namespace {

// Each thread's CPUs while it runs a body of the pool.
std::vector<std::vector<int>> cpus_seen(ThreadPool& pool) {
  std::vector<std::vector<int>> seen(size_t(pool.size()));
  std::mutex mutex;
  pool.run([&](int i) {
    const std::vector<int> mine = util::this_thread_cpus();
    std::lock_guard lock(mutex);
    seen[size_t(i)] = mine;
  });
  return seen;
}

TEST(ThreadPoolPinningTest, EachThreadOnItsOwnCpuInCoresFirstOrder) {
  const std::vector<int> before = util::this_thread_cpus();
  ASSERT_FALSE(before.empty());
  const std::vector<int> order = util::order_cores_first(util::usable_cpus());
  const int threads = int(order.size()) + 2;  // Past the CPUs: the placement wraps around.
  {
    ThreadPool pool(threads, nullptr, /*pin_threads=*/true);
    const auto seen = cpus_seen(pool);
    for (int i = 0; i < threads; ++i) {
      EXPECT_EQ(pool.pinned_cpu(i), order[size_t(i) % order.size()]) << "thread " << i;
      EXPECT_EQ(seen[size_t(i)], std::vector<int>{pool.pinned_cpu(i)}) << "thread " << i;
    }
    // The caller is pinned only while it runs a body.
    EXPECT_EQ(util::this_thread_cpus(), before);
  }
  EXPECT_EQ(util::this_thread_cpus(), before);
}

TEST(ThreadPoolPinningTest, WithoutPinningNoThreadIsMoved) {
  const std::vector<int> before = util::this_thread_cpus();
  ThreadPool pool(3, nullptr, /*pin_threads=*/false);
  EXPECT_EQ(pool.pinned_cpu(0), -1);
  for (const auto& cpus : cpus_seen(pool)) EXPECT_EQ(cpus, before);
}

// A pinned pool's helpers give their TBB worker threads back unpinned: a later pool that is not
// pinned runs on every CPU again (it may be served by the same worker threads).
TEST(ThreadPoolPinningTest, HelpersAreUnpinnedWhenThePoolIsGone) {
  const std::vector<int> before = util::this_thread_cpus();
  { ThreadPool pinned(2, nullptr, /*pin_threads=*/true); cpus_seen(pinned); }
  ThreadPool free(2, nullptr, /*pin_threads=*/false);
  for (const auto& cpus : cpus_seen(free)) EXPECT_EQ(cpus, before);
}

}  // namespace
}  // namespace splitlab::parallel
