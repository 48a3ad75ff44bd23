#include "parallel/thread_pool.h"

#include <tbb/task_group.h>

namespace splitlab::parallel {

ThreadPool::ThreadPool(int threads) : threads_(threads < 1 ? 1 : threads) {
  if (size_t(threads_) > size_t(tbb::this_task_arena::max_concurrency()))
    cap_ = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                 size_t(threads_));
  arena_ = std::make_unique<tbb::task_arena>(threads_, 1);
}

void ThreadPool::run(const std::function<void(int)>& body) {
  if (threads_ == 1) {
    body(0);
    return;
  }
  arena_->execute([&] {
    tbb::task_group helpers;
    for (int i = 1; i < threads_; ++i) helpers.run([&body, i] { body(i); });
    body(0);
    helpers.wait();
  });
}

}  // namespace splitlab::parallel
