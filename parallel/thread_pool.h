// The threads of a parallel search, from TBB: a task_arena sized to the thread count, with
// one long-running task per helper for the length of a search. Between searches no task runs
// and TBB's workers sleep. More threads than cores (for correctness tests) need TBB's global
// parallelism cap raised, which the pool does (for the rest of the process).
#pragma once

#include <functional>
#include <memory>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

namespace splitlab::parallel {

class ThreadPool {
 public:
  explicit ThreadPool(int threads);
  int size() const { return threads_; }
  // Runs body(0) on the calling thread and body(1..size-1) on the arena's workers, all at
  // once; returns when every body has returned.
  void run(const std::function<void(int)>& body);

 private:
  int threads_;
  std::unique_ptr<tbb::task_arena> arena_;
};

}  // namespace splitlab::parallel
