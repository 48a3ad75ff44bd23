// SearchWorker: making split points from frames, searching their moves, and leaving them
// (compiled once per game with the rest of SearchWorker, search_instance.h). See split_point.h
// for the protocol.
#pragma once

#include <chrono>
#include <optional>

#include "engine/search/search_worker.h"
#include "engine/search/split_point.h"

namespace splitlab::search {

template <SearchGame G>
void SearchWorker<G>::lock(SplitPoint<G>* sp) {
  if (meter_) [[unlikely]] meter_->lock(&sp->mutex);
  if (sp->mutex.try_lock()) return;
  const auto start = std::chrono::steady_clock::now();
  sp->mutex.lock();
  policy_->thread_stats(thread_index_).lock_wait_seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

template <SearchGame G>
void SearchWorker<G>::unlock(SplitPoint<G>* sp) {
  sp->mutex.unlock();
  if (meter_) [[unlikely]] meter_->unlock(&sp->mutex);
}

template <SearchGame G>
bool SearchWorker<G>::splittable(int ply) const {
  const Frame& f = frames_[ply];
  const SplitRules& rules = policy_->rules;
  return f.split == nullptr && !f.excluded_move && f.depth >= rules.min_split_depth &&
         (rules.split_any_node || f.type != NodeType::kCut) && f.moves_searched >= 1 &&
         f.picker.handed_out() < f.picker.size() && f.postponed_taken == f.postponed_count &&
         !aborted_;
}

template <SearchGame G>
SplitPoint<G>* SearchWorker<G>::enclosing_split(int ply) const {
  for (int k = ply - 1; k >= base_ply_; --k)
    if (frames_[k].split) return frames_[k].split;
  return nullptr;
}

// The split point's copy of the frame at `ply` (its position, window, move picker, best so far
// and the rest), taken by its owner before any helper is sent.
template <SearchGame G>
void SearchWorker<G>::fill_split_point(SplitPoint<G>* sp, int ply, int current_ply,
                                       SplitPoint<G>* enclosing, int helpers) {
  Frame& f = frames_[ply];
  sp->position = pos_;
  for (int k = current_ply - 1; k >= ply; --k) {
    if (frames_[k].phase == Phase::kAfterChild)
      G::unmake(sp->position, frames_[k].current);
    else if (frames_[k].phase == Phase::kAfterNullMove)
      G::unmake_null(sp->position);
  }
  sp->ply = ply;
  sp->depth = f.depth;
  sp->beta = f.beta;
  sp->predicted = f.predicted;
  sp->type = f.type;
  sp->in_check = f.in_check;
  sp->original_alpha = f.original_alpha;
  sp->static_eval = f.static_eval;
  sp->improving = f.improving;
  sp->table_move = f.table_move;
  sp->research = f.research;
  sp->owner = thread_index_;
  if (policy_->rules.ordering == OrderingMemory::kCopy) {
    sp->killers = *killers_;
    sp->history = *history_;
  }
  sp->parent.store(enclosing, std::memory_order_relaxed);
  sp->cutoff.store(false, std::memory_order_relaxed);
  sp->owner_idle.store(false, std::memory_order_relaxed);
  sp->picker = f.picker;
  sp->moves_handed_out = f.picker.handed_out();
  sp->move_nodes.assign(size_t(f.picker.size()) + 1, 0);
  sp->cut_move_number = -1;
  sp->deferred.clear();
  // A frame split while its move is in hand (current_ply deeper) may be in a re-search: it
  // counts as under way.
  f.holds_pending = f.phase == Phase::kAfterChild &&
                    (f.child_research == Research::kLmr || f.child_research == Research::kPvs);
  sp->pending_researches = f.holds_pending ? 1 : 0;
  sp->moves_searched = f.moves_searched;
  sp->best_score = f.best_score;
  sp->best_move = f.best_move;
  sp->pv.clear();
  if (f.type == NodeType::kPV && f.best_move)
    sp->pv.assign(&pv_[ply][ply], &pv_[ply][pv_length_[ply]]);
  sp->workers.store(1 + helpers, std::memory_order_relaxed);
  sp->helpers_joined = helpers;
  sp->helper_nodes = 0;
  sp->owner_nodes = 0;
  sp->frames_saved = false;
  sp->saved_frames.clear();
  sp->saved_pv.clear();
  sp->alpha.store(f.alpha, std::memory_order_relaxed);
}

template <SearchGame G>
bool SearchWorker<G>::split_frame(int ply, int current_ply) {
  ParallelThreadStats& stats = policy_->thread_stats(thread_index_);
  SplitPoint<G>* sp = policy_->acquire_split_point(thread_index_);
  if (!sp) return false;
  SplitPoint<G>* const enclosing = enclosing_split(ply);
  const int helpers = policy_->book_helpers(thread_index_, enclosing);
  if (helpers == 0) {
    ++stats.failed_splits;
    policy_->release_split_point(sp);
    return false;
  }
  if (meter_) [[unlikely]] meter_->charge(WorkMeter::Work::kSplit);
  std::optional<ScopedSeconds> timer(std::in_place, stats.split_seconds);
  Frame& f = frames_[ply];
  fill_split_point(sp, ply, current_ply, enclosing, helpers);

  f.split = sp;
  f.holds_split = true;
  f.nodes_at_move = nodes();  // A move in hand counts as thrown away from here on.
  f.clock_at_move = subtree_clock();
  if (!innermost_split_ || innermost_split_->ply < ply) innermost_split_ = sp;
  // Split frames deeper in this tree now sit below the new split point.
  for (int k = ply + 1; k < current_ply; ++k) {
    SplitPoint<G>* below = frames_[k].split;
    if (below && below->parent.load(std::memory_order_relaxed) == enclosing)
      below->parent.store(sp, std::memory_order_relaxed);
  }
  ++stats.splits;
  ++stats.splits_predicted[int(f.type)];
  ++stats.split_outcomes(f.depth, f.predicted).made;
  if (policy_->rules.late_join) {
    sp->open_depth.store(f.depth, std::memory_order_relaxed);
    sp->open.store(true, std::memory_order_release);  // Publishes everything above.
  }
  timer.reset();  // Waking the helpers is not split work (see ParallelThreadStats).
  policy_->send_helpers(thread_index_, sp);
  return true;
}

template <SearchGame G>
bool SearchWorker<G>::join_late(SplitPoint<G>* sp) {
  lock(sp);
  // Acquire: what the maker wrote before opening it. Open means nobody has left, so nobody
  // can finish the node (and reuse the split point) until this thread has left too.
  const bool joins = sp->open.load(std::memory_order_acquire) &&
                     !sp->cutoff.load(std::memory_order_relaxed) &&
                     sp->helpers_joined < policy_->rules.max_helpers_per_split &&
                     !shared_.stop.load(std::memory_order_relaxed);
  if (joins) {
    sp->workers.fetch_add(1, std::memory_order_relaxed);
    ++sp->helpers_joined;
  }
  unlock(sp);
  return joins;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::next_split_move(int ply) {
  Frame& f = frames_[ply];
  SplitPoint<G>* sp = f.split;
  if (should_abort()) {
    aborted_ = true;
    return leave_split(ply);
  }
  lock(sp);
  // A waiting move goes first once no re-search is under way (it waits again only for a
  // re-search begun since, so every move is searched in the end). Taking it while one is under
  // way, when no other move is left, kept threads busy but lost most of what waiting saves
  // (experiments/overhead-2threads/d16-deferred-researches-2).
  Move m = Move::none();
  int number = 0;
  if (!sp->deferred.empty() && sp->pending_researches == 0) {
    m = sp->deferred.front().first;
    number = sp->deferred.front().second;
    sp->deferred.erase(sp->deferred.begin());
  } else {
    m = sp->picker.next();
    number = sp->moves_handed_out;
    if (m) ++sp->moves_handed_out;
  }
  f.alpha = sp->alpha.load(std::memory_order_relaxed);
  unlock(sp);
  if (m.is_none()) return leave_split(ply);
  f.nodes_at_move = nodes();
  f.clock_at_move = subtree_clock();
  return search_move(ply, m, number);
}

template <SearchGame G>
bool SearchWorker<G>::defer_research(int ply) {
  Frame& f = frames_[ply];
  SplitPoint<G>* sp = f.split;
  lock(sp);
  const bool defer = sp->pending_researches > 0;
  if (defer) {
    sp->deferred.emplace_back(f.current, f.move_number);
    sp->move_nodes[size_t(f.move_number)] += subtree_clock() - f.clock_at_move;
  } else {
    ++sp->pending_researches;
    f.holds_pending = true;
  }
  unlock(sp);
  if (!defer) return false;
  ++policy_->thread_stats(thread_index_).deferred_moves;
  G::unmake(pos_, f.current);
  f.nodes_at_move = nodes();
  f.clock_at_move = subtree_clock();
  f.phase = Phase::kNextMove;
  return true;
}

template <SearchGame G>
void SearchWorker<G>::end_research(int ply) {
  Frame& f = frames_[ply];
  if (!f.holds_pending) return;
  lock(f.split);
  --f.split->pending_researches;
  unlock(f.split);
  f.holds_pending = false;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::after_split_child(int ply, Score v) {
  Frame& f = frames_[ply];
  SplitPoint<G>* sp = f.split;
  bool cut = false;
  lock(sp);
  ++sp->moves_searched;
  sp->move_nodes[size_t(f.move_number)] += subtree_clock() - f.clock_at_move;
  const Score alpha = sp->alpha.load(std::memory_order_relaxed);
  if (ply == 0)
    record_root_move(ply, f.current, f.move_number, v, alpha, nodes() - f.nodes_at_move);
  if (v > sp->best_score) {
    sp->best_score = v;
    if (v > alpha) {
      sp->best_move = f.current;
      if (sp->type == NodeType::kPV) {
        sp->pv.assign(1, f.current);
        for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) sp->pv.push_back(pv_[ply + 1][i]);
      }
      if (v >= sp->beta) {
        cut = true;
        // Once per split point: another thread may also finish a move above beta before it
        // sees the cutoff.
        if (sp->workers.load(std::memory_order_relaxed) > 1 &&
            !sp->cutoff.load(std::memory_order_relaxed)) {
          auto& stats = policy_->thread_stats(thread_index_);
          ++stats.wasted_splits;
          ++stats.split_outcomes(sp->depth, sp->predicted).wasted;
        }
        sp->cutoff.store(true, std::memory_order_relaxed);
        if (sp->cut_move_number < 0) sp->cut_move_number = f.move_number;
      } else {
        sp->alpha.store(v, std::memory_order_relaxed);
      }
    }
  }
  unlock(sp);
  f.nodes_at_move = nodes();
  f.clock_at_move = subtree_clock();
  if (cut && f.current_is_quiet) update_quiet_stats(f, ply, f.current);
  f.phase = Phase::kNextMove;
  return Action::kContinue;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::leave_split(int ply) {
  Frame& f = frames_[ply];
  SplitPoint<G>* sp = f.split;
  // A cutoff at this split point only ends the work here; a stop or a cutoff above it must
  // go on unwinding the frames above.
  SplitPoint<G>* const above = sp->parent.load(std::memory_order_relaxed);
  const bool abort_above = shared_.stop.load(std::memory_order_relaxed) ||
                           (above && above->cut_off_here_or_above());
  auto& stats = policy_->thread_stats(thread_index_);
  if (policy_->rules.late_join && sp->open.load(std::memory_order_relaxed)) {
    // The first to leave closes it to late joiners (see SplitPoint::open).
    lock(sp);
    sp->open.store(false, std::memory_order_relaxed);
    unlock(sp);
  }
  if (aborted_) {
    ++stats.aborts;
    // The move in hand was thrown away. Counted where the cutoff happened, or where a helper
    // stops unwinding (the frames that took the cutoff belong to other threads).
    if (!shared_.stop.load(std::memory_order_relaxed) && (!abort_above || !f.holds_split))
      stats.aborted_nodes += nodes() - f.nodes_at_move;
    // Cut off here: the move in hand is part of this node's waste if it came after the cut.
    const uint64_t in_hand = subtree_clock() - f.clock_at_move;
    if (!abort_above && in_hand > 0) {
      lock(sp);
      sp->move_nodes[size_t(f.move_number)] += in_hand;
      unlock(sp);
    }
    f.clock_at_move = subtree_clock();
  }
  aborted_ = abort_above;

  // The strategy decides whether this thread finishes the node (now, or after waiting for
  // others) or leaves it to whoever does.
  if (!policy_->split_moves_ran_out(*this, ply)) return Action::kLeaveSplit;

  // This thread finishes the node with the split point's result.
  f.split = nullptr;
  innermost_split_ = enclosing_split(ply);
  f.best_score = sp->best_score;
  f.best_move = sp->best_move;
  f.moves_searched = sp->moves_searched;
  if (!sp->pv.empty()) {
    std::copy(sp->pv.begin(), sp->pv.end(), &pv_[ply][ply]);
    pv_length_[ply] = ply + int(sp->pv.size());
  }
  const NodeType actual = f.best_score >= f.beta ? NodeType::kCut
                          : f.best_score > f.original_alpha ? NodeType::kPV
                                                            : NodeType::kAll;
  ++stats.splits_actual[int(actual)];
  if (sp->cut_move_number >= 0)
    for (size_t k = size_t(sp->cut_move_number) + 1; k < sp->move_nodes.size(); ++k)
      stats.cut_waste_nodes += sp->move_nodes[k];
  SplitOutcomes& outcome = stats.split_outcomes(sp->depth, sp->predicted);
  if (aborted_)
    ++outcome.abandoned;
  else
    ++outcome.finished_as[int(actual)];
  policy_->release_split_point(sp);
  if (aborted_) return return_value(ply, 0);
  return finish_node(ply);
}

template <SearchGame G>
typename SearchWorker<G>::Departure SearchWorker<G>::depart_split(int ply) {
  Frame& f = frames_[ply];
  SplitPoint<G>* sp = f.split;
  Departure departure;
  lock(sp);
  const bool holder = f.holds_split;
  const uint64_t clock = subtree_clock();
  if (!holder) sp->helper_nodes += clock - f.nodes_at_entry;
  // Read before leaving: once the others are done, whoever finishes may reuse the split point.
  departure.owner = sp->owner;
  // Release: a thread that waits for this count to fall sees this thread's updates of the
  // split point when it sees the count.
  departure.workers_left = sp->workers.fetch_sub(1, std::memory_order_release) - 1;
  if (departure.workers_left > 0 && holder) {
    // Leave the frames above to whoever finishes this node, each with the nodes searched
    // under it so far (a mark on this thread's clock would mean nothing to another).
    sp->saved_base = base_ply_;
    sp->saved_frames.assign(&frames_[base_ply_], &frames_[ply]);
    for (auto& saved : sp->saved_frames) saved.nodes_at_entry = clock - saved.nodes_at_entry;
    sp->owner_nodes = clock - f.nodes_at_entry;
    for (int k = base_ply_; k < ply; ++k)
      sp->saved_pv.emplace_back(&pv_[k][k], &pv_[k][pv_length_[k]]);
    sp->frames_saved = true;
  }
  unlock(sp);
  if (departure.workers_left > 0) return departure;
  departure.finishes = true;
  if (holder) {
    credited_ += sp->helper_nodes;
    return departure;
  }
  // Adopt the frames above and carry on with them.
  departure.adopted = true;
  base_ply_ = sp->saved_base;
  for (int k = base_ply_; k < ply; ++k) {
    frames_[k] = sp->saved_frames[k - base_ply_];
    frames_[k].nodes_at_entry = clock - (frames_[k].nodes_at_entry + sp->helper_nodes);
    frames_[k].nodes_at_move = nodes();  // The saved counts were the other thread's.
    frames_[k].clock_at_move = clock;
    const auto& line = sp->saved_pv[k - base_ply_];
    std::copy(line.begin(), line.end(), &pv_[k][k]);
    pv_length_[k] = k + int(line.size());
  }
  f.nodes_at_entry = clock - (sp->owner_nodes + sp->helper_nodes);
  pos_ = sp->position;
  return departure;
}

}  // namespace splitlab::search
