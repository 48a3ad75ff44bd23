// --affinity: each game slot (one of --concurrency games at once on a machine) gets cores of its
// own, as many as the most Threads of an engine, and both engines of its game run there: they
// never think at once, and no two games share a core. The slot's worker thread pins itself, so
// every engine process it starts inherits the cores from its first instruction (an engine
// pinned after it started would have started its thread pool anywhere).
//
// The topology comes from Linux's sysfs (what hwloc reads there too): the CPUs this process may
// use are ordered by hardware thread, then socket, then core, so that a slot takes distinct
// physical cores of one socket while there are enough, and hyperthread siblings only after.
#pragma once

#include <string>
#include <vector>

namespace splitlab::bench::match {

struct CpuPlace {
  int cpu = 0;      // The kernel's CPU number.
  int package = 0;  // Socket (physical_package_id).
  int core = 0;     // Core within the socket (core_id).
};

// The CPUs in the order slots take them (see above).
std::vector<int> order_for_slots(std::vector<CpuPlace> places);

// Where this process may run (sched_getaffinity), placed by sysfs; a CPU whose topology files
// are missing counts as a core of its own in socket 0.
std::vector<CpuPlace> usable_cpus();

// Slot k's CPUs: entries [k * threads, (k + 1) * threads) of `order`. Fails naming the shortfall
// when slots * threads exceeds the CPUs.
bool cpus_per_slot(const std::vector<int>& order, int slots, int threads,
                   std::vector<std::vector<int>>& out, std::string& error);

// Pins the calling thread, and so every process it starts from now on, to `cpus`.
bool pin_this_thread(const std::vector<int>& cpus, std::string& error);

// Pins the calling thread to `cpus` (if any) for its lifetime, then gives it back the CPUs it
// had: for the engines a match starts only to check them.
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

// "0-3,8,10-11".
std::string cpu_list_text(const std::vector<int>& cpus);

}  // namespace splitlab::bench::match
