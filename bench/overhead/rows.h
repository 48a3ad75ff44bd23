// The rows of overhead's files: runs.csv (one search's counters, summed over its threads) and
// nodelog.csv (an N-thread search's node log against its position's 1-thread log), with their
// CSV forms, read back when an interrupted run resumes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/overhead/node_log_compare.h"
#include "engine/search/search_types.h"

namespace splitlab::bench::overhead {

// One search's counters, summed over its threads.
struct Row {
  std::string strategy;  // "none" for the 1-thread search.
  int threads = 1;
  int repeat = 0;
  std::string position;
  int depth = 0;
  double seconds = 0;
  uint64_t nodes = 0, qnodes = 0;
  search::NodeAccounting accounting;
  uint64_t cut_waste_nodes = 0, aborted_nodes = 0, stale_researches = 0, splits = 0;
  uint64_t deferred_moves = 0;

  std::string key() const {
    return strategy + "|" + std::to_string(threads) + "|" + std::to_string(repeat) + "|" +
           position + "|" + std::to_string(depth);
  }
};

std::string runs_header();
std::string to_csv(const Row& r);
bool from_csv(const std::string& line, Row& r);

// One N-thread search's node log against its position's 1-thread log (nodelog.csv).
struct NodeLogRow {
  std::string strategy, position;
  int threads = 2, repeat = 0, depth = 0;
  NodeLogComparison comparison;

  std::string key() const {
    return strategy + "|" + std::to_string(threads) + "|" + std::to_string(repeat) + "|" +
           position + "|" + std::to_string(depth);
  }
};

std::string node_log_header();
std::string to_csv(NodeLogRow r);
bool node_log_from_csv(const std::string& line, NodeLogRow& r);

}  // namespace splitlab::bench::overhead
