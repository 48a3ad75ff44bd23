#include "parallel/parker.h"

namespace splitlab::parallel {

// The waiter stores sleeping_ then loads epoch_; the ringer adds to epoch_ then loads
// sleeping_. Both sequentially consistent, so at least one sees the other's write: either the
// waiter sees the new epoch and does not sleep, or the ringer sees it sleeping and notifies
// under the mutex, which the waiter holds from before its store until it is inside wait().

void Parker::park(Ticket ticket) {
  std::unique_lock lock(mutex_);
  sleeping_.store(true, std::memory_order_seq_cst);
  if (epoch_.load(std::memory_order_seq_cst) == ticket) wake_.wait(lock);
  sleeping_.store(false, std::memory_order_relaxed);
}

void Parker::park_for(Ticket ticket, std::chrono::microseconds timeout) {
  std::unique_lock lock(mutex_);
  sleeping_.store(true, std::memory_order_seq_cst);
  if (epoch_.load(std::memory_order_seq_cst) == ticket) wake_.wait_for(lock, timeout);
  sleeping_.store(false, std::memory_order_relaxed);
}

void Parker::ring() {
  epoch_.fetch_add(1, std::memory_order_seq_cst);
  if (sleeping_.load(std::memory_order_seq_cst)) {
    std::lock_guard lock(mutex_);
    wake_.notify_one();
  }
}

}  // namespace splitlab::parallel
