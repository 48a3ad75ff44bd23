// Waiting that leaves the CPU: a thread spins for a while (most waits in a search are shorter
// than a wake-up from sleep), then sleeps until another thread rings it.
//
// Every thread of a pool has one Parker. A waiter takes a ticket, checks its condition, and
// parks with the ticket; whoever makes a condition true rings the waiter's parker afterwards.
// A ring that comes between the ticket and the park makes the park return at once, so no
// wake-up is lost whatever the interleaving (the ticket is an epoch the ring advances, and
// `sleeping_` tells the ringer whether it must take the mutex to notify: a ring costs one
// atomic add and one load when nobody sleeps, the common case during a search).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace splitlab::parallel {

class alignas(64) Parker {
 public:
  using Ticket = uint32_t;

  // Before checking the condition the waiter waits for.
  Ticket ticket() const { return epoch_.load(std::memory_order_seq_cst); }
  // Sleeps until rung after `ticket` was taken (at once if it already was). May also return
  // spuriously: callers check their condition again.
  void park(Ticket ticket);
  // The same, but at most for `timeout`.
  void park_for(Ticket ticket, std::chrono::microseconds timeout);
  // Wakes the owner if it sleeps, or makes its next park() with an older ticket return.
  void ring();

 private:
  std::atomic<Ticket> epoch_{0};
  std::atomic<bool> sleeping_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
};

// How long a waiter spins before it parks. A thread woken from sleep runs again only after tens
// of microseconds (and its waker pays a system call), which a YBWC owner waiting for its last
// helper spends on the critical path. Measured at 2 threads on 2 cores (bench, depth 11): a 40 us
// spin raised idle time from 3.4% to 4.5% and split cost from 0.2% to 0.6% of the threads' time;
// 1 ms gave the figures of the old yield loop. With more threads than cores a spinner takes the
// core a searching thread needs, so it parks almost at once: at 8 threads on 2 cores a 50 us
// spin cost a quarter more CPU time for the same search than 5 us.
inline constexpr std::chrono::microseconds kSpinWithOwnCore{1000};
inline constexpr std::chrono::microseconds kSpinOversubscribed{5};

// One step of a spin: tells the core (and a hyperthread sibling) that this is a busy wait.
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// Waits until ready() returns true: spins for `spin`, then parks on `parker`, calling tick()
// about every `tick_interval` while parked (the main thread keeps checking its time limits
// while it waits): each park is bounded by the interval.
template <typename Ready, typename Tick>
void wait_until(Parker& parker, std::chrono::microseconds spin, Ready&& ready, Tick&& tick,
                std::chrono::microseconds tick_interval) {
  using Clock = std::chrono::steady_clock;
  if (ready()) return;
  const auto spin_end = Clock::now() + spin;
  for (int i = 1;; ++i) {
    spin_pause();
    if (ready()) return;
    if (i % 64 == 0 && Clock::now() >= spin_end) break;
  }
  while (true) {
    const Parker::Ticket ticket = parker.ticket();
    if (ready()) return;
    if (tick_interval.count() > 0) {
      parker.park_for(ticket, tick_interval);
      tick();
    } else {
      parker.park(ticket);
    }
  }
}

// The same, with no tick: parks until rung.
template <typename Ready>
void wait_until(Parker& parker, std::chrono::microseconds spin, Ready&& ready) {
  wait_until(parker, spin, ready, [] {}, std::chrono::microseconds(0));
}

}  // namespace splitlab::parallel
