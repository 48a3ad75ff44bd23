#include "parallel/thread_pool.h"

#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "engine/util/cpu_topology.h"

#include <algorithm>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace splitlab::parallel {
namespace {

// Debian's TBB is not built with ThreadSanitizer, so TSan cannot see TBB hand an enqueued task
// to a worker: the edge is announced to it here, so that it checks our code against what TBB
// actually guarantees. (Everything after the hand-off goes through the pool's own atomics.)
[[maybe_unused]] int task_handoff;

void announce_release() {
#if defined(__SANITIZE_THREAD__)
  __tsan_release(&task_handoff);
#endif
}

void announce_acquire() {
#if defined(__SANITIZE_THREAD__)
  __tsan_acquire(&task_handoff);
#endif
}

// TBB applies the smallest of the live caps on its workers, and a helper task holds its worker
// for the pool's whole life, so the process keeps one cap, raised to cover the helpers of every
// live pool at once plus the calling thread (never lowered: a pool being made must not find
// workers taken away). More threads than cores are for correctness tests only.
class ParallelismCap {
 public:
  static ParallelismCap& instance() {
    static ParallelismCap* cap = new ParallelismCap();  // Outlives every pool.
    return *cap;
  }
  void add_helpers(int helpers) {
    std::lock_guard lock(mutex_);
    live_helpers_ += helpers;
    const size_t wanted = std::max(size_t(live_helpers_) + 1, size_t(tbb::info::default_concurrency()));
    if (wanted <= value_) return;
    control_ = std::make_unique<tbb::global_control>(
        tbb::global_control::max_allowed_parallelism, wanted);
    value_ = wanted;
  }
  void remove_helpers(int helpers) {
    std::lock_guard lock(mutex_);
    live_helpers_ -= helpers;
  }

 private:
  std::mutex mutex_;
  std::unique_ptr<tbb::global_control> control_;
  size_t value_ = 0;
  int live_helpers_ = 0;
};

}  // namespace

struct ThreadPool::TbbTasks {
  explicit TbbTasks(int threads) : arena(threads, 1) {}
  tbb::task_arena arena;
  tbb::task_group group;  // The helpers' long-running tasks, enqueued into the arena.
};

ThreadPool::ThreadPool(int threads, SimulatedCpus* cpus, bool pin_threads)
    : threads_(std::clamp(threads, 1, kMaxThreads)),
      cpus_(cpus),
      placement_(pin_threads && !cpus ? util::order_cores_first(util::usable_cpus())
                                      : std::vector<int>()),
      spin_(size_t(threads_) <= std::max(1u, std::thread::hardware_concurrency())
                ? kSpinWithOwnCore
                : kSpinOversubscribed),
      parkers_(new Parker[size_t(threads_)]) {
  if (threads_ == 1 || cpus_) return;
  const int helpers = threads_ - 1;
  ParallelismCap::instance().add_helpers(helpers);
  helper_tasks_ = std::make_unique<TbbTasks>(threads_);
  alive_ = helpers;
  // Make every task first, then announce, then enqueue: a task's captures are written when it
  // is made, so the announcement covers them before any worker can read them.
  std::vector<tbb::task_handle> tasks;
  for (int i = 1; i < threads_; ++i)
    tasks.push_back(helper_tasks_->group.defer(HelperTask{this, i}));
  announce_release();
  for (auto& task : tasks) helper_tasks_->arena.enqueue(std::move(task));
}

ThreadPool::~ThreadPool() noexcept {
  if (threads_ == 1 || cpus_) return;
  quitting_.store(true, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_release);
  for (int i = 1; i < threads_; ++i) parkers_[i].ring();
  {
    std::unique_lock lock(exit_mutex_);
    exited_.wait(lock, [&] { return alive_ == 0; });
  }
  // Every helper has left its loop; let TBB finish its own bookkeeping of the tasks.
  helper_tasks_->arena.execute([&] { helper_tasks_->group.wait(); });
  announce_acquire();
  helper_tasks_.reset();
  ParallelismCap::instance().remove_helpers(threads_ - 1);
}

namespace {

// The CPUs a pool's thread is pinned to: its own, or none (the thread is left alone).
std::vector<int> only(int cpu) { return cpu < 0 ? std::vector<int>() : std::vector<int>{cpu}; }

}  // namespace

void ThreadPool::run(const std::function<void(int)>& body) {
  if (cpus_) {
    cpus_->run(body);
    return;
  }
  const util::ScopedPin pinned(only(pinned_cpu(0)));
  if (threads_ == 1) {
    body(0);
    return;
  }
  body_ = &body;
  running_.store(threads_ - 1, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_release);
  for (int i = 1; i < threads_; ++i) parkers_[i].ring();
  body(0);
  wait_until(parkers_[0], spin_, [&] { return running_.load(std::memory_order_acquire) == 0; });
  body_ = nullptr;
}

void ThreadPool::HelperTask::operator()() const {
  announce_acquire();
  pool->helper_loop(index);
}

void ThreadPool::helper_loop(int i) {
  const util::ScopedPin pinned(only(pinned_cpu(i)));  // Before the first body: first touch near it.
  uint64_t seen = 0;
  while (true) {
    uint64_t generation = seen;
    wait_until(parkers_[i], spin_, [&] {
      generation = generation_.load(std::memory_order_acquire);
      return generation != seen;
    });
    seen = generation;
    if (quitting_.load(std::memory_order_relaxed)) break;
    (*body_)(i);
    if (running_.fetch_sub(1, std::memory_order_acq_rel) == 1) parkers_[0].ring();
  }
  std::lock_guard lock(exit_mutex_);
  if (--alive_ == 0) exited_.notify_one();
}

}  // namespace splitlab::parallel
