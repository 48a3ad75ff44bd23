// The Fruit 2.1 node-type predictor. Every node is labelled before it is searched:
//   the root is PV; a PV node's first child is PV and its later children are Cut (searched with
//   a null window, and re-searched as PV if they raise alpha); a Cut node's children are All and
//   an All node's children are Cut; a Cut node whose first move does not cut off becomes All.
// After the search, the actual type follows from the result: PV = exact score, Cut = fail high,
// All = fail low. The parallel strategies split only (predicted) PV and All nodes.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace splitlab::search {

enum class NodeType : uint8_t { kPV = 0, kCut = 1, kAll = 2 };
inline constexpr int kNodeTypes = 3;

constexpr const char* node_type_name(NodeType t) {
  return t == NodeType::kPV ? "PV" : t == NodeType::kCut ? "Cut" : "All";
}

// The type of the child searched with the given move number (0 = first) of a node of type
// `parent`, for a null-window (scout) child. A PV re-search of a child is PV.
constexpr NodeType child_node_type(NodeType parent, int move_number) {
  switch (parent) {
    case NodeType::kPV: return move_number == 0 ? NodeType::kPV : NodeType::kCut;
    case NodeType::kCut: return NodeType::kAll;
    case NodeType::kAll: return NodeType::kCut;
  }
  return NodeType::kCut;
}

// The type a node is treated as after one more move failed to cut off.
constexpr NodeType after_move_without_cutoff(NodeType current) {
  return current == NodeType::kCut ? NodeType::kAll : current;
}

// Counts of predicted (rows) against actual (columns) node types.
struct NodeTypeStats {
  std::array<std::array<uint64_t, kNodeTypes>, kNodeTypes> counts{};

  void record(NodeType predicted, NodeType actual) {
    ++counts[int(predicted)][int(actual)];
  }
  NodeTypeStats& operator+=(const NodeTypeStats& o) {
    for (int p = 0; p < kNodeTypes; ++p)
      for (int a = 0; a < kNodeTypes; ++a) counts[p][a] += o.counts[p][a];
    return *this;
  }
  uint64_t total() const {
    uint64_t t = 0;
    for (const auto& row : counts)
      for (uint64_t c : row) t += c;
    return t;
  }
  // The share of nodes whose prediction was right.
  double accuracy() const {
    const uint64_t t = total();
    return t ? double(counts[0][0] + counts[1][1] + counts[2][2]) / double(t) : 0.0;
  }
  // A 3x3 table with row and column headings, for bench and info output.
  std::string table() const;
};

}  // namespace splitlab::search
