// A thread's frame of one ply (SearchFrame) and the phases it resumes in, apart from the split
// point (split_point.h), which holds a TBB lock: the search worker's declaration, and every
// file that includes it, needs only the frame and a pointer to a split point.
#pragma once

#include <cstdint>

#include "engine/core/score.h"
#include "engine/search/move_picker.h"
#include "engine/search/node_type.h"
#include "engine/search/search_game.h"
#include "engine/search/search_types.h"

namespace splitlab::search {

// Where a frame stands; a frame waiting on a child resumes in the matching kAfter* phase.
enum class FramePhase : uint8_t {
  kEnter,
  kAfterNullMove,
  kAfterVerification,
  kNextMove,
  kAfterChild,
  kAfterSingular,  // The search without the table move (singular extension) returned.
};

// Which search of the current move the child is: reduced scout, full-depth scout, or the PV
// re-search with the full window.
enum class ChildSearch : uint8_t { kReduced, kScout, kFullWindow };

template <SearchGame G>
struct SplitPoint;

// The state of one ply of a thread's tree: everything the search needs to resume the node.
template <SearchGame G>
struct SearchFrame {
  using Move = typename G::Move;
  // Set by the parent.
  Score alpha, beta;
  Depth depth;
  NodeType predicted;
  bool null_allowed;
  // Node state.
  FramePhase phase;
  NodeType type;  // The prediction as it evolves (a Cut node becomes All).
  bool in_check;
  Score original_alpha;
  Score static_eval;
  bool improving;  // Static eval above the same side's two plies up (SearchFeatures::improving).
  Score best_score;
  Move best_move;
  Move table_move;
  // What the table said of this node (table_depth -1: nothing), for singular extensions.
  Score table_score;
  int table_depth;
  bool table_lower_bound;  // A lower or exact bound: the table move was at least this good.
  // Set by the parent: a search of the parent's own position without this move (singular
  // extension). Such a node neither reads nor writes the table and is never split.
  Move excluded_move;
  bool singular_extend;  // The table move is singular here: searched a ply deeper.
  int moves_searched;
  int moves_pruned;  // Skipped by a pruning rule (SearchFeatures), not searched.
  int move_number;  // Of the current move (0 = first).
  Move current;
  bool current_is_quiet;
  int current_history_index;  // Of `current`, on the position before it (counter moves).
  ChildSearch child_search;
  Depth child_depth;  // Full (unreduced) depth of the current move's child.
  Score child_alpha;  // The alpha the current child's null-window search was given.
  int reduction;
  Score child_value;  // Set when a child returns.
  // A mark on this thread's subtree clock when the node was entered (while saved in a split
  // point: the nodes searched under it so far, which the adopting thread turns into a mark).
  uint64_t nodes_at_entry;
  uint64_t nodes_at_move;  // At a split frame: this thread's node count when it took `current`.
  uint64_t clock_at_move;  // ... and its subtree clock (SplitPoint::move_nodes).
  // The outermost re-search above this node, if any (NodeAccounting; a helper's split frame
  // inherits its owner's).
  Research research;
  Research child_research;  // The current child search is a re-search of this class.
  // With SharedSearchState::node_log: this node's record, in thread log_thread's log (-1:
  // none). Only that thread finishes it (a DTS frame another thread adopts is left unfinished).
  int64_t log_index;
  int log_thread;
  // At a split frame: the current child is a re-search counted in the split point's
  // pending_researches.
  bool holds_pending;
  SplitPoint<G>* split;  // Non-null: the moves come from this split point.
  // With `split`: whether this frame carries the node's continuation (the owner's frame, or
  // frames adopted from it under DTS) rather than a helper's share of the work.
  bool holds_split;
  MovePicker<G> picker;
  int quiets_tried_count;
  Move quiets_tried[64];
  // Moves the strategy put off (ParallelPolicy::before_move) until the node's other moves are
  // searched: taken in order once the picker runs out, with the move numbers they had (which
  // decide their pruning and reductions), and never put off again. Not at split frames.
  static constexpr int kMaxPostponed = 32;
  int postponed_count;
  int postponed_taken;
  // The current move's search was announced to the strategy (before_move), which hears when
  // it ends (move_searched).
  bool announced;
  Move postponed[kMaxPostponed];
  int16_t postponed_numbers[kMaxPostponed];
};

}  // namespace splitlab::search
