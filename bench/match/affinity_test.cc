#include "bench/match/affinity.h"

#include <sched.h>

#include <gtest/gtest.h>

namespace splitlab::bench::match {
namespace {

TEST(AffinityTest, SlotsTakeDistinctCoresOfOneSocketBeforeAnyHyperthreadSibling) {
  // Two sockets of two cores with two threads each, numbered as Linux does on most x86 machines:
  // CPUs 0-3 are the first threads (socket 0: 0, 1; socket 1: 2, 3), 4-7 their siblings.
  std::vector<CpuPlace> linux_style = {{0, 0, 0}, {1, 0, 1}, {2, 1, 0}, {3, 1, 1},
                                       {4, 0, 0}, {5, 0, 1}, {6, 1, 0}, {7, 1, 1}};
  EXPECT_EQ(order_for_slots(linux_style), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));
  // Siblings numbered next to each other (0 and 1 share a core): still one thread a core first.
  std::vector<CpuPlace> adjacent = {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}, {3, 0, 1},
                                    {4, 1, 0}, {5, 1, 0}, {6, 1, 1}, {7, 1, 1}};
  EXPECT_EQ(order_for_slots(adjacent), (std::vector<int>{0, 2, 4, 6, 1, 3, 5, 7}));
  std::vector<std::vector<int>> slots;
  std::string error;
  ASSERT_TRUE(cpus_per_slot(order_for_slots(adjacent), 2, 2, slots, error)) << error;
  EXPECT_EQ(slots, (std::vector<std::vector<int>>{{0, 2}, {4, 6}}));
}

TEST(AffinityTest, MoreSlotsThanCpusAreRefusedWithTheArithmetic) {
  std::vector<std::vector<int>> slots;
  std::string error;
  EXPECT_FALSE(cpus_per_slot({0, 1, 2, 3}, 3, 2, slots, error));
  EXPECT_NE(error.find("3 games at once x 2 threads = 6 CPUs"), std::string::npos) << error;
  EXPECT_NE(error.find("may use 4"), std::string::npos) << error;
}

TEST(AffinityTest, CpuListsAreWrittenAsRanges) {
  EXPECT_EQ(cpu_list_text({3, 0, 1, 2, 8, 10, 11}), "0-3,8,10-11");
  EXPECT_EQ(cpu_list_text({5}), "5");
  EXPECT_EQ(cpu_list_text({}), "");
}

TEST(AffinityTest, APinnedThreadRunsOnlyOnItsCpus) {
  const std::vector<CpuPlace> usable = usable_cpus();
  ASSERT_FALSE(usable.empty());
  std::string error;
  ASSERT_TRUE(pin_this_thread({usable.back().cpu}, error)) << error;
  cpu_set_t set;
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  EXPECT_EQ(CPU_COUNT(&set), 1);
  EXPECT_TRUE(CPU_ISSET(usable.back().cpu, &set));
  EXPECT_EQ(sched_getcpu(), usable.back().cpu);
}

}  // namespace
}  // namespace splitlab::bench::match
