// The threads of a parallel search, from TBB: a task_arena sized to the thread count, into
// which the pool enqueues one long-running task per helper when it is made. Each helper task
// lives as long as the pool, so a helper index stays on one OS thread: per-thread state that
// a helper allocates itself (run_on_each at start-up) lands in memory local to the core it
// runs on (first touch), and stays there. Between runs the helpers sleep on their Parker.
//
// Thread 0 is the caller of run(). More threads than cores (for correctness tests) need TBB's
// parallelism cap raised: the pool raises it to cover every live pool's helpers at once.
//
// The hand-off of a run to the helpers is the pool's own (an atomic generation and the
// Parkers), which ThreadSanitizer sees; the only hand-off through TBB is the enqueue of the
// helper tasks, announced to TSan explicitly (Debian's TBB is not instrumented).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "parallel/parker.h"
#include "parallel/simulated_cpus.h"

namespace splitlab::parallel {

// The most threads a pool (and so a search) may have: a bitmask of them fits a cache line.
inline constexpr int kMaxThreads = 512;

class ThreadPool {
 public:
  // 1 <= threads <= kMaxThreads (clamped). With `cpus` (as many as `threads`), the pool is
  // simulated: run() runs the bodies on those virtual CPUs, and no OS thread is made.
  // `pin_threads` (ThreadAffinity, scale --affinity): thread i runs on one CPU of its own, the
  // i-th of util::order_cores_first (a physical core each while there are enough, hyperthread
  // siblings after, wrapping around past the last), pinned before it allocates anything, so its
  // memory is first touched near that core. Each thread gets its former CPUs back when the pool
  // is done with it (the caller of run() at the end of each run).
  explicit ThreadPool(int threads, SimulatedCpus* cpus = nullptr, bool pin_threads = false);
  ~ThreadPool() noexcept;  // The helpers' tasks are waited for, so their group cannot throw.
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return threads_; }
  // How long this pool's threads spin before they sleep (parker.h): long while every thread
  // has a core of its own, short when there are more threads than cores.
  std::chrono::microseconds spin() const { return spin_; }
  // Runs body(0) on the calling thread and body(1..size-1) on the helpers, all at once;
  // returns when every body has returned. One run at a time.
  void run(const std::function<void(int)>& body);
  // Thread i's Parker: the team wakes a helper through it during a run. Thread 0's
  // belongs to whichever thread calls run().
  Parker& parker(int i) { return parkers_[i]; }
  // The CPUs of a simulated pool, or null.
  SimulatedCpus* simulated_cpus() const { return cpus_; }
  // The CPU thread i is pinned to, or -1 when the pool does not pin.
  int pinned_cpu(int i) const {
    return placement_.empty() ? -1 : placement_[size_t(i) % placement_.size()];
  }

 private:
  // The long-running task of helper `index`. A named class rather than a lambda, so that TSan
  // reports name TBB's task frames in full (see the tsan config and race_canary_test).
  struct HelperTask {
    ThreadPool* pool;
    int index;
    void operator()() const;
  };
  void helper_loop(int i);

  int threads_;
  SimulatedCpus* cpus_;
  std::vector<int> placement_;  // CPUs in the order threads take them; empty: no pinning.
  std::chrono::microseconds spin_;
  std::unique_ptr<Parker[]> parkers_;
  // TBB's arena and the group of the helpers' long-running tasks (thread_pool.cc), defined
  // there so that the many files that include this header do not parse TBB; null for one
  // thread or virtual CPUs.
  struct TbbTasks;
  std::unique_ptr<TbbTasks> helper_tasks_;
  const std::function<void(int)>* body_ = nullptr;  // Published by generation_.
  alignas(64) std::atomic<uint64_t> generation_{0};  // Advanced by run() and the destructor.
  std::atomic<bool> quitting_{false};
  alignas(64) std::atomic<int> running_{0};  // Helpers still in the current body.
  // The helpers' exit, under a mutex: the last access a helper makes to the pool is its
  // unlock, after which the destructor may free everything.
  std::mutex exit_mutex_;
  std::condition_variable exited_;
  int alive_ = 0;  // GUARDED_BY(exit_mutex_)
};

}  // namespace splitlab::parallel
