#include "bench/simulate/virtual_cpus.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

namespace splitlab::parallel {

namespace ctx = boost::context;

namespace {

// A CPU's stack: the search keeps its frames in the worker, but quiescence recurses, and a
// sanitizer build's frames are several times larger.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr size_t kStackBytes = size_t(8) << 20;
#else
constexpr size_t kStackBytes = size_t(1) << 20;
#endif

uint64_t to_ps(double ns) { return uint64_t(ns * 1000.0 + 0.5); }

// ready_ is a min-heap: a entry comes after b when its clock is later (ties: its index).
bool ready_after(const auto& a, const auto& b) {
  return a.clock != b.clock ? a.clock > b.clock : a.cpu > b.cpu;
}

uint64_t round_down_to_power_of_two(int64_t n) {
  uint64_t p = 1;
  while (p * 2 <= uint64_t(std::max<int64_t>(n, 1))) p *= 2;
  return p;
}

}  // namespace

const char* activity_name(Activity a) {
  switch (a) {
    case Activity::kSearch: return "search";
    case Activity::kSplit: return "split";
    case Activity::kJoin: return "join";
    case Activity::kLockWait: return "lock_wait";
    case Activity::kNoWork: return "no_work";
    case Activity::kHelpers: return "wait_helpers";
  }
  return "?";
}

// A CPU's fiber while a run lasts: `self` is held by the scheduler while the CPU is
// suspended, `scheduler` by the CPU while it runs (the context to switch back to).
struct VirtualCpus::Fiber {
  ctx::fiber self;
  ctx::fiber scheduler;
  // The sanitizers' view of the switches (unused without them).
  void* tsan_fiber = nullptr;
  void* asan_fake_stack = nullptr;
  const void* stack_bottom = nullptr;
  size_t stack_size = 0;
};

namespace {

// What the sanitizers must be told about a switch of stacks: the thread's stack is no longer
// the one it started on (ASan's fake stacks, TSan's shadow call stack).
struct SchedulerStack {
  void* tsan_fiber = nullptr;
  void* asan_fake_stack = nullptr;
  const void* bottom = nullptr;
  size_t size = 0;
};
thread_local SchedulerStack scheduler_stack;

void before_switch(void** fake_stack, const void* bottom, size_t size, void* tsan_fiber) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_start_switch_fiber(fake_stack, bottom, size);
#else
  (void)fake_stack, (void)bottom, (void)size;
#endif
#if defined(__SANITIZE_THREAD__)
  __tsan_switch_to_fiber(tsan_fiber, 0);
#else
  (void)tsan_fiber;
#endif
}

void after_switch(void* fake_stack, const void** old_bottom, size_t* old_size) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber(fake_stack, old_bottom, old_size);
#else
  (void)fake_stack, (void)old_bottom, (void)old_size;
#endif
}

}  // namespace

VirtualCpus::VirtualCpus(const CostModel& costs, int cpus, int64_t table_lines)
    : costs_(costs), cpus_(size_t(std::max(cpus, 1))) {
  cost_ps_[int(Work::kInteriorNode)] = to_ps(costs.interior_node);
  cost_ps_[int(Work::kQuiescenceNode)] = to_ps(costs.quiescence_node);
  cost_ps_[int(Work::kEvaluation)] = to_ps(costs.evaluation);
  cost_ps_[int(Work::kSplit)] = to_ps(costs.split + costs.copy_position);
  cost_ps_[int(Work::kJoin)] = to_ps(costs.join + 2 * costs.copy_position);
  // A line another CPU wrote costs what a table line another CPU wrote costs.
  cost_ps_[int(Work::kRemoteLine)] = to_ps(costs.probe_uncached);
  table_lines_ = round_down_to_power_of_two(table_lines);
  line_versions_.assign(table_lines_, 0);
  const uint64_t cache_lines = round_down_to_power_of_two(costs.cache_lines);
  cache_mask_ = cache_lines - 1;
  for (Cpu& c : cpus_) c.cache.assign(cache_lines, 0);
}

VirtualCpus::~VirtualCpus() = default;

void VirtualCpus::reset() {
  for (Cpu& c : cpus_) {
    c.clock = 0;
    c.account = CpuAccount();
    std::fill(c.cache.begin(), c.cache.end(), 0);
    c.activity = Activity::kSearch;
    c.activity_start = 0;
  }
  std::fill(line_versions_.begin(), line_versions_.end(), 0);
  lock_free_at_.clear();
  switches_ = 0;
  timeline_.clear();
}

void VirtualCpus::note(int cpu, uint64_t start, uint64_t end, Activity activity) {
  if (!timeline_on_ || end <= start) return;
  // Consecutive stretches of one activity are one.
  if (!timeline_.empty()) {
    for (auto it = timeline_.rbegin(); it != timeline_.rend() && it - timeline_.rbegin() < 4; ++it)
      if (it->cpu == cpu) {
        if (it->activity == activity && it->end_ps == start) {
          it->end_ps = end;
          return;
        }
        break;
      }
  }
  timeline_.push_back(TimelineEvent{cpu, start, end, activity});
}

const std::vector<TimelineEvent>& VirtualCpus::timeline() {
  for (int i = 0; i < size(); ++i) {
    Cpu& c = cpus_[size_t(i)];
    note(i, c.activity_start, c.clock, c.activity);
    c.activity_start = c.clock;
  }
  return timeline_;
}

void VirtualCpus::advance(uint64_t ps, Activity activity) {
  Cpu& c = cpus_[size_t(current_)];
  if (timeline_on_ && activity != c.activity) {
    note(current_, c.activity_start, c.clock, c.activity);
    c.activity = activity;
    c.activity_start = c.clock;
  }
  c.clock += ps;
  c.account.busy_ps += ps;
}

void VirtualCpus::charge(Work work) {
  Activity activity = Activity::kSearch;
  if (work == Work::kSplit) {
    activity = Activity::kSplit;
    ++cpus_[size_t(current_)].account.splits;
  } else if (work == Work::kJoin) {
    activity = Activity::kJoin;
    ++cpus_[size_t(current_)].account.joins;
  } else if (work == Work::kRemoteLine) {
    activity = Activity::kSplit;  // Coordination: the time the split mechanism costs.
  }
  advance(cost_ps_[int(work)], activity);
  maybe_switch();
}

void VirtualCpus::probe(uint64_t key) {
  Cpu& c = cpus_[size_t(current_)];
  const uint64_t line = line_of(key);
  const uint64_t tag = ((line << 32) | line_versions_[line]) + 1;
  uint64_t& slot = c.cache[line & cache_mask_];
  ++c.account.probes;
  if (slot == tag) {
    advance(to_ps(costs_.probe_cached), Activity::kSearch);
  } else {
    ++c.account.probe_misses;
    slot = tag;
    advance(to_ps(costs_.probe_uncached), Activity::kSearch);
  }
  maybe_switch();
}

void VirtualCpus::store(uint64_t key) {
  Cpu& c = cpus_[size_t(current_)];
  const uint64_t line = line_of(key);
  // Every other CPU's copy of the line is stale from now on; the writer's is current.
  const uint32_t version = ++line_versions_[line];
  c.cache[line & cache_mask_] = ((line << 32) | version) + 1;
  advance(to_ps(costs_.store), Activity::kSearch);
  maybe_switch();
}

void VirtualCpus::lock(const void* lock) {
  Cpu& c = cpus_[size_t(current_)];
  ++c.account.locks;
  ++locks_held_;
  const auto it = lock_free_at_.find(lock);
  if (it == lock_free_at_.end() || it->second <= c.clock) return;
  // Held by another CPU until then: this one waits (it switches to nobody meanwhile: the
  // holder already left its critical section in the order the CPUs ran).
  ++c.account.lock_waits;
  const uint64_t wait = it->second - c.clock;
  if (timeline_on_) {
    note(current_, c.activity_start, c.clock, c.activity);
    note(current_, c.clock, it->second, Activity::kLockWait);
    c.activity_start = it->second;
  }
  c.account.lock_wait_ps += wait;
  c.clock = it->second;
}

void VirtualCpus::unlock(const void* lock) {
  advance(to_ps(costs_.lock), Activity::kSearch);
  lock_free_at_[lock] = cpus_[size_t(current_)].clock;
  --locks_held_;
}

void VirtualCpus::push_ready(int cpu) {
  ready_.push_back(ReadyEntry{cpus_[size_t(cpu)].clock, cpu});
  std::push_heap(ready_.begin(), ready_.end(), [](const auto& a, const auto& b) { return ready_after(a, b); });
}

void VirtualCpus::yield_to_scheduler() {
  Fiber& f = fibers_[size_t(current_)];
  before_switch(&f.asan_fake_stack, scheduler_stack.bottom, scheduler_stack.size,
                scheduler_stack.tsan_fiber);
  f.scheduler = std::move(f.scheduler).resume();
  after_switch(f.asan_fake_stack, &scheduler_stack.bottom, &scheduler_stack.size);
}

void VirtualCpus::block(int cpu, WaitReason why) {
  Cpu& c = cpus_[size_t(cpu)];
  if (!in_run_) {
    std::fprintf(stderr, "virtual cpus: cpu %d waits outside a run, where nobody can wake it\n", cpu);
    std::abort();
  }
  if (timeline_on_) {
    note(cpu, c.activity_start, c.clock, c.activity);
    c.activity = Activity::kSearch;
  }
  c.state = State::kBlocked;
  c.why = why;
  c.blocked_at = c.clock;
  yield_to_scheduler();
}

void VirtualCpus::ring(int cpu) {
  if (!in_run_) return;  // Nobody waits between runs.
  Cpu& ringer = cpus_[size_t(current_)];
  Cpu& c = cpus_[size_t(cpu)];
  uint64_t cost = to_ps(costs_.ring);
  if (c.state == State::kBlocked) {
    // The waiter spun for spin_window, then slept; the ring finds it doing one or the other.
    const bool asleep = ringer.clock >= c.blocked_at + to_ps(costs_.spin_window);
    if (asleep) cost += to_ps(costs_.ring_sleeper);
    const uint64_t awake =
        std::max(c.blocked_at, ringer.clock + to_ps(asleep ? costs_.wake_sleeping : costs_.wake_spinning));
    c.account.idle_ps[int(c.why)] += awake - c.blocked_at;
    ++c.account.wakes;
    if (asleep) ++c.account.wakes_from_sleep;
    note(cpu, c.blocked_at, awake, c.why == WaitReason::kHelpers ? Activity::kHelpers : Activity::kNoWork);
    c.activity = Activity::kSearch;
    c.activity_start = awake;
    c.clock = awake;
    c.state = State::kReady;
    push_ready(cpu);
  }
  advance(cost, Activity::kSearch);
}

void VirtualCpus::start_fibers(const std::function<void(int)>& body, uint64_t start) {
  const int n = size();
  for (int i = 0; i < n; ++i) {
    Cpu& c = cpus_[size_t(i)];
    // The helpers sleep between runs: CPU 0 wakes them.
    const uint64_t begins = i == 0 ? start : start + to_ps(costs_.wake_sleeping);
    if (c.clock < begins) {
      c.account.idle_ps[int(WaitReason::kNoWork)] += begins - c.clock;
      note(i, c.clock, begins, Activity::kNoWork);
      c.clock = begins;
      c.activity = Activity::kSearch;
      c.activity_start = c.clock;
    }
    c.state = State::kReady;
    Fiber& f = fibers_[size_t(i)];
    ctx::protected_fixedsize_stack allocator(kStackBytes);
    ctx::stack_context stack = allocator.allocate();
    f.stack_bottom = static_cast<char*>(stack.sp) - stack.size;
    f.stack_size = stack.size;
#if defined(__SANITIZE_ADDRESS__)
    // A fiber's outermost frames never return, so ASan never clears their redzones, and the
    // shadow of an unmapped stack stays as it was: a later stack mapped at the same address
    // inherited poison, and an ordinary local on it was reported (then ASan's own check
    // failed describing it: 2 of 6 loaded runs of simulate_cli_test). A new stack starts clean.
    __asan_unpoison_memory_region(f.stack_bottom, f.stack_size);
#endif
#if defined(__SANITIZE_THREAD__)
    f.tsan_fiber = __tsan_create_fiber(0);
#endif
    f.self = ctx::fiber(std::allocator_arg, ctx::preallocated(stack.sp, stack.size, stack), allocator,
                        [this, i, &body](ctx::fiber&& scheduler) {
                          Fiber& me = fibers_[size_t(i)];
                          after_switch(nullptr, &scheduler_stack.bottom, &scheduler_stack.size);
                          me.scheduler = std::move(scheduler);
                          body(i);
                          Cpu& cpu = cpus_[size_t(i)];
                          if (timeline_on_) note(i, cpu.activity_start, cpu.clock, cpu.activity);
                          cpu.state = State::kDone;
                          cpu.account.finish_ps = cpu.clock;
                          // This stack is about to go: no fake stack of it to keep.
                          before_switch(nullptr, scheduler_stack.bottom, scheduler_stack.size,
                                        scheduler_stack.tsan_fiber);
                          return std::move(me.scheduler);
                        });
    push_ready(i);
  }
}

void VirtualCpus::schedule() {
  while (!ready_.empty()) {
    std::pop_heap(ready_.begin(), ready_.end(), [](const auto& a, const auto& b) { return ready_after(a, b); });
    const int i = ready_.back().cpu;
    ready_.pop_back();
    current_ = i;
    Cpu& c = cpus_[size_t(i)];
    c.state = State::kRunning;
    Fiber& f = fibers_[size_t(i)];
    ++switches_;
    before_switch(&scheduler_stack.asan_fake_stack, f.stack_bottom, f.stack_size, f.tsan_fiber);
    f.self = std::move(f.self).resume();
    after_switch(scheduler_stack.asan_fake_stack, nullptr, nullptr);
    if (c.state == State::kRunning) {  // It yielded to a CPU that comes first.
      c.state = State::kReady;
      push_ready(i);
    }
  }
}

void VirtualCpus::finish_run(uint64_t start) {
  const int n = size();
  uint64_t end = start;
  bool stuck = false;
  for (int i = 0; i < n; ++i) {
    const Cpu& c = cpus_[size_t(i)];
    if (c.state != State::kDone) stuck = true;
    end = std::max(end, c.clock);
  }
  if (stuck) {
    // Every CPU left waits for a ring that no running CPU can give: a lost wake-up in the
    // strategy's code (the real threads would hang, or lean on a timed park).
    std::fprintf(stderr, "virtual cpus: every CPU still running waits and none can wake another:");
    for (int i = 0; i < n; ++i)
      if (cpus_[size_t(i)].state == State::kBlocked)
        std::fprintf(stderr, " cpu %d (%s)", i,
                     cpus_[size_t(i)].why == WaitReason::kHelpers ? "waits for its helpers" : "waits for work");
    std::fprintf(stderr, "\n");
    std::abort();
  }
  // The run ends when the last CPU finishes: CPU 0 waits for the others, who are idle too.
  for (int i = 0; i < n; ++i) {
    Cpu& c = cpus_[size_t(i)];
    if (c.clock < end) {
      c.account.idle_ps[int(WaitReason::kNoWork)] += end - c.clock;
      note(i, c.clock, end, Activity::kNoWork);
      c.clock = end;
    }
    c.activity_start = end;
  }
}

void VirtualCpus::run(const std::function<void(int)>& body) {
  if (in_run_) {
    std::fprintf(stderr, "virtual cpus: a run inside a run\n");
    std::abort();
  }
  const int n = size();
  const uint64_t start = cpus_[0].clock;
  fibers_ = std::make_unique<Fiber[]>(size_t(n));
  ready_.clear();
#if defined(__SANITIZE_THREAD__)
  scheduler_stack.tsan_fiber = __tsan_get_current_fiber();
#endif
  start_fibers(body, start);
  in_run_ = true;
  schedule();
  in_run_ = false;
  current_ = 0;
  finish_run(start);
#if defined(__SANITIZE_THREAD__)
  for (int i = 0; i < n; ++i) __tsan_destroy_fiber(fibers_[size_t(i)].tsan_fiber);
#endif
  fibers_.reset();
}

}  // namespace splitlab::parallel
