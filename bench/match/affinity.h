// --affinity: each game slot (one of --concurrency games at once on a machine) gets cores of its
// own, as many as the most Threads of an engine, and both engines of its game run there: they
// never think at once, and no two games share a core. The slot's worker thread pins itself, so
// every engine process it starts inherits the cores from its first instruction (an engine
// pinned after it started would have started its thread pool anywhere).
//
// The topology comes from Linux's sysfs (engine/util/cpu_topology.h): the CPUs this process may
// use are ordered by hardware thread, then socket, then core, so that a slot takes distinct
// physical cores of one socket while there are enough, and hyperthread siblings only after.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/util/cpu_topology.h"

namespace splitlab::bench::match {

using util::cpu_list_text;
using util::CpuPlace;
using util::pin_this_thread;
using util::ScopedPin;
using util::usable_cpus;

// The CPUs in the order slots take them (util::order_cores_first).
inline std::vector<int> order_for_slots(std::vector<CpuPlace> places) {
  return util::order_cores_first(std::move(places));
}

// Slot k's CPUs: entries [k * threads, (k + 1) * threads) of `order`. Fails naming the shortfall
// when slots * threads exceeds the CPUs.
bool cpus_per_slot(const std::vector<int>& order, int slots, int threads,
                   std::vector<std::vector<int>>& out, std::string& error);

}  // namespace splitlab::bench::match
