// Where threads may run, and pinning them there: the CPUs this process may use, ordered so that
// the first N are N distinct physical cores (sockets in turn, hyperthread siblings only after
// every core has one thread), read from Linux's sysfs as hwloc reads it. Used by the search's
// thread pool (ThreadAffinity, scale --affinity: one thread per core) and by the match runner's
// game slots (match --affinity).
#pragma once

#include <string>
#include <vector>

namespace splitlab::util {

struct CpuPlace {
  int cpu = 0;      // The kernel's CPU number.
  int package = 0;  // Socket (physical_package_id).
  int core = 0;     // Core within the socket (core_id).
};

// The CPUs in the order threads take them: first hardware thread of every core (by socket, then
// core), then the second of each, and so on.
std::vector<int> order_cores_first(std::vector<CpuPlace> places);

// Where this process may run (sched_getaffinity), placed by sysfs; a CPU whose topology files
// are missing counts as a core of its own in socket 0.
std::vector<CpuPlace> usable_cpus();

// Pins the calling thread, and so every thread and process it starts from now on, to `cpus`.
bool pin_this_thread(const std::vector<int>& cpus, std::string& error);

// The CPUs the calling thread may run on now.
std::vector<int> this_thread_cpus();

// "0-3,8,10-11".
std::string cpu_list_text(const std::vector<int>& cpus);

// Pins the calling thread to `cpus` (if any: an empty list leaves it alone) for its lifetime,
// then gives it back the CPUs it had.
class ScopedPin {
 public:
  explicit ScopedPin(const std::vector<int>& cpus);
  ~ScopedPin();
  ScopedPin(const ScopedPin&) = delete;
  ScopedPin& operator=(const ScopedPin&) = delete;

 private:
  bool pinned_ = false;
  std::vector<int> before_;
};

}  // namespace splitlab::util
