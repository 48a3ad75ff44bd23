// Compares two node logs of one position (search::NodeLog): one thread's search and a parallel
// search's, node by node, to say where the parallel search's extra nodes are (issue 48 item 2).
//
// A node is a position (its hash) entered at a depth. For each (position, depth) the two logs
// have a and b records; min(a, b) of them are matched, the rest are a search's own nodes, put
// in one of three kinds by why the other search has no counterpart:
//   - new position: the other search never enters this position at all;
//   - other depth: it enters the position, but never at this depth (an extension, reduction or
//     IIR decided differently above it, or a different iteration);
//   - again: it enters the position at this depth, fewer times (a re-search, a repetition of
//     work another thread did, a split point's moves searched after a cutoff).
// The parallel search's extra nodes are its own nodes less one thread's own nodes, kind by kind.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/search/node_log.h"
#include "engine/search/search_types.h"

namespace splitlab::bench {

struct NodeLogSide {
  uint64_t nodes = 0;        // Records in the log.
  uint64_t new_positions = 0, other_depth = 0, again = 0;
  // Its own nodes (the three kinds together) by the outermost re-search above them.
  std::array<uint64_t, search::kResearchKinds> own_by_research{};
  uint64_t own() const { return new_positions + other_depth + again; }
};

struct NodeLogComparison {
  NodeLogSide one, many;  // One thread's search, and the parallel search.
  uint64_t matched = 0;
  // Of the parallel search's other-depth nodes: deeper than every depth one thread gave the
  // position, or shallower than every one (the rest lie between).
  uint64_t many_deeper = 0, many_shallower = 0;
  // Of the parallel search's nodes at a (position, depth) one thread also enters: those with a
  // window one thread never gave it there.
  uint64_t many_other_window = 0;
  // (position, depth) pairs both enter where IIR fired in one search and not in the other.
  uint64_t iir_differs = 0;
  // The parallel search's records that returned because their search stopped (a cut-off split
  // point, an abandoned Lazy SMP iteration), and those never finished by their thread.
  uint64_t many_aborted = 0, many_unfinished = 0;

  int64_t extra() const { return int64_t(many.nodes) - int64_t(one.nodes); }
  NodeLogComparison& operator+=(const NodeLogComparison& o);
};

NodeLogComparison compare_node_logs(std::vector<search::NodeRecord> one,
                                    std::vector<search::NodeRecord> many);

// What a log file says of itself.
struct NodeLogHeader {
  std::string position, fen, strategy;
  int threads = 1, depth = 0;
};

// A log file: a text header of two lines ("splitlab-node-log 1", then key=value fields) and the
// records as they lie in memory (little-endian, 24 bytes each). False with `error` set.
bool write_node_log(const std::string& path, const NodeLogHeader& header,
                    const std::vector<search::NodeRecord>& records, std::string& error);
// Reads one back; an error names the file and what is wrong with it.
bool read_node_log(const std::string& path, NodeLogHeader& header,
                   std::vector<search::NodeRecord>& records, std::string& error);

// The comparison as a readable table: the extra nodes by kind, as shares of one thread's.
std::string format_node_log_comparison(const NodeLogComparison& c);

}  // namespace splitlab::bench
