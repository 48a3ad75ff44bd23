#include "parallel/thread_pool.h"

#include <tbb/info.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <mutex>
#include <vector>

#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace splitlab::parallel {
namespace {

// Debian's TBB is not built with ThreadSanitizer, so TSan cannot see TBB hand a task to a
// worker, nor the worker's finished task back to wait(): both edges are announced to it here,
// on one address, so that it checks our code against what TBB actually guarantees.
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

// TBB applies the smallest of the live caps on its threads, so one cap per pool would let a
// small pool starve a large one: the process keeps a single cap, raised to the largest pool
// ever made (more threads than cores are for correctness tests only).
void raise_parallelism_cap(int threads) {
  static std::mutex mutex;
  static std::unique_ptr<tbb::global_control> cap;
  static size_t cap_value = 0;
  std::lock_guard lock(mutex);
  const size_t wanted = std::max(size_t(threads), size_t(tbb::info::default_concurrency()));
  if (wanted <= cap_value) return;
  auto raised = std::make_unique<tbb::global_control>(
      tbb::global_control::max_allowed_parallelism, wanted);
  cap = std::move(raised);
  cap_value = wanted;
}

}  // namespace

ThreadPool::ThreadPool(int threads) : threads_(threads < 1 ? 1 : threads) {
  raise_parallelism_cap(threads_);
  arena_ = std::make_unique<tbb::task_arena>(threads_, 1);
}

void ThreadPool::run(const std::function<void(int)>& body) {
  if (threads_ == 1) {
    body(0);
    return;
  }
  arena_->execute([&] {
    tbb::task_group helpers;
    // Make every task first, then announce, then spawn: a task's captures are written when it
    // is made, so the announcement covers them before any worker can read them.
    std::vector<tbb::task_handle> tasks;
    for (int i = 1; i < threads_; ++i)
      tasks.push_back(helpers.defer([&body, i] {
        announce_acquire();
        body(i);
        announce_release();
      }));
    announce_release();
    for (auto& task : tasks) helpers.run(std::move(task));
    body(0);
    helpers.wait();
    announce_acquire();
  });
}

}  // namespace splitlab::parallel
