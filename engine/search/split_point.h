// A split point: a node of the tree whose remaining moves several threads search together.
//
// The owner creates it from one of its frames: the position at the node, the window, the best
// score and move so far and the move picker with the moves not yet searched move here, and the
// frame becomes a "split frame" that takes its moves from the split point. Helpers copy the
// position and take moves under the lock. A result that reaches beta sets `cutoff`, which every
// thread working below this node sees at its next node and unwinds (their work is wasted).
//
// Who finishes the node differs by strategy. YBWC: the owner waits until its helpers are done,
// helping only them meanwhile (it offers itself through `owner_idle`, which only threads
// working below this node look at). DTS: nobody waits; a thread that runs out of moves leaves, and the
// last one to leave backs the value up and carries on with the parent frames. So that a thread
// other than the owner can carry on, the owner, when it leaves while others still work, saves the
// frames between its base and this node into the split point (`saved_frames`).
//
// Split points belong to the thread that makes them (each thread has a few, allocated by
// itself); `in_use` says whether one is taken. Whoever finishes the node releases it.
//
// Subtree sizes (for the size-based table policies) count every thread's nodes: each frame's
// nodes_at_entry is a mark on its thread's subtree clock (SearchWorker::subtree_clock), which
// counts the thread's own nodes plus the nodes its helpers searched under split nodes it
// finished. A helper adds the nodes it searched here to `helper_nodes` when it leaves; saved
// frames carry the nodes searched under them so far instead of a mark, since a mark means
// nothing on another thread's clock.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include <tbb/spin_mutex.h>

#include "engine/core/score.h"
#include "engine/search/history.h"
#include "engine/search/move_picker.h"
#include "engine/search/node_type.h"
#include "engine/search/search_frame.h"
#include "engine/search/search_game.h"
#include "engine/search/search_types.h"

namespace splitlab::search {

template <SearchGame G>
struct SplitPoint {
  using Position = typename G::Position;
  using Move = typename G::Move;

  // Fixed when the split point is made.
  Position position;  // At the split node.
  int ply = 0;
  Depth depth = 0;
  Score beta = 0;
  NodeType predicted = NodeType::kPV;  // As predicted on entry to the node.
  NodeType type = NodeType::kPV;       // As predicted when split.
  bool in_check = false;
  Score original_alpha = 0;
  Score static_eval = 0;
  bool improving = false;
  Move table_move;
  Research research = Research::kNone;  // Of the split frame: its helpers' nodes belong to it.
  int owner = 0;
  // The owner's; only the owner sets it (when it makes the split point), anyone clears it.
  std::atomic<bool> in_use{false};
  // The owner's move-ordering memory when it split: a helper starts from it, so that it orders
  // the split node's moves and their refutations (killers at the children) as the owner would.
  Killers<Move> killers;
  History history;
  // Read at every node by every thread below this split point (should_abort), written about
  // once: a line of their own, so that the writes of the lines below (each move taken or
  // finished) do not make every other thread miss in its cache at every node.
  //
  // The split point enclosing this node in the owner's tree, if any. Atomic because DTS may
  // later split a shallower frame of the same tree, which then encloses this one.
  alignas(64) std::atomic<SplitPoint*> parent{nullptr};
  std::atomic<bool> cutoff{false};
  // SplitJoin=late: the split point takes threads that join late. Set (release) once it is
  // made; cleared under the mutex by the first thread to leave it (its moves ran out, or it
  // was aborted), so that a thread that finds it set under the mutex joins a live split point
  // that nobody can finish before it leaves. `open_depth` is its depth, for choosing among
  // open ones without the mutex.
  std::atomic<bool> open{false};
  std::atomic<int> open_depth{0};

  // YBWC: the owner waits here with no work and may be booked, by a thread working below
  // this node. A booking clears it (exchange); so does the owner when it stops waiting.
  alignas(64) std::atomic<bool> owner_idle{false};

  alignas(64) tbb::spin_mutex mutex;
  // GUARDED_BY(mutex):
  MovePicker<G> picker;
  int moves_handed_out = 0;  // Move numbers of the moves taken (LMR depends on them).
  int moves_searched = 0;
  Score best_score = -kInfiniteScore;
  Move best_move;
  std::vector<Move> pv;  // From this node, when a PV node's alpha was raised.
  // Threads (or saved continuations) still working here; changed under the mutex, read
  // without it by a waiting YBWC owner.
  std::atomic<int> workers{0};
  int helpers_joined = 0;
  uint64_t helper_nodes = 0;  // Subtree-clock nodes the helpers searched here, as they left.
  // Subtree-clock nodes spent on each move (by move number) since the split, by every thread,
  // finished or thrown away; when the node cuts off, those of the moves after the cutting one
  // are work one thread would not have done (ParallelThreadStats::cut_waste_nodes). Under DTS a
  // move in hand when its frame is adopted counts from the adoption.
  std::vector<uint64_t> move_nodes;
  int cut_move_number = -1;  // The first move that reached beta here, or -1.
  // Re-searches (late-move or PVS) of moves under way here, and the moves whose first search
  // beat alpha while one was. One thread searches a move after the re-searches of the moves
  // before it, at the alpha they set; so such a move waits, with its number, until no re-search
  // is under way, and is then searched again from the start at the alpha of that moment, before
  // any new move. The thread that ends the last re-search takes it (a thread with nothing else to
  // do leaves: someone under way will come back).
  int pending_researches = 0;
  std::vector<std::pair<Move, int>> deferred;
  uint64_t owner_nodes = 0;   // DTS: nodes under the owner's split frame when it left.
  bool frames_saved = false;  // DTS: the owner left; its frames wait here for the last one.
  int saved_base = 0;
  std::vector<SearchFrame<G>> saved_frames;  // Frames saved_base .. ply-1,
  std::vector<std::vector<Move>> saved_pv;   // and their principal variations.

  std::atomic<Score> alpha{0};  // Written under the mutex; read without it for windows.

  // Whether this split point or any enclosing one has been cut off.
  bool cut_off_here_or_above() const {
    for (const SplitPoint* sp = this; sp; sp = sp->parent.load(std::memory_order_relaxed))
      if (sp->cutoff.load(std::memory_order_relaxed)) return true;
    return false;
  }
};

}  // namespace splitlab::search
