// The search core: principal variation search over an explicit per-ply stack of frames.
//
// The search is written as a loop over frames, not as a recursive function, so that the state
// of every ply of a thread's tree (window, best score and move, move list and position in it,
// node type, and what the node is waiting for) is data that another thread can read. A
// strategy may split at any ply of a busy thread's tree and let whichever thread finishes a
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
#include <mutex>
#include <optional>
#include <vector>

#include "engine/core/score.h"
#include "engine/search/history.h"
#include "engine/search/move_picker.h"
#include "engine/search/node_log.h"
#include "engine/search/node_type.h"
#include "engine/search/parallel_policy.h"
#include "engine/search/search_features.h"
#include "engine/search/search_frame.h"
#include "engine/search/search_game.h"
#include "engine/search/search_tuning.h"
#include "engine/search/search_types.h"
#include "engine/search/work_meter.h"
#include "hashing/tt.h"

namespace splitlab::search {

// State shared by every thread of one search.
struct SharedSearchState {
  hashing::TranspositionTable* table = nullptr;
  std::atomic<bool> stop{false};
  // The deadline came before the first iteration was complete: every node below the root
  // answers its static evaluation (mated in check without a move), and nothing is stored in
  // the table, so that the iteration completes within microseconds and the answer is still a
  // searched move of a completed depth (fifteen queens a side take seconds to depth 1).
  std::atomic<bool> hurry{false};
  // Set between searches only; Searcher<G> starts it at its game's default list.
  SearchFeatures features;
  // Set between searches only, with set_tuning(), which also rebuilds the reduction table;
  // Searcher<G> starts it at its game's default.
  SearchTuning tuning;
  LateMoveReductions reductions{tuning};
  void set_tuning(const SearchTuning& t) {
    tuning = t;
    reductions.set(t);
  }
  // A search close to the test program of the table-replacement papers (Breuker, Uiterwijk &
  // van den Herik), for `splitlab tt-study --search plain`: PVS with aspiration, quiescence,
  // history and the table move, but no null move, reverse futility, late-move reductions,
  // check extension or killers. The switchable features stay as set (tt-study turns them
  // off). Off: the normal search, unchanged. Set between searches only.
  bool plain_search = false;
  // Non-null: every thread logs each full-width node it enters here (node_log.h; `splitlab
  // overhead --node-log`). Set between searches only.
  NodeLog* node_log = nullptr;
};

// The root moves of one search, ordered best first after each iteration. Threads that search
// one tree together (YBWC, DTS) share one list and update it under the mutex at ply 0; a Lazy
// SMP helper keeps its own.
template <SearchGame G>
struct RootMoves {
  using Move = typename G::Move;
  struct Entry {
    Move move;
    Score score = -kInfiniteScore;
    Score previous_score = -kInfiniteScore;
    std::vector<Move> pv;
    // Nodes spent on this move in the last root search, by the thread that searched it (helpers
    // below a split under it are not counted): its share of the iteration's effort, for the
    // time plan.
    uint64_t nodes = 0;
  };
  std::mutex mutex;
  std::vector<Entry> moves;
  int completed = 0;  // Root moves finished in the current iteration.
};

template <SearchGame G>
class SearchWorker {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  using RootMove = typename RootMoves<G>::Entry;
  using Frame = SearchFrame<G>;

  // Both defined with the rest of the worker (search_worker_impl.h), compiled once per game.
  SearchWorker(SharedSearchState& shared, int thread_index);
  ~SearchWorker();

  // Sets the root (and fills `root_moves`, which this worker then uses); `allowed` restricts
  // the root moves (empty: all legal moves).
  void set_root(const Position& pos, const std::vector<Move>& allowed);
  // Shares another worker's root (and root move list) without refilling it.
  void share_root(const Position& pos, RootMoves<G>* root_moves) {
    root_ = pos;
    root_moves_ = root_moves;
  }
  void clear_history() {
    own_killers_.clear();
    own_history_.clear();
    std::fill(counter_moves_.begin(), counter_moves_.end(), Move::none());
    continuation_history_.clear();
  }
  // Orders moves with `owner`'s killers and history, which both then update
  // (OrderingMemory=shared), or, with null, with this worker's own.
  void share_ordering(SearchWorker* owner) {
    killers_ = owner ? &owner->own_killers_ : &own_killers_;
    history_ = owner ? &owner->own_history_ : &own_history_;
  }
  // Joins a parallel search, whose strategy it calls at the coordination points
  // (parallel_policy.h); null: single-threaded.
  void attach(ParallelPolicy<G>* policy) { policy_ = policy; }
  // Reports this worker's work to `meter` (a simulated run, work_meter.h); null: a real one.
  void set_meter(WorkMeter* meter) { meter_ = meter; }
  int thread_index() const { return thread_index_; }

  // One iteration: the root searched to `depth` within (alpha, beta). Afterwards root_moves()
  // is ordered best first. When the search is stopped, aborted() is true and only root moves
  // completed before the stop carry scores.
  // `repeat`: the iteration's root is searched again with a wider window (an aspiration
  // re-search; NodeAccounting).
  Score search_root(Depth depth, Score alpha, Score beta, bool repeat = false);
  void count_aspiration_research() {
    ++stats_.accounting.researches[int(Research::kAspiration)];
  }
  // Helps at a split point it was assigned to; returns when it has no more work there.
  void work_at(SplitPoint<G>* sp);

  bool aborted() const { return aborted_; }
  // After an iteration abandoned because another thread finished it (see below) and its
  // result was taken over: the iteration counts as done.
  void clear_aborted() { aborted_ = false; }
  // Lazy SMP: the deepest iteration some thread of this search has finished (null: not
  // watched). An iteration no deeper than it is abandoned at once: aborted() turns true while
  // the search's stop stays unset.
  void watch_finished_iterations(const std::atomic<int>* deepest) { deepest_finished_ = deepest; }
  const std::vector<RootMove>& root_moves() const { return root_moves_->moves; }
  RootMoves<G>* shared_root_moves() { return root_moves_; }
  const Position& root_position() const { return root_; }
  // Completed root moves of the current iteration (0 until the first one is done).
  int root_moves_completed() const { return root_moves_->completed; }
  // The best root move's share (0..1) of the nodes spent on root moves in the last root
  // search: near 1 when nothing else came close to replacing it. 1 with no nodes counted.
  double best_move_effort() const;

  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  int seldepth() const { return seldepth_; }
  const SearchStats& stats() const { return stats_; }
  void reset_stats() {
    stats_ = SearchStats();
    nodes_.store(0, std::memory_order_relaxed);
    credited_ = 0;
    seldepth_ = 0;
  }

  // Called every kCheckInterval nodes by the thread that owns time control; may set stop.
  std::function<void()> on_periodic_check;
  static constexpr uint64_t kCheckInterval = 1024;

  // ---- The split mechanism (search_worker_split.h), for the strategy at its coordination
  // points. Called only on this worker's own thread.
  int base_ply() const { return base_ply_; }
  // The position this thread is at (at before_move: the move's child).
  const Position& position() const { return pos_; }
  const Frame& frame(int ply) const { return frames_[ply]; }
  // The deepest split frame's split point in this thread's stack, or null.
  SplitPoint<G>* innermost_split() const { return innermost_split_; }
  // Whether the split rules (ParallelPolicy::rules) allow the frame at `ply` to be split now:
  // deep enough, a predicted type that may split, its first move searched, moves left.
  bool splittable(int ply) const;
  // Splits the frame at `ply` while this thread is at `current_ply` (equal when a node splits
  // before its next move; deeper when a busy thread splits a frame whose current move is still
  // being searched below). Helpers are booked before anything is copied, so a try that finds
  // nobody costs a few loads. False if there was no split point or nobody to book.
  bool split_frame(int ply, int current_ply);
  void fill_split_point(SplitPoint<G>* sp, int ply, int current_ply, SplitPoint<G>* enclosing,
                        int helpers);
  // SplitJoin=late: joins `sp`, another thread's split point, if it is still open to late
  // joiners and has room (counted in its workers and helpers); then work_at(sp) serves it.
  bool join_late(SplitPoint<G>* sp);
  // What a thread did when it left the split frame at `ply` (depart_split).
  struct Departure {
    bool finishes = false;  // It was the last worker there and now finishes the node.
    bool adopted = false;   // ... with the frames above it that its holder handed on.
    int workers_left = 0;   // The split point's workers after it left.
    int owner = 0;          // The split point's owner (read before leaving).
  };
  // Leaves the split frame at `ply`, whose moves ran out for this thread. A helper adds its
  // nodes to the split point's. If others still work there and this thread holds the node's
  // continuation, it hands on its frames above the split node to whoever finishes last; if it
  // is the last, it finishes the node: with its own frames if it held them, else with the ones
  // handed on (adopted). One critical section under the split point's lock.
  Departure depart_split(int ply);
  // The owner of the split frame at `ply`, once every helper has left it: the helpers' nodes
  // count on its subtree clock.
  void credit_helpers(int ply) { credited_ += frames_[ply].split->helper_nodes; }

 private:
  using Phase = FramePhase;
  // kLeaveSplit: this thread has no more work at the split frame it is at (base ply only).
  enum class Action : uint8_t { kPushChild, kReturn, kContinue, kLeaveSplit };

  // Runs the frame machine from the current frame until the frame at base_ply_ returns
  // (true, value in returned_) or this thread leaves the split at its base (false).
  bool run(int ply);
  Action enter_node(int ply);
  // The steps below (of enter_node, search_move, after_child and quiescence) are each called
  // from one place in the search's hot path, and are forced inline: the code is then what it
  // was before they were split out of their callers (left to the compiler, bench ran 3-6%
  // slower).
  // The steps of entering a node (enter_node), in order. Whether the node ends before any
  // search of its own (a rule, the ply limit, mate distance, a hurry), with its value.
  [[gnu::always_inline]] inline bool ends_before_search(int ply, Score& value);
  // Every field a node's move loop reads, as at a fresh entry.
  [[gnu::always_inline]] inline void reset_entered_frame(Frame& f);
  // Reads the table's entry into the frame; true (with the value) when it decides the node.
  [[gnu::always_inline]] inline bool table_cuts_off_at_entry(int ply, bool pv, Score& value);
  // Static evaluation, then reverse futility, razoring and the null move; else the moves.
  [[gnu::always_inline]] inline Action prune_at_entry(int ply, bool pv, bool excluding);
  // Sets up the move loop of a node (after the pruning steps at its entry).
  Action start_moves(int ply);
  Action after_null_move(int ply);
  Action after_verification(int ply);
  Action after_singular(int ply);
  Action next_move(int ply);
  Action after_child(int ply);
  // After a child's search: whether the move is searched again (at a raised alpha at a split,
  // deferred, or as an LMR or PVS re-search), with the action that does it.
  [[gnu::always_inline]] inline bool searches_child_again(int ply, Score v, Action& next);
  Action finish_node(int ply);
  Action push_child(int ply, Score alpha, Score beta, Depth depth, NodeType type,
                    bool null_allowed, Phase resume);
  Action return_value(int ply, Score value);
  // Marks the child just pushed from `ply` as a re-search of class `why`, unless a re-search
  // above it already claims it; returns `pushed`.
  Action push_research(int ply, Research why, Action pushed) {
    ++stats_.accounting.researches[int(why)];
    if (frames_[ply].split) ++stats_.accounting.researches_at_splits[int(why)];
    frames_[ply].child_research = why;
    Research& r = frames_[ply + 1].research;
    if (r == Research::kNone) r = why;
    return pushed;
  }
  // `may_postpone`: the strategy may put the move off (not once it was put off already).
  Action search_move(int ply, Move m, int move_number, bool may_postpone = true);
  // The steps of search_move after the move is made. SEE, late-move and futility pruning:
  // true when the move is pruned (and unmade).
  [[gnu::always_inline]] inline bool prunes_move(int ply, Move m, int see, bool may_prune,
                                                 bool gives_check, bool is_killer);
  // The strategy's choice to put the move off (ParallelPolicy::before_move): true when it
  // did, the move then unmade and kept for later.
  bool strategy_puts_off(int ply, Move m, int move_number, bool may_postpone);
  // Pushes the move's child search: full window for the first move, else a null window,
  // reduced for a late quiet move.
  [[gnu::always_inline]] inline Action push_move_search(int ply, int move_number,
                                                        bool gives_check, bool is_killer,
                                                        int history_score);
  // The announced move at `ply` is searched (or abandoned): the strategy hears of it.
  void announce_move_searched(int ply) {
    frames_[ply].announced = false;
    policy_->move_searched(*this, ply);
  }
  // A move pruned without a search: on to the next one.
  Action skip_move(int ply);
  // Cutoff check (ParallelPolicy::Points::cutoff_check_depth): whether the table's entry for
  // the node at `ply`, probed again mid-node, decides it (its value in `value`).
  bool table_decides(int ply, Score& value);
  void record_root_move(int ply, Move m, int move_number, Score v, Score alpha,
                        uint64_t nodes_spent);
  // `qply`: plies since the full-width search ended (0 at its leaves, where qsearch-checks
  // also tries quiet checks).
  Score quiescence(Score alpha, Score beta, int ply, int qply = 0);
  // Quiescence's entry: true (with the value) when the node ends before any move (stopped,
  // the ply limit, a rule, a hurry).
  [[gnu::always_inline]] inline bool quiescence_ends_at_entry(int ply, Score& value);
  // The table in quiescence (qsearch-tt): its move into `table_move`; true (with the value)
  // when its entry decides a null-window node.
  [[gnu::always_inline]] inline bool quiescence_table_cuts_off(Score alpha, Score beta, int ply,
                                                              Move& table_move, Score& value);
  void count_node(int ply);
  // Under SharedSearchState::hurry: the node's static evaluation, or mated when it is in
  // check without a legal move.
  Score hurried_value(int ply);
  bool should_abort() const {
    return shared_.stop.load(std::memory_order_relaxed) ||
           (innermost_split_ && innermost_split_->cut_off_here_or_above()) ||
           (deepest_finished_ && deepest_finished_->load(std::memory_order_relaxed) >= root_depth_);
  }
  void update_pv(int ply, Move m);
  void update_quiet_stats(Frame& f, int ply, Move best);
  // The move that last refuted the move leading to this node, or none (counter_moves off, the
  // root, after a null move).
  Move counter_move(int ply) const;
  // The history index of the move made `back` plies above the node at `ply` (1: the move
  // leading to it), or -1 where there is none (a null move, above the root, or a frame this
  // thread does not own at a split).
  int previous_move_index(int ply, int back) const;

  // Splitting (search_worker_split.h).
  Action next_split_move(int ply);
  Action after_split_child(int ply, Score v);
  // At a split frame whose current move beat alpha and is to be re-searched: counts the
  // re-search as under way, or, if another is, puts the move back to wait for it (true: the
  // frame goes on to its next move).
  bool defer_research(int ply);
  // At a split frame whose child returned: ends its re-search's count, if it had one.
  void end_research(int ply);
  Action leave_split(int ply);
  SplitPoint<G>* enclosing_split(int ply) const;
  void lock(SplitPoint<G>* sp);
  void unlock(SplitPoint<G>* sp);
  // The position's static evaluation, the table's entry for it and a store of one, each
  // reported to the meter when there is one.
  Score evaluate_here() {
    if (meter_) [[unlikely]] meter_->charge(WorkMeter::Work::kEvaluation);
    return evaluation_.evaluate(pos_);
  }
  bool probe_table(hashing::TtEntry& entry) {
    const uint64_t key = G::key(pos_);
    if (meter_) [[unlikely]] meter_->probe(key);
    return shared_.table->probe(key, entry, stats_.tt);
  }
  void store_table(const hashing::TtEntry& entry) {
    if (shared_.hurry.load(std::memory_order_relaxed)) [[unlikely]]
      return;  // A hurried value is not a search result.
    const uint64_t key = G::key(pos_);
    if (meter_) [[unlikely]] meter_->store(key);
    shared_.table->store(key, entry, stats_.tt);
  }
  // This thread's nodes plus those its helpers searched under split nodes it finished: the
  // clock that frames' subtree sizes are measured on (see split_point.h).
  uint64_t subtree_clock() const { return nodes() + credited_; }

  SharedSearchState& shared_;
  int thread_index_;
  ParallelPolicy<G>* policy_ = nullptr;
  WorkMeter* meter_ = nullptr;
  Position root_;
  Position pos_;
  // This thread's evaluation, with the game's switches from the search's features.
  typename G::Evaluation evaluation_;
  RootMoves<G> own_root_moves_;
  RootMoves<G>* root_moves_ = &own_root_moves_;
  int base_ply_ = 0;                        // The frame this thread's work started at.
  SplitPoint<G>* innermost_split_ = nullptr;  // Deepest split frame of this thread's stack.
  Frame frames_[kMaxPly + 2];
  Move pv_[kMaxPly + 2][kMaxPly + 2];
  int pv_length_[kMaxPly + 2];
  Score returned_ = 0;
  bool aborted_ = false;
  Depth root_depth_ = 0;  // The depth of the iteration being searched.
  const std::atomic<int>* deepest_finished_ = nullptr;
  Killers<Move> own_killers_;
  History own_history_;
  Killers<Move>* killers_ = &own_killers_;  // Own, or shared with the other threads.
  // SearchFeatures::counter_moves: per history index (piece and target) of a move, the quiet
  // move that last refuted it. This thread's own.
  std::vector<Move> counter_moves_ = std::vector<Move>(G::kHistorySize);
  History* history_ = &own_history_;
  // SearchFeatures::continuation_history: this thread's own.
  ContinuationHistory continuation_history_;
  std::atomic<uint64_t> nodes_{0};
  uint64_t credited_ = 0;  // Modulo 2^64: only differences of subtree_clock() mean anything.
  int seldepth_ = 0;
  SearchStats stats_;
  // The re-search class of the node being entered, for the nodes that count_node counts there
  // and in the quiescence search called from it.
  Research current_research_ = Research::kNone;
};

}  // namespace splitlab::search
