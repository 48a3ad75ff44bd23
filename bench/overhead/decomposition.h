// The overhead experiment's summary of one strategy: its searches' counters pooled against one
// thread's on the same positions, and taken apart into parts (by re-search class, node type,
// ply, waste at split points, depth rules, node-log kinds).
#pragma once

#include <string>
#include <vector>

#include "bench/overhead/rows.h"
#include "bench/stats/statistics.h"

namespace splitlab::bench::overhead {

// Sums of the rows of one configuration, over the positions and repeats both sides have.
struct Totals {
  Row sum;
  int searches = 0;
  void add(const Row& r) {
    sum.nodes += r.nodes;
    sum.qnodes += r.qnodes;
    sum.accounting += r.accounting;
    sum.cut_waste_nodes += r.cut_waste_nodes;
    sum.aborted_nodes += r.aborted_nodes;
    sum.stale_researches += r.stale_researches;
    sum.splits += r.splits;
    sum.deferred_moves += r.deferred_moves;
    sum.seconds += r.seconds;
    ++searches;
  }
};

// One line of the decomposition: a part of the nodes at one thread and at N.
struct Part {
  std::string line, item;
  double one = 0, many = 0;
};

struct StrategySummary {
  std::string strategy;
  int threads = 0;
  int searches = 0;
  Totals one, many;
  Interval node_ratio;  // Geometric mean of the per-search ratios, as scale reports it.
  std::vector<Part> parts;
  int node_logs = 0;  // Searches with a node-log comparison, pooled in `node_log`.
  NodeLogComparison node_log;
};

// Fills s.parts from s.one, s.many and the node logs.
void decompose(StrategySummary& s);

}  // namespace splitlab::bench::overhead
