// What a search's work costs, for a simulated run: `splitlab simulate` runs the same search
// core and strategies on virtual CPUs (bench/simulate/virtual_cpus.h) whose clocks advance by a cost
// model, and a worker with a meter reports each unit of work to it as it does it. A real
// search has no meter: each report is then one untaken branch.
//
// The meter may switch to another virtual CPU inside any report except lock() and unlock(),
// and never while this CPU holds a lock (between lock() and unlock()): the search calls them
// around every critical section of a split point, which is never left open across a node.
#pragma once

#include <cstdint>

namespace splitlab::search {

class WorkMeter {
 public:
  enum class Work : uint8_t {
    kInteriorNode,    // A full-width node entered and counted.
    kQuiescenceNode,  // A quiescence node counted.
    kEvaluation,      // A static evaluation.
    kSplit,           // A split point made from a frame (the position and ordering copied).
    kJoin,            // A helper joined a split point (the position and ordering copied).
    kRemoteLine,      // A line another CPU writes, read to coordinate (DTS's offers): a miss.
  };

  virtual ~WorkMeter() = default;
  virtual void charge(Work work) = 0;
  // A table probe and a table store of `key`: their cost depends on whether the table's line
  // is in this CPU's cache (it is not once another CPU has written it).
  virtual void probe(uint64_t key) = 0;
  virtual void store(uint64_t key) = 0;
  // The critical section of the lock at `lock`: a CPU that wants it while another holds it
  // waits in virtual time until it is free.
  virtual void lock(const void* lock) = 0;
  virtual void unlock(const void* lock) = 0;
};

}  // namespace splitlab::search
