// The virtual CPUs' rules, on hand-made work (no search): the smallest clock runs next, ties by
// index; a wait blocks until a ring, which wakes after the spinning or the sleeping latency;
// a lock held by one CPU makes another wait until it is free; the table cache misses a line
// another CPU wrote; every CPU's time adds up to the run's; a lost wake-up is caught.

#include "bench/simulate/virtual_cpus.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "bench/simulate/cost_model.h"

namespace splitlab::parallel {
namespace {

using Work = search::WorkMeter::Work;

// Costs that make the arithmetic easy to follow: a node 10 ns, everything else 0 unless set.
CostModel simple_costs() {
  CostModel c;
  c.interior_node = 10;
  c.quiescence_node = 10;
  c.cache_lines = 64;
  return c;
}

TEST(VirtualCpus, SmallestClockRunsNextTiesByIndex) {
  VirtualCpus cpus(simple_costs(), 3, 1024);
  std::vector<int> order;
  cpus.run([&](int i) {
    // With all costs equal (and no wake-up latency) the CPUs take turns, lowest index first
    // among equal clocks.
    for (int k = 0; k < 3; ++k) {
      order.push_back(i);
      cpus.charge(Work::kInteriorNode);
    }
  });
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(cpus.clock_ps(0), 30'000u);
}

// With a quantum, the running CPU goes on until its clock passes the earliest ready CPU's by
// more than the quantum: fewer switches, the same work, the same end.
TEST(VirtualCpus, AQuantumLetsACpuRunAhead) {
  for (const uint64_t quantum : {uint64_t{0}, uint64_t{25'000}}) {
    SCOPED_TRACE(quantum);
    VirtualCpus cpus(simple_costs(), 2, 1024);
    cpus.set_quantum_ps(quantum);
    std::vector<int> order;
    cpus.run([&](int i) {
      for (int k = 0; k < 6; ++k) {
        order.push_back(i);
        cpus.charge(Work::kInteriorNode);
      }
    });
    // Exact: the two take turns. 25 ns: CPU 0 yields at 30 ns (more than 25 ahead of CPU 1 at
    // 0), CPU 1 then runs to its end at 60 (never more than 25 ahead of CPU 0 at 30), and CPU 0
    // finishes.
    const std::vector<int> expected =
        quantum == 0 ? std::vector<int>{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1}
                     : std::vector<int>{0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0};
    EXPECT_EQ(order, expected);
    EXPECT_EQ(cpus.clock_ps(0), 60'000u);
    EXPECT_EQ(cpus.account(1).busy_ps, 60'000u);
  }
}

TEST(VirtualCpus, DearerWorkRunsLess) {
  CostModel c = simple_costs();
  c.quiescence_node = 30;  // CPU 1 pays three times as much per unit.
  VirtualCpus cpus(c, 2, 1024);
  std::vector<int> order;
  cpus.run([&](int i) {
    for (int k = 0; k < (i == 0 ? 6 : 2); ++k) {
      order.push_back(i);
      cpus.charge(i == 0 ? Work::kInteriorNode : Work::kQuiescenceNode);
    }
  });
  // Clocks: 0 at 0,10,20,30,...; 1 at 0,30. Ties go to CPU 0.
  EXPECT_EQ(order, (std::vector<int>{0, 1, 0, 0, 0, 1, 0, 0}));
  EXPECT_EQ(cpus.clock_ps(0), 60'000u);
}

TEST(VirtualCpus, WaitBlocksUntilRungWithWakeLatency) {
  CostModel c = simple_costs();
  c.spin_window = 2000;
  c.wake_spinning = 5;
  c.wake_sleeping = 1000;  // Also when CPU 1 starts: CPU 0 wakes it.
  c.ring = 1;
  c.ring_sleeper = 50;
  for (const int nodes_before_ring : {5, 150}) {  // Rung after 1050 ns (spinning), 2500 (asleep).
    VirtualCpus cpus(c, 2, 1024);
    bool flag = false;
    uint64_t woke_at = 0;
    cpus.run([&](int i) {
      if (i == 1) {
        for (int k = 0; k < nodes_before_ring; ++k) cpus.charge(Work::kInteriorNode);
        flag = true;
        cpus.ring(0);
      } else {
        cpus.wait(0, WaitReason::kHelpers, [&] { return flag; });
        woke_at = cpus.now_ps();
      }
    });
    const uint64_t rung_at = 1'000'000 + uint64_t(nodes_before_ring) * 10'000;
    const bool asleep = rung_at >= 2'000'000;
    EXPECT_EQ(woke_at, rung_at + (asleep ? 1'000'000u : 5'000u)) << nodes_before_ring;
    EXPECT_EQ(cpus.account(0).wakes, 1u);
    EXPECT_EQ(cpus.account(0).wakes_from_sleep, asleep ? 1u : 0u);
    EXPECT_EQ(cpus.account(0).idle_ps[int(WaitReason::kHelpers)], woke_at);
    // The ringer paid the ring, and the system call when the waiter slept.
    EXPECT_EQ(cpus.account(1).busy_ps, rung_at - 1'000'000 + (asleep ? 51'000u : 1'000u));
  }
}

TEST(VirtualCpus, ARingBeforeTheWaitIsNotNeeded) {
  VirtualCpus cpus(simple_costs(), 2, 1024);
  bool flag = false;
  cpus.run([&](int i) {
    if (i == 0) {
      flag = true;
      cpus.ring(1);  // CPU 1 is not waiting yet: nothing to wake.
    } else {
      cpus.charge(Work::kInteriorNode);
      cpus.wait(1, WaitReason::kNoWork, [&] { return flag; });  // Already true: no block.
    }
  });
  EXPECT_EQ(cpus.account(1).wakes, 0u);
  EXPECT_EQ(cpus.account(1).idle_ps[int(WaitReason::kNoWork)], 0u);
}

TEST(VirtualCpus, AHeldLockMakesTheOtherWait) {
  CostModel c = simple_costs();
  c.lock = 100;  // The critical section.
  VirtualCpus cpus(c, 2, 1024);
  int lock_word = 0;
  uint64_t second_entered = 0;
  cpus.run([&](int i) {
    if (i == 0) {
      cpus.lock(&lock_word);  // At 0, held until 100 ns.
      cpus.unlock(&lock_word);
    } else {
      cpus.charge(Work::kInteriorNode);  // At 10 ns it wants the lock.
      cpus.lock(&lock_word);
      second_entered = cpus.now_ps();
      cpus.unlock(&lock_word);
    }
  });
  EXPECT_EQ(second_entered, 100'000u);
  EXPECT_EQ(cpus.account(1).lock_waits, 1u);
  EXPECT_EQ(cpus.account(1).lock_wait_ps, 90'000u);
  EXPECT_EQ(cpus.account(0).lock_waits, 0u);
}

TEST(VirtualCpus, NoSwitchWhileALockIsHeld) {
  VirtualCpus cpus(simple_costs(), 2, 1024);
  int lock_word = 0;
  std::vector<int> order;
  cpus.run([&](int i) {
    if (i == 0) cpus.lock(&lock_word);
    for (int k = 0; k < 3; ++k) {
      order.push_back(i);
      cpus.charge(Work::kInteriorNode);
    }
    if (i == 0) cpus.unlock(&lock_word);
  });
  EXPECT_EQ(order, (std::vector<int>{0, 0, 0, 1, 1, 1}));
}

TEST(VirtualCpus, CacheMissesALineAnotherCpuWrote) {
  CostModel c = simple_costs();
  c.probe_cached = 1;
  c.probe_uncached = 100;
  VirtualCpus cpus(c, 2, 1 << 16);
  cpus.run([&](int i) {
    if (i == 0) {
      cpus.probe(42);  // Miss: never seen.
      cpus.probe(42);  // Hit.
      cpus.charge(Work::kInteriorNode);
      cpus.charge(Work::kInteriorNode);
      cpus.charge(Work::kInteriorNode);
      cpus.probe(42);  // Miss: CPU 1 wrote it meanwhile.
    } else {
      cpus.probe(42);  // Miss.
      cpus.store(42);
      cpus.probe(42);  // Hit: its own write.
    }
  });
  EXPECT_EQ(cpus.account(0).probes, 3u);
  EXPECT_EQ(cpus.account(0).probe_misses, 2u);
  EXPECT_EQ(cpus.account(1).probes, 2u);
  EXPECT_EQ(cpus.account(1).probe_misses, 1u);
}

TEST(VirtualCpus, EveryCpusTimeAddsUpToTheRun) {
  CostModel c = simple_costs();
  c.wake_sleeping = 7;
  c.lock = 3;
  VirtualCpus cpus(c, 4, 1024);
  bool go = false;
  int lock_word = 0;
  cpus.run([&](int i) {
    if (i == 0) {
      for (int k = 0; k < 20; ++k) cpus.charge(Work::kInteriorNode);
      go = true;
      for (int t = 1; t < 4; ++t) cpus.ring(t);
    } else {
      cpus.wait(i, WaitReason::kNoWork, [&] { return go; });
      for (int k = 0; k < i * 5; ++k) {
        cpus.lock(&lock_word);
        cpus.unlock(&lock_word);
        cpus.charge(Work::kQuiescenceNode);
      }
    }
  });
  const uint64_t end = cpus.clock_ps(0);
  for (int i = 0; i < 4; ++i) {
    const CpuAccount& a = cpus.account(i);
    EXPECT_EQ(a.busy_ps + a.idle_ps[0] + a.idle_ps[1] + a.lock_wait_ps, end) << "cpu " << i;
    EXPECT_EQ(cpus.clock_ps(i), end);
  }
}

TEST(VirtualCpus, SameWorkSameClocks) {
  auto run_once = [] {
    CostModel c = simple_costs();
    c.probe_uncached = 33;
    c.lock = 4;
    c.wake_spinning = 2;
    VirtualCpus cpus(c, 8, 4096);
    std::vector<uint64_t> trace;
    int lock_word = 0;
    int pending = 7;
    cpus.run([&](int i) {
      uint64_t x = uint64_t(i) * 2654435761u;
      for (int k = 0; k < 200; ++k) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        cpus.probe(x >> 40);
        if (x % 7 == 0) cpus.store(x >> 40);
        if (x % 5 == 0) {
          cpus.lock(&lock_word);
          cpus.unlock(&lock_word);
        }
        cpus.charge(Work::kInteriorNode);
        trace.push_back(uint64_t(i) << 48 | cpus.now_ps());
      }
      if (i > 0 && --pending == 0) cpus.ring(0);
      if (i == 0) cpus.wait(0, WaitReason::kHelpers, [&] { return pending == 0; });
    });
    return trace;
  };
  const std::vector<uint64_t> first = run_once();
  // The trace holds every CPU's 200 steps (two empty traces would also compare equal), and the
  // CPUs' clocks in it are not all the same (else the comparison says nothing about timing).
  ASSERT_EQ(first.size(), 8u * 200u);
  std::set<uint64_t> clocks;
  for (uint64_t step : first) clocks.insert(step & ((uint64_t(1) << 48) - 1));
  EXPECT_GT(clocks.size(), 200u);
  EXPECT_EQ(first, run_once());
}

TEST(VirtualCpusDeathTest, ALostWakeUpIsReported) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        VirtualCpus cpus(simple_costs(), 2, 1024);
        bool never = false;
        cpus.run([&](int i) { cpus.wait(i, WaitReason::kHelpers, [&] { return never; }); });
      },
      "every CPU still running waits.*cpu 0 \\(waits for its helpers\\) cpu 1");
}

TEST(CostModel, ReadsAFileOverTheDefaultsAndWritesItBack) {
  CostModel c = default_costs();
  std::string error;
  ASSERT_TRUE(parse_costs("# my machine\ninterior_node 123.5\n\nsplit = 2000  # slow\n", c, error))
      << error;
  EXPECT_EQ(c.interior_node, 123.5);
  EXPECT_EQ(c.split, 2000);
  EXPECT_EQ(c.evaluation, default_costs().evaluation);
  CostModel back = default_costs();
  ASSERT_TRUE(parse_costs(format_costs(c), back, error)) << error;
  EXPECT_EQ(format_costs(back), format_costs(c));
}

TEST(CostModel, BadLinesAreNamed) {
  struct Case {
    const char* text;
    const char* message;
  } cases[] = {
      {"interior_node", "costs line 1: expected 'name value', got 'interior_node'"},
      {"\nnodes 12", "costs line 2: unknown cost 'nodes' (interior_node, quiescence_node"},
      {"split -3", "costs line 1: 'split' needs a number of nanoseconds at least 0, got '-3'"},
      {"split 3ns", "got '3ns'"},
      {"cache_lines 1.5", "'cache_lines' needs a whole number from 1 to 2^30, got '1.5'"},
  };
  for (const Case& k : cases) {
    CostModel c = default_costs();
    std::string error;
    EXPECT_FALSE(parse_costs(k.text, c, error)) << k.text;
    EXPECT_NE(error.find(k.message), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace splitlab::parallel
