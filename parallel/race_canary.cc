#include "parallel/race_canary.h"

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

namespace splitlab::parallel {
namespace {

std::atomic<int> writes{0};
std::mutex writers_mutex;
std::set<std::thread::id>* writers = new std::set<std::thread::id>();

}  // namespace

[[gnu::noinline]] void write_race_canary(int* target) {
  *target += 1;  // The race: no lock, no atomic.
  writes.fetch_add(1, std::memory_order_relaxed);
  // After the race, so that this lock does not order one thread's write before another's.
  std::lock_guard lock(writers_mutex);
  writers->insert(std::this_thread::get_id());
}

int race_canary_writes() { return writes.load(std::memory_order_relaxed); }

int race_canary_threads() {
  std::lock_guard lock(writers_mutex);
  return int(writers->size());
}

}  // namespace splitlab::parallel
