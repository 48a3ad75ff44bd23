// Virtual CPUs: the threads of a parallel search run as fibers on one OS thread, each with a
// virtual clock that the cost model (cost_model.h) advances by the work it does, scheduled
// deterministically: the CPU with the smallest clock runs next (ties by index). This is what
// `splitlab simulate` runs a strategy's ThreadTeam on: the same search core, table, split
// points and strategy code as real threads, with the pool's threads replaced by these CPUs
// (ThreadPool's simulated mode) and every wait of the team (ThreadTeam::wait_for) blocking
// its CPU in virtual time until another rings it.
//
// Why fibers (Boost.Context, from Debian's libboost-context-dev), not real threads passing
// one token: the smallest-clock rule switches CPUs at nearly every node at 64 CPUs, and a
// fiber switch costs tens of nanoseconds against a few microseconds for a hand-off between
// OS threads (futex wake and sleep), which would make a simulated node tens of times dearer
// than a real one. A fiber switch is two stack-pointer swaps inside the process: at 16-64
// CPUs, where the scheduler switches at nearly every node, a simulation runs 1.57 M nodes a
// second against 2.69 M at one CPU (no switches) and bench's 2.71 M (experiments/simulate).
// Boost.Context rather than our own: its context switch is per-architecture assembly,
// tested, and packaged.
//
// The CPUs switch only inside a WorkMeter report (a node, an evaluation, a probe, a split, a
// join), never inside a lock's critical section, so that no fiber ever finds a real lock
// held: a lock is modelled instead (a CPU that wants one held until t waits until t).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "bench/simulate/cost_model.h"
#include "engine/search/work_meter.h"
#include "parallel/simulated_cpus.h"

namespace splitlab::parallel {

// What a CPU did, for a timeline (one row per stretch; see VirtualCpus::record_timeline).
enum class Activity : uint8_t { kSearch, kSplit, kJoin, kLockWait, kNoWork, kHelpers };
const char* activity_name(Activity a);

struct TimelineEvent {
  int cpu;
  uint64_t start_ps, end_ps;
  Activity activity;
};

// One CPU's accounting over the searches since the last reset(), in virtual picoseconds.
struct CpuAccount {
  uint64_t busy_ps = 0;                      // Charged work, splits and joins included.
  uint64_t idle_ps[kWaitReasons] = {};       // Blocked, by reason.
  uint64_t lock_wait_ps = 0;                 // Waiting for a lock another CPU held.
  uint64_t locks = 0, lock_waits = 0;        // Critical sections entered; of them, waited for.
  uint64_t probes = 0, probe_misses = 0;     // Table probes; of them, lines not in its cache.
  uint64_t wakes = 0, wakes_from_sleep = 0;  // Times it was rung awake; of them, from sleep.
  uint64_t splits = 0, joins = 0;
  uint64_t finish_ps = 0;  // Its clock when its last run ended.
};

class VirtualCpus final : public SimulatedCpus {
 public:
  VirtualCpus(const CostModel& costs, int cpus, int64_t table_lines);
  ~VirtualCpus() override;
  VirtualCpus(const VirtualCpus&) = delete;
  VirtualCpus& operator=(const VirtualCpus&) = delete;

  int size() const { return int(cpus_.size()); }
  const CostModel& costs() const { return costs_; }

  // Clocks, accounts and caches to zero, the timeline emptied: before a measured search.
  void reset();
  // Runs body(0..size-1), each on its own CPU, all at once; returns when every body has
  // returned. CPU 0 goes on from its clock, the others start when it wakes them (a
  // sleeper's wake-up later); afterwards CPU 0's clock is the last one's finish (it waited
  // for them). Called from outside any CPU. Outside a run every report is CPU 0's.
  void run(const std::function<void(int)>& body) override;
  // SimulatedCpus::wait blocks a CPU until ring(cpu), which wakes it after the wake-up latency
  // (the running CPU pays the ring).
  void ring(int cpu) override;

  // The running CPU's clock, and CPU i's.
  uint64_t now_ps() const { return cpus_[size_t(current_)].clock; }
  uint64_t clock_ps(int i) const { return cpus_[size_t(i)].clock; }
  const CpuAccount& account(int i) const { return cpus_[size_t(i)].account; }
  // Fiber switches since the last reset().
  uint64_t switches() const { return switches_; }
  // How far (ps) the running CPU may run ahead of the earliest ready one before it yields: 0
  // (the default) keeps the exact order, the smallest clock always running; more makes fewer
  // switches, and the simulation faster, at the price of that much skew between the CPUs'
  // clocks when they meet (a lock, the table, a ring). `simulate --quantum` sets it.
  void set_quantum_ps(uint64_t ps) { quantum_ps_ = ps; }
  // Keeps every CPU's stretches of activity from now until the next reset() (off: none kept).
  void record_timeline(bool on) { timeline_on_ = on; }
  // Every CPU's stretches up to its clock (the one under way is closed first).
  const std::vector<TimelineEvent>& timeline();

  // search::WorkMeter, for the running CPU.
  void charge(Work work) override;
  void probe(uint64_t key) override;
  void store(uint64_t key) override;
  void lock(const void* lock) override;
  void unlock(const void* lock) override;

 private:
  struct Fiber;
  enum class State : uint8_t { kReady, kRunning, kBlocked, kDone };
  struct Cpu {
    uint64_t clock = 0;
    State state = State::kReady;
    WaitReason why = WaitReason::kNoWork;
    uint64_t blocked_at = 0;
    CpuAccount account;
    std::vector<uint64_t> cache;  // (line << 32 | version) + 1 per slot; 0: empty.
    // The stretch of activity under way, for the timeline.
    Activity activity = Activity::kSearch;
    uint64_t activity_start = 0;
  };

  void advance(uint64_t ps, Activity activity);
  // Switches away if another ready CPU now comes first (and no lock is held).
  void maybe_switch() {
    if (!in_run_ || locks_held_ > 0 || ready_.empty()) return;
    const Cpu& self = cpus_[size_t(current_)];
    const auto& next = ready_.front();
    if (quantum_ps_ > 0 ? next.clock + quantum_ps_ < self.clock
                        : next.clock < self.clock ||
                              (next.clock == self.clock && next.cpu < current_))
      yield_to_scheduler();
  }
  void yield_to_scheduler();
  void block(int cpu, WaitReason why) override;
  void push_ready(int cpu);
  void note(int cpu, uint64_t start, uint64_t end, Activity activity);
  // run()'s three steps: a fiber per CPU for `body` (the helpers' clocks moved to when CPU 0's
  // ring at `start` wakes them), the CPUs run in virtual-time order until none is ready, and
  // the end (every CPU's clock brought to the last one's; aborts on a lost wake-up).
  void start_fibers(const std::function<void(int)>& body, uint64_t start);
  void schedule();
  void finish_run(uint64_t start);
  uint64_t line_of(uint64_t key) const { return key & (table_lines_ - 1); }

  // A ready CPU, for the heap: smallest clock first, then smallest index.
  struct ReadyEntry {
    uint64_t clock;
    int cpu;
  };

  CostModel costs_;
  uint64_t cost_ps_[6] = {};  // By WorkMeter::Work.
  uint64_t quantum_ps_ = 0;
  std::vector<Cpu> cpus_;
  std::unique_ptr<Fiber[]> fibers_;
  std::vector<ReadyEntry> ready_;  // A min-heap (std::push_heap with ready_after).
  int current_ = 0;
  bool in_run_ = false;
  int locks_held_ = 0;  // By the running CPU (it never switches while it holds one).
  uint64_t switches_ = 0;
  // The table's lines (a power of two), each with the number of stores made to it, and each
  // CPU's direct-mapped cache of them (line and version when it last touched it).
  uint64_t table_lines_ = 1;
  std::vector<uint32_t> line_versions_;
  uint64_t cache_mask_ = 0;
  std::unordered_map<const void*, uint64_t> lock_free_at_;  // When each lock is next free.
  bool timeline_on_ = false;
  std::vector<TimelineEvent> timeline_;
};

}  // namespace splitlab::parallel
