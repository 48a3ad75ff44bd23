// A per-node log of a search (issue 48): one compact record for every full-width node a
// thread enters, with the window and depth it was given and the value it returned. Two logs of
// one position (one thread's and a parallel search's) show what counters cannot: positions one
// thread never visits, positions searched at another depth or again (bench/overhead/node_log_compare.h).
//
// Off by default and free then: the worker tests one pointer (SharedSearchState::node_log) per
// node. Each thread appends to its own vector only, so no record is shared while a search runs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/core/score.h"
#include "engine/search/node_type.h"
#include "engine/search/search_types.h"

namespace splitlab::search {

struct NodeRecord {
  uint64_t key = 0;     // The position's hash.
  int16_t alpha = 0;    // The window the node was entered with (after mate-distance pruning).
  int16_t beta = 0;
  int16_t value = 0;    // What it returned: valid with kFinished.
  int8_t depth = 0;     // As the parent gave it, before the node's own IIR.
  uint8_t ply = 0;
  uint8_t thread = 0;
  uint8_t flags = 0;    // kResearchMask: the outermost re-search above it; the rest below.
  uint16_t reserved = 0;
  uint32_t sequence = 0;  // The record's place in its thread's log (the thread's node count).

  static constexpr uint8_t kResearchMask = 0x07;  // search::Research.
  static constexpr uint8_t kTypeShift = 3;         // Predicted NodeType, two bits.
  static constexpr uint8_t kTypeMask = 0x18;
  static constexpr uint8_t kFinished = 0x20;  // `value` was set when the node returned.
  static constexpr uint8_t kAborted = 0x40;   // The node returned because its search stopped.
  static constexpr uint8_t kIir = 0x80;       // The node searched itself a ply shallower (IIR).

  Research research() const { return Research(flags & kResearchMask); }
  NodeType predicted() const { return NodeType((flags & kTypeMask) >> kTypeShift); }
};
static_assert(sizeof(NodeRecord) == 24, "the node log's file format is this record");

inline int16_t clamp_to_record(Score s) {
  return int16_t(std::clamp<Score>(s, -kInfiniteScore, kInfiniteScore));
}

// The records of one search, a vector per thread. Sized before the search (threads count) and
// read after it; during it, thread i appends to thread(i) only.
class NodeLog {
 public:
  void reset(int threads) {
    threads_.assign(size_t(std::max(threads, 1)), {});
  }
  int threads() const { return int(threads_.size()); }
  std::vector<NodeRecord>& thread(int i) { return threads_[size_t(i)]; }
  const std::vector<NodeRecord>& thread(int i) const { return threads_[size_t(i)]; }
  size_t size() const {
    size_t n = 0;
    for (const auto& t : threads_) n += t.size();
    return n;
  }
  // Every thread's records, thread by thread, each in its own order.
  std::vector<NodeRecord> merged() const {
    std::vector<NodeRecord> all;
    all.reserve(size());
    for (const auto& t : threads_) all.insert(all.end(), t.begin(), t.end());
    return all;
  }

  // The worker's side. Returns the record's index in the thread's log.
  int64_t begin(int thread, uint64_t key, Score alpha, Score beta, Depth depth, int ply,
                Research research, NodeType predicted) {
    if (thread < 0 || size_t(thread) >= threads_.size()) return -1;
    auto& log = threads_[size_t(thread)];
    NodeRecord r;
    r.key = key;
    r.alpha = clamp_to_record(alpha);
    r.beta = clamp_to_record(beta);
    r.depth = int8_t(std::clamp(depth, -128, 127));
    r.ply = uint8_t(std::clamp(ply, 0, 255));
    r.thread = uint8_t(std::min(thread, 255));
    r.flags = uint8_t((uint8_t(research) & NodeRecord::kResearchMask) |
                      ((uint8_t(predicted) << NodeRecord::kTypeShift) & NodeRecord::kTypeMask));
    r.sequence = uint32_t(log.size());
    log.push_back(r);
    return int64_t(log.size()) - 1;
  }
  void mark(int thread, int64_t index, uint8_t flag) {
    if (auto* r = at(thread, index)) r->flags |= flag;
  }
  void finish(int thread, int64_t index, Score value, bool aborted) {
    if (auto* r = at(thread, index)) {
      r->value = clamp_to_record(value);
      r->flags |= NodeRecord::kFinished | (aborted ? NodeRecord::kAborted : 0);
    }
  }

 private:
  NodeRecord* at(int thread, int64_t index) {
    if (thread < 0 || size_t(thread) >= threads_.size() || index < 0) return nullptr;
    auto& log = threads_[size_t(thread)];
    return size_t(index) < log.size() ? &log[size_t(index)] : nullptr;
  }
  std::vector<std::vector<NodeRecord>> threads_;
};

}  // namespace splitlab::search
