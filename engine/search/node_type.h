// The Fruit 2.1 node-type predictor. Every node is labelled before it is searched:
//   the root is PV; a PV node's first child is PV and its later children are Cut (searched with
//   a null window, and re-searched as PV if they raise alpha); a Cut node's children are All and
//   an All node's children are Cut; a Cut node whose first move does not cut off becomes All.
// After the search, the actual type follows from the result: PV = exact score, Cut = fail high,
// All = fail low. The parallel strategies split only (predicted) PV and All nodes.
//
// The statistics count the nodes whose moves were searched (those that reach the end of their
// move loop or a cutoff in it); nodes answered by the table, the null move or the pruning at
// entry have no move to predict and are not counted. They are kept per draft (the remaining
// depth of the node, as stored in its table entry), since the prediction degrades with depth.
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
    case NodeType::kPV:
      return move_number == 0 ? NodeType::kPV : NodeType::kCut;
    case NodeType::kCut:
      return NodeType::kAll;
    case NodeType::kAll:
      return NodeType::kCut;
  }
  return NodeType::kCut;
}

// The type a node is treated as after one more move failed to cut off.
constexpr NodeType after_move_without_cutoff(NodeType current) {
  return current == NodeType::kCut ? NodeType::kAll : current;
}

// Drafts 1 .. kDeepestSingleDraft have a bucket each; deeper drafts share the last one.
inline constexpr int kDeepestSingleDraft = 20;
inline constexpr int kDraftBuckets = kDeepestSingleDraft + 1;

// The bucket of a draft (a node's remaining depth): draft 1 is bucket 0. Drafts below 1 (never
// counted: such nodes go to quiescence) fall into bucket 0 rather than outside the array.
constexpr int draft_bucket(int draft) {
  return draft <= 1 ? 0 : draft > kDeepestSingleDraft ? kDraftBuckets - 1 : draft - 1;
}
// "1" .. "20", and ">20" for the last bucket.
std::string draft_bucket_name(int bucket);

// Predicted (rows) against actual (columns) node types.
using NodeTypeMatrix = std::array<std::array<uint64_t, kNodeTypes>, kNodeTypes>;

uint64_t matrix_total(const NodeTypeMatrix& m);
// The share of nodes whose prediction was right (the diagonal); 0 for an empty matrix.
double matrix_accuracy(const NodeTypeMatrix& m);
// A 3x3 table with row and column headings and the share right per row, then a summary line;
// every line starts with `indent`.
std::string matrix_table(const NodeTypeMatrix& m, const std::string& indent = "");

// Counts of one thread's search, summed over threads and positions afterwards with +=.
struct NodeTypeStats {
  NodeTypeMatrix counts{};  // Every draft: what bench prints.
  std::array<NodeTypeMatrix, kDraftBuckets> counts_by_draft{};
  // Of the actual Cut nodes, by draft and predicted type: those that failed high on the first
  // move searched (Hyatt reports over 90% for a well-ordered engine). The others, which cut
  // on a later move, are the rest of counts_by_draft[draft][predicted][Cut].
  std::array<std::array<uint64_t, kNodeTypes>, kDraftBuckets> first_move_cuts{};

  // One node of this draft, finished after `moves_searched` moves (a Cut node cut on the last).
  void record(int draft, NodeType predicted, NodeType actual, int moves_searched) {
    const int bucket = draft_bucket(draft);
    ++counts[int(predicted)][int(actual)];
    ++counts_by_draft[bucket][int(predicted)][int(actual)];
    if (actual == NodeType::kCut && moves_searched == 1) ++first_move_cuts[bucket][int(predicted)];
  }
  NodeTypeStats& operator+=(const NodeTypeStats& o);

  uint64_t total() const { return matrix_total(counts); }
  double accuracy() const { return matrix_accuracy(counts); }

  // Actual Cut nodes, and those of them that cut on the first move: of one draft bucket, or
  // (bucket -1) of every draft.
  uint64_t cut_nodes(int bucket = -1) const;
  uint64_t first_move_cut_nodes(int bucket = -1) const;
  // first_move_cut_nodes / cut_nodes; 0 without Cut nodes.
  double first_move_cut_share(int bucket = -1) const;
  // The deepest bucket with a counted node, or -1 when there is none.
  int deepest_bucket() const;

  // The 3x3 table of every draft and a line with the first-move cut share, for bench.
  std::string table() const;
  // One draft bucket's 3x3 table under a heading line with its first-move cut share.
  std::string draft_table(int bucket) const;
  // One line per draft bucket: nodes, the share right per predicted type and in all, the
  // Cut nodes and the share of them that cut on the first move.
  std::string by_draft_summary() const;
};

}  // namespace splitlab::search
