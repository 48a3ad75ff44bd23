// The search core: principal variation search over an explicit per-ply stack of frames.
//
// The search is written as a loop over frames, not as a recursive function, so that the state
// of every ply of a thread's tree (window, best score and move, move list and position in it,
// node type, and what the node is waiting for) is data that another thread can read. DTS
// (parallel/) splits at any ply of a busy thread's tree and lets whichever thread finishes a
// split node carry on with its parent; a recursive search keeps that state in machine stack
// frames where no other thread can reach it. Quiescence is never split and stays recursive.
//
// A single-threaded search is deterministic: the same node count and move on every run.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/core/score.h"
#include "engine/search/history.h"
#include "engine/search/move_picker.h"
#include "engine/search/node_type.h"
#include "engine/search/search_game.h"
#include "engine/search/search_types.h"
#include "hashing/tt.h"

namespace splitlab::search {

// State shared by every thread of one search.
struct SharedSearchState {
  hashing::TranspositionTable* table = nullptr;
  std::atomic<bool> stop{false};
};

template <SearchGame G>
class SearchWorker {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;

  struct RootMove {
    Move move;
    Score score = -kInfiniteScore;
    Score previous_score = -kInfiniteScore;
    std::vector<Move> pv;
  };

  SearchWorker(SharedSearchState& shared, int thread_index)
      : shared_(shared), thread_index_(thread_index), history_(G::kHistorySize) {
    init_reductions();
  }

  // Sets the root; `allowed` restricts the root moves (empty: all legal moves).
  void set_root(const Position& pos, const std::vector<Move>& allowed);
  void clear_history() {
    killers_.clear();
    history_.clear();
  }

  // One iteration: the root searched to `depth` within (alpha, beta). Afterwards root_moves()
  // is ordered best first. When the search is stopped, aborted() is true and only root moves
  // completed before the stop carry scores.
  Score search_root(Depth depth, Score alpha, Score beta);

  bool aborted() const { return aborted_; }
  const std::vector<RootMove>& root_moves() const { return root_moves_; }
  const Position& root_position() const { return root_; }
  // Completed root moves of the current iteration (0 until the first one is done).
  int root_moves_completed() const { return root_moves_completed_; }

  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  int seldepth() const { return seldepth_; }
  const SearchStats& stats() const { return stats_; }
  void reset_stats() {
    stats_ = SearchStats();
    nodes_.store(0, std::memory_order_relaxed);
    seldepth_ = 0;
  }

  // Called every kCheckInterval nodes by the thread that owns time control; may set stop.
  std::function<void()> on_periodic_check;
  static constexpr uint64_t kCheckInterval = 1024;

 private:
  // Where a frame stands; a frame waiting on a child resumes in the matching kAfter* phase.
  enum class Phase : uint8_t {
    kEnter,
    kAfterNullMove,
    kAfterVerification,
    kNextMove,
    kAfterChild,
  };
  // Which search of the current move the child is: reduced scout, full-depth scout, or the
  // PV re-search with the full window.
  enum class ChildSearch : uint8_t { kReduced, kScout, kFullWindow };
  enum class Action : uint8_t { kPushChild, kReturn, kContinue };

  struct Frame {
    // Set by the parent.
    Score alpha, beta;
    Depth depth;
    NodeType predicted;
    bool null_allowed;
    // Node state.
    Phase phase;
    NodeType type;  // The prediction as it evolves (a Cut node becomes All).
    bool in_check;
    Score original_alpha;
    Score static_eval;
    Score best_score;
    Move best_move;
    Move table_move;
    int moves_searched;
    Move current;
    bool current_is_quiet;
    ChildSearch child_search;
    Depth child_depth;  // Full (unreduced) depth of the current move's child.
    int reduction;
    Score child_value;  // Set when a child returns.
    uint64_t nodes_at_entry;
    MovePicker<G> picker;
    int quiets_tried_count;
    Move quiets_tried[64];
  };

  void init_reductions();
  Action enter_node(int ply);
  // Sets up the move loop of a node (after the pruning steps at its entry).
  Action start_moves(int ply);
  Action after_null_move(int ply);
  Action after_verification(int ply);
  Action next_move(int ply);
  Action after_child(int ply);
  Action finish_node(int ply);
  Action push_child(int ply, Score alpha, Score beta, Depth depth, NodeType type,
                    bool null_allowed, Phase resume);
  Action return_value(int ply, Score value);
  Score quiescence(Score alpha, Score beta, int ply);
  void count_node(int ply);
  void update_pv(int ply, Move m);
  void update_quiet_stats(Frame& f, int ply, Move best);

  SharedSearchState& shared_;
  int thread_index_;
  Position root_;
  Position pos_;
  std::vector<RootMove> root_moves_;
  int root_moves_completed_ = 0;
  Frame frames_[kMaxPly + 2];
  Move pv_[kMaxPly + 2][kMaxPly + 2];
  int pv_length_[kMaxPly + 2];
  Score returned_ = 0;
  bool aborted_ = false;
  Killers<Move> killers_;
  History history_;
  std::atomic<uint64_t> nodes_{0};
  int seldepth_ = 0;
  SearchStats stats_;
  uint8_t reductions_[64][64];
};

}  // namespace splitlab::search

#include "engine/search/search_worker_impl.h"
