#include "engine/util/cpu_topology.h"

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <tuple>
#include <utility>

namespace splitlab::util {

namespace {

int read_topology_number(int cpu, const char* name, int fallback) {
  std::ifstream in("/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/" + name);
  int value = fallback;
  if (!(in >> value)) return fallback;
  return value;
}

}  // namespace

std::vector<int> order_cores_first(std::vector<CpuPlace> places) {
  std::sort(places.begin(), places.end(),
            [](const CpuPlace& a, const CpuPlace& b) { return a.cpu < b.cpu; });
  // A CPU's hardware thread within its core: 0 for the lowest-numbered sibling, 1 for the next.
  std::map<std::pair<int, int>, int> siblings_seen;
  std::vector<std::tuple<int, int, int, int>> keyed;  // thread, package, core, cpu
  for (const CpuPlace& p : places) {
    const int thread = siblings_seen[{p.package, p.core}]++;
    keyed.emplace_back(thread, p.package, p.core, p.cpu);
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<int> order;
  for (const auto& k : keyed) order.push_back(std::get<3>(k));
  return order;
}

std::vector<CpuPlace> usable_cpus() {
  std::vector<CpuPlace> places;
  for (int cpu : this_thread_cpus()) {
    // Without topology files each CPU is a core of its own.
    places.push_back({cpu, read_topology_number(cpu, "physical_package_id", 0),
                      read_topology_number(cpu, "core_id", 100000 + cpu)});
  }
  return places;
}

std::vector<int> this_thread_cpus() {
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
  return cpus;
}

bool pin_this_thread(const std::vector<int>& cpus, std::string& error) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus) CPU_SET(cpu, &set);
  // sched_setaffinity with pid 0 sets the calling thread's mask (a thread is a task on Linux).
  if (sched_setaffinity(0, sizeof set, &set) != 0) {
    error = "cannot pin a thread to CPUs " + cpu_list_text(cpus) + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

ScopedPin::ScopedPin(const std::vector<int>& cpus) {
  if (cpus.empty()) return;
  before_ = this_thread_cpus();
  if (before_.empty()) return;
  std::string error;  // A refused pin leaves the thread where it was: nothing to undo.
  pinned_ = pin_this_thread(cpus, error);
}

ScopedPin::~ScopedPin() {
  std::string error;
  if (pinned_) pin_this_thread(before_, error);
}

std::string cpu_list_text(const std::vector<int>& cpus) {
  std::vector<int> sorted = cpus;
  std::sort(sorted.begin(), sorted.end());
  std::string text;
  for (size_t i = 0; i < sorted.size();) {
    size_t j = i;
    while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) ++j;
    if (!text.empty()) text += ",";
    text += std::to_string(sorted[i]);
    if (j > i) text += "-" + std::to_string(sorted[j]);
    i = j + 1;
  }
  return text;
}

}  // namespace splitlab::util
