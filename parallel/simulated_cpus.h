// What the thread pool and the strategies' teams need of simulated CPUs: the interface that the
// simulator's virtual CPUs (virtual_cpus.h) implement, so that the real pool depends on this
// alone and not on the simulator. A pool made with them runs its bodies on those CPUs (fibers
// on one OS thread), every worker reports its work to them (search::WorkMeter), and every wait
// of a team blocks its CPU in virtual time until another CPU rings it.
#pragma once

#include <cstdint>
#include <functional>

#include "engine/search/work_meter.h"

namespace splitlab::parallel {

// Why a simulated CPU is blocked.
enum class WaitReason : uint8_t {
  kNoWork,   // A free thread waits for a split point to join (or its iterations): starvation.
  kHelpers,  // A YBWC owner waits for its helpers to leave its split point.
};
inline constexpr int kWaitReasons = 2;

class SimulatedCpus : public search::WorkMeter {
 public:
  // Runs body(0..n-1), each on its own CPU, all at once; returns when every body has returned.
  virtual void run(const std::function<void(int)>& body) = 0;
  // In CPU `cpu` (the running one): returns once ready(); until then the CPU is blocked and
  // idle in virtual time, and runs again only when rung.
  template <typename Ready>
  void wait(int cpu, WaitReason why, Ready&& ready) {
    while (!ready()) block(cpu, why);
  }
  // Wakes `cpu` if it is blocked (after the wake-up latency); the running CPU pays the ring.
  virtual void ring(int cpu) = 0;

 protected:
  // Blocks the running CPU `cpu` until another rings it.
  virtual void block(int cpu, WaitReason why) = 0;
};

}  // namespace splitlab::parallel
