// SearchWorker's member definitions: the frame machine and the quiescence search. Compiled once
// per game (search_instance.h), not in every file that searches.
#pragma once

#include "engine/search/search_worker.h"
#include "engine/search/split_point.h"

namespace splitlab::search {

template <SearchGame G>
SearchWorker<G>::SearchWorker(SharedSearchState& shared, int thread_index)
    : shared_(shared),
      thread_index_(thread_index),
      // Zeroed: a helper's frames above the ply it first joins at are read before it ever
      // writes them (the counter move of its split node looks one ply up), and must then
      // read as never entered rather than as whatever the allocator left there.
      frames_(),
      own_history_(G::kHistorySize),
      continuation_history_(G::kHistorySize) {}

template <SearchGame G>
SearchWorker<G>::~SearchWorker() = default;

template <SearchGame G>
void SearchWorker<G>::set_root(const Position& pos, const std::vector<Move>& allowed) {
  root_ = pos;
  root_moves_ = &own_root_moves_;
  root_moves_->moves.clear();
  MoveList legal;
  G::generate_legal(pos, legal);
  for (Move m : legal)
    if (allowed.empty() || std::find(allowed.begin(), allowed.end(), m) != allowed.end()) {
      RootMove rm;
      rm.move = m;
      root_moves_->moves.push_back(rm);
    }
}

template <SearchGame G>
void SearchWorker<G>::count_node(int ply) {
  const uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
  nodes_.store(n, std::memory_order_relaxed);
  stats_.nodes = n;
  ++stats_.accounting.by_research[int(current_research_)];
  ++stats_.accounting.by_ply[std::min(ply, kPlyBuckets - 1)];
  if (ply > seldepth_) seldepth_ = ply;
  if (n % kCheckInterval == 0 && on_periodic_check) on_periodic_check();
}

template <SearchGame G>
Score SearchWorker<G>::search_root(Depth depth, Score alpha, Score beta, bool repeat) {
  evaluation_.configure(shared_.features);  // Set between searches only: cheap to copy again.
  pos_ = root_;
  aborted_ = false;
  root_depth_ = depth;
  base_ply_ = 0;
  innermost_split_ = nullptr;
  root_moves_->completed = 0;
  for (auto& rm : root_moves_->moves) {
    rm.previous_score = rm.score;
    rm.score = -kInfiniteScore;
    rm.nodes = 0;
  }
  Frame& root = frames_[0];
  root.alpha = alpha;
  root.beta = beta;
  root.depth = depth;
  root.predicted = NodeType::kPV;
  root.null_allowed = false;
  root.phase = Phase::kEnter;
  root.excluded_move = Move::none();
  root.research = repeat ? Research::kAspiration : Research::kNone;

  Score value;
  if (run(0)) {
    value = returned_;
  } else {
    // This thread left the root's split; another thread finishes the iteration.
    bool aborted = false;
    value = policy_->await_root_value(thread_index_, aborted);
    aborted_ = aborted;
  }
  std::lock_guard lock(root_moves_->mutex);
  std::stable_sort(root_moves_->moves.begin(), root_moves_->moves.end(),
                   [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
  return value;
}

template <SearchGame G>
double SearchWorker<G>::best_move_effort() const {
  std::lock_guard lock(root_moves_->mutex);
  uint64_t total = 0;
  for (const auto& rm : root_moves_->moves) total += rm.nodes;
  return total ? double(root_moves_->moves.front().nodes) / double(total) : 1.0;
}

template <SearchGame G>
bool SearchWorker<G>::run(int ply) {
  while (true) {
    Action action = Action::kContinue;
    switch (frames_[ply].phase) {
      case Phase::kEnter: action = enter_node(ply); break;
      case Phase::kAfterNullMove: action = after_null_move(ply); break;
      case Phase::kAfterVerification: action = after_verification(ply); break;
      case Phase::kNextMove: action = next_move(ply); break;
      case Phase::kAfterChild: action = after_child(ply); break;
      case Phase::kAfterSingular: action = after_singular(ply); break;
    }
    if (action == Action::kPushChild) {
      ++ply;
    } else if (action == Action::kReturn) {
      if (ply == base_ply_) return true;
      --ply;
      frames_[ply].child_value = returned_;
    } else if (action == Action::kLeaveSplit) {
      return false;
    }
  }
}

template <SearchGame G>
void SearchWorker<G>::work_at(SplitPoint<G>* sp) {
  if (meter_) [[unlikely]] meter_->charge(WorkMeter::Work::kJoin);
  evaluation_.configure(shared_.features);
  auto& split_seconds = policy_->thread_stats(thread_index_).split_seconds;
  std::optional<ScopedSeconds> timer(std::in_place, split_seconds);
  // An owner may help while its own tree waits below this split: keep what it needs.
  Position saved_position = pos_;
  const int saved_base = base_ply_;
  SplitPoint<G>* const saved_innermost = innermost_split_;
  const bool saved_aborted = aborted_;
  const Score saved_returned = returned_;
  const uint64_t clock_at_join = subtree_clock();

  pos_ = sp->position;
  if (policy_->rules.ordering == OrderingMemory::kCopy) {
    killers_->copy_from(sp->killers, sp->ply);
    *history_ = sp->history;
  }
  base_ply_ = sp->ply;
  innermost_split_ = sp;
  aborted_ = false;
  Frame& f = frames_[sp->ply];
  f.alpha = sp->alpha.load(std::memory_order_relaxed);
  f.beta = sp->beta;
  f.depth = sp->depth;
  f.predicted = sp->predicted;
  f.type = sp->type;
  f.in_check = sp->in_check;
  f.original_alpha = sp->original_alpha;
  f.static_eval = sp->static_eval;
  f.improving = sp->improving;
  f.table_move = sp->table_move;
  // The table move is always the first searched, by the owner, before any split.
  f.singular_extend = false;
  f.excluded_move = Move::none();  // Such nodes are never split.
  f.nodes_at_entry = clock_at_join;  // This thread's share is measured from here.
  f.best_score = -kInfiniteScore;
  f.best_move = Move::none();
  f.moves_searched = 0;
  f.moves_pruned = 0;
  f.quiets_tried_count = 0;
  f.postponed_count = 0;
  f.postponed_taken = 0;
  f.announced = false;
  f.split = sp;
  f.holds_split = false;
  f.phase = Phase::kNextMove;
  f.nodes_at_move = nodes();
  f.clock_at_move = subtree_clock();
  f.research = sp->research;
  f.child_research = Research::kNone;
  f.holds_pending = false;
  pv_length_[sp->ply] = sp->ply;
  timer.reset();
  if (run(sp->ply)) policy_->root_finished(thread_index_, returned_, aborted_);
  ScopedSeconds restore_timer(split_seconds);

  pos_ = std::move(saved_position);
  base_ply_ = saved_base;
  innermost_split_ = saved_innermost;
  aborted_ = saved_aborted;
  returned_ = saved_returned;
  // The nodes searched here reached the frames they belong to through the split point
  // (helper_nodes): this thread's own frames, if any wait below this call, must not count
  // them a second time.
  credited_ -= subtree_clock() - clock_at_join;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::return_value(int ply, Score value) {
  returned_ = value;
  if (NodeLog* log = shared_.node_log) [[unlikely]] {
    const Frame& f = frames_[ply];
    if (f.log_thread == thread_index_) log->finish(thread_index_, f.log_index, value, aborted_);
  }
  return Action::kReturn;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::push_child(int ply, Score alpha, Score beta,
                                                             Depth depth, NodeType type,
                                                             bool null_allowed, Phase resume) {
  frames_[ply].phase = resume;
  Frame& child = frames_[ply + 1];
  child.alpha = alpha;
  child.beta = beta;
  child.depth = depth;
  child.predicted = type;
  child.null_allowed = null_allowed;
  child.phase = Phase::kEnter;
  child.excluded_move = Move::none();
  child.research = frames_[ply].research;
  return Action::kPushChild;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::enter_node(int ply) {
  Frame& f = frames_[ply];
  pv_length_[ply] = ply;
  current_research_ = f.research;
  if (shared_.node_log) [[unlikely]] f.log_index = -1;  // Until this node is counted, below.
  if (should_abort()) {
    aborted_ = true;
    return return_value(ply, 0);
  }
  if (Score value; ply > 0 && ends_before_search(ply, value)) return return_value(ply, value);
  if (f.depth <= 0) {
    const Score v = quiescence(f.alpha, f.beta, ply);
    return return_value(ply, aborted_ ? 0 : v);
  }
  count_node(ply);
  if (meter_) [[unlikely]] meter_->charge(WorkMeter::Work::kInteriorNode);
  ++stats_.accounting.by_type[int(f.predicted)];
  if (NodeLog* log = shared_.node_log) [[unlikely]] {
    f.log_index = log->begin(thread_index_, G::key(pos_), f.alpha, f.beta, f.depth, ply,
                             f.research, f.predicted);
    f.log_thread = thread_index_;
  }
  if (policy_ && policy_->points.node_entered) policy_->node_entered(*this, ply);
  reset_entered_frame(f);
  const bool pv = f.type == NodeType::kPV;
  const bool excluding = bool(f.excluded_move);
  // A search without a move cannot use the table's word on the position with all of them.
  if (Score value; ply > 0 && !excluding && table_cuts_off_at_entry(ply, pv, value))
    return return_value(ply, value);
  // Internal iterative reduction: a node the table knows no move for is searched a ply less
  // (what an internal deepening search would have spent finding a first move).
  if (shared_.features.iir && ply > 0 && !f.table_move && f.depth >= 4) {
    --f.depth;
    ++stats_.accounting.iir;
    if (NodeLog* log = shared_.node_log) [[unlikely]]
      log->mark(thread_index_, f.log_index, NodeRecord::kIir);
  }
  return prune_at_entry(ply, pv, excluding);
}

template <SearchGame G>
bool SearchWorker<G>::ends_before_search(int ply, Score& value) {
  Frame& f = frames_[ply];
  if (G::rule_score(pos_, value)) return true;
  if (ply >= kMaxPly) {
    value = evaluate_here();
    return true;
  }
  // Mate-distance pruning: no line from here beats a mate already found nearer the root.
  f.alpha = std::max(f.alpha, mated_in(ply));
  f.beta = std::min(f.beta, mate_in(ply + 1));
  if (f.alpha >= f.beta) {
    value = f.alpha;
    return true;
  }
  if (shared_.hurry.load(std::memory_order_relaxed)) [[unlikely]] {
    value = hurried_value(ply);
    return true;
  }
  return false;
}

template <SearchGame G>
void SearchWorker<G>::reset_entered_frame(Frame& f) {
  f.in_check = G::in_check(pos_);
  f.split = nullptr;
  f.type = f.predicted;
  f.original_alpha = f.alpha;
  f.best_score = -kInfiniteScore;
  f.best_move = Move::none();
  f.table_move = Move::none();
  f.table_depth = -1;
  f.table_lower_bound = false;  // Read by the singular-extension test even without an entry.
  f.singular_extend = false;
  f.moves_searched = 0;
  f.moves_pruned = 0;
  f.quiets_tried_count = 0;
  f.postponed_count = 0;
  f.postponed_taken = 0;
  f.announced = false;
  f.nodes_at_entry = subtree_clock();
}

template <SearchGame G>
bool SearchWorker<G>::table_cuts_off_at_entry(int ply, bool pv, Score& value) {
  Frame& f = frames_[ply];
  hashing::TtEntry entry;
  if (!probe_table(entry)) return false;
  f.table_move = G::move_from_bits(entry.move);
  if (entry.bound == hashing::TtBound::None) return false;
  f.table_score = hashing::score_from_tt(entry.score, ply);
  f.table_depth = entry.depth;
  f.table_lower_bound =
      entry.bound == hashing::TtBound::Lower || entry.bound == hashing::TtBound::Exact;
  if (pv || entry.depth < f.depth) return false;
  const Score s = hashing::score_from_tt(entry.score, ply);
  if (entry.bound == hashing::TtBound::Exact ||
      (entry.bound == hashing::TtBound::Lower && s >= f.beta) ||
      (entry.bound == hashing::TtBound::Upper && s <= f.alpha)) {
    ++stats_.tt.cutoffs;
    value = s;
    return true;
  }
  return false;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::prune_at_entry(int ply, bool pv,
                                                                 bool excluding) {
  Frame& f = frames_[ply];
  const SearchFeatures& features = shared_.features;
  f.static_eval = f.in_check ? -kInfiniteScore : evaluate_here();
  // Improving: above this side's last static eval. Unknown (in check then or now, or two
  // plies up lies outside this thread's frames) counts as improving: it prunes less.
  f.improving = true;
  if (features.improving && !f.in_check && ply - 2 >= base_ply_ &&
      frames_[ply - 2].static_eval != -kInfiniteScore)
    f.improving = f.static_eval > frames_[ply - 2].static_eval;
  // The plain search (tt-study) prunes nothing here: no reverse futility, no null move.
  if (!pv && !f.in_check && ply > 0 && !excluding && !is_mate_score(f.beta) &&
      !shared_.plain_search) {
    // Reverse futility: far above beta at low depth, the opponent will not get back in time.
    if (!features.classic && f.depth <= 6 &&
        f.static_eval - 90 * (features.improving ? f.depth - f.improving : f.depth) >= f.beta)
      return return_value(ply, f.static_eval);
    // Razoring: far below alpha near the leaves, only a capture can help: ask quiescence.
    if (features.razoring && f.depth <= 3 && f.static_eval + 200 * f.depth <= f.alpha) {
      const Score v = quiescence(f.alpha, f.alpha + 1, ply);
      if (aborted_) return return_value(ply, 0);
      if (v <= f.alpha) return return_value(ply, v);
    }
    // Null move: if passing still fails high, a real move almost surely would too.
    if (f.null_allowed && f.depth >= 2 && f.static_eval >= f.beta && G::null_move_allowed(pos_)) {
      f.reduction = 3 + f.depth / 4;
      if (features.null_move_eval) f.reduction += std::min((f.static_eval - f.beta) / 200, 3);
      G::make_null(pos_);
      if (features.tt_prefetch) shared_.table->prefetch(G::key(pos_));
      return push_child(ply, -f.beta, -f.beta + 1, f.depth - 1 - f.reduction,
                        child_node_type(f.type, 1), false, Phase::kAfterNullMove);
    }
  }
  return start_moves(ply);
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::start_moves(int ply) {
  Frame& f = frames_[ply];
  if (ply == 0) {
    std::vector<Move> ordered;
    {
      std::lock_guard lock(root_moves_->mutex);
      ordered.reserve(root_moves_->moves.size());
      for (const auto& rm : root_moves_->moves) ordered.push_back(rm.move);
    }
    f.picker.init_ordered(ordered);
  } else {
    const int previous1 = previous_move_index(ply, 1);
    const int previous2 = previous_move_index(ply, 2);
    // The plain search (tt-study) orders by the table move and history only: no killers.
    const bool killers = !shared_.plain_search;
    f.picker.init(pos_, f.table_move, killers ? killers_->first(ply) : Move::none(),
                  killers ? killers_->second(ply) : Move::none(), *history_,
                  counter_move(ply),
                  previous1 >= 0 ? continuation_history_.row(previous1) : nullptr,
                  previous2 >= 0 ? continuation_history_.row(previous2) : nullptr);
    if (f.excluded_move) f.picker.exclude(f.excluded_move);
    // Singular extension: when the table move held a lower bound at nearly this depth, search
    // the others at half depth against a margin below that bound; if none reaches it, the
    // table move is the only good one here and is searched a ply deeper.
    if (shared_.features.singular_extension && f.depth >= 8 && f.table_move &&
        !f.excluded_move && f.table_lower_bound && f.table_depth >= f.depth - 3 &&
        !is_mate_score(f.table_score)) {
      const Score singular_beta = f.table_score - 2 * f.depth;
      ++stats_.accounting.singular_tests;
      const Action action = push_child(ply, singular_beta - 1, singular_beta, (f.depth - 1) / 2,
                                       f.type, false, Phase::kAfterSingular);
      frames_[ply + 1].excluded_move = f.table_move;
      return action;
    }
  }
  f.phase = Phase::kNextMove;
  return Action::kContinue;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::after_singular(int ply) {
  Frame& f = frames_[ply];
  if (aborted_) return return_value(ply, 0);
  // The search without the table move searched this same position: its value is ours.
  const Score singular_beta = f.table_score - 2 * f.depth;
  if (f.child_value < singular_beta) {
    f.singular_extend = true;
    ++stats_.accounting.singular_extended;
  } else if (singular_beta >= f.beta) {
    // Multi-cut: another move also beats beta by the margin; this node fails high.
    return return_value(ply, singular_beta);
  }
  f.phase = Phase::kNextMove;
  return Action::kContinue;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::after_null_move(int ply) {
  Frame& f = frames_[ply];
  G::unmake_null(pos_);
  if (aborted_) return return_value(ply, 0);
  Score v = -f.child_value;
  if (v >= f.beta) {
    if (is_mate_score(v)) v = f.beta;  // A mate found after a pass proves nothing.
    // With little material zugzwang is likely: verify with a reduced search without a pass
    // (as ElephantEye does) before trusting the cutoff.
    if (G::low_material(pos_) && f.depth - f.reduction > 0)
      return push_child(ply, f.beta - 1, f.beta, f.depth - f.reduction, f.type, false,
                        Phase::kAfterVerification);
    return return_value(ply, v);
  }
  return start_moves(ply);
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::after_verification(int ply) {
  Frame& f = frames_[ply];
  if (aborted_) return return_value(ply, 0);
  // The verification searched this same position: its value is already from our side.
  if (f.child_value >= f.beta) return return_value(ply, f.child_value);
  return start_moves(ply);
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::next_move(int ply) {
  Frame& f = frames_[ply];
  if (f.split) return next_split_move(ply);
  if (policy_ && policy_->points.before_next_move && splittable(ply) &&
      policy_->before_next_move(*this, ply))
    return next_split_move(ply);
  // Moves put off: another thread may have finished this node meanwhile (point 3b).
  if (f.postponed_count > 0 && policy_->points.cutoff_check_depth > 0 &&
      f.depth >= policy_->points.cutoff_check_depth) {
    Score decided;
    if (table_decides(ply, decided)) return return_value(ply, decided);
  }
  const Move m = f.picker.next();
  if (!m.is_none()) return search_move(ply, m, f.moves_searched);
  // The moves the strategy put off, now that every other one is searched.
  if (f.postponed_taken < f.postponed_count) {
    const int k = f.postponed_taken++;
    ++policy_->thread_stats(thread_index_).postponed_searched;
    return search_move(ply, f.postponed[k], f.postponed_numbers[k], false);
  }
  return finish_node(ply);
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::search_move(int ply, Move m, int move_number,
                                                            bool may_postpone) {
  Frame& f = frames_[ply];
  const SearchFeatures& features = shared_.features;
  const bool pv = f.type == NodeType::kPV;
  const bool is_killer = m == killers_->first(ply) || m == killers_->second(ply);
  f.current = m;
  f.move_number = move_number;
  f.child_research = Research::kNone;
  f.current_is_quiet = !G::is_tactical(pos_, m);
  f.current_history_index = G::history_index(pos_, m);
  // Pruning (each rule a SearchFeature): never the first move, at the root, at PV nodes or in
  // check, and not while alpha is a mate score (every move might then be needed).
  const bool may_prune =
      move_number > 0 && ply > 0 && !pv && !f.in_check && !is_mate_score(f.alpha);
  const bool need_see = (features.see_pruning && may_prune && f.depth <= 8) ||
                        features.safe_check_extension;
  const int see = need_see ? G::see(pos_, m) : 0;
  const int history_score =
      features.history_lmr && f.current_is_quiet ? history_->get(G::history_index(pos_, m)) : 0;
  G::make(pos_, m);
  if (ply == 0 && !f.split) f.nodes_at_move = nodes();  // This root move's effort from here.
  if (features.tt_prefetch) shared_.table->prefetch(G::key(pos_));
  const bool gives_check = G::in_check(pos_);
  if (prunes_move(ply, m, see, may_prune, gives_check, is_killer)) return skip_move(ply);
  const bool extend = !shared_.plain_search &&  // The plain search (tt-study) never extends.
                      ((gives_check && (!features.safe_check_extension || see >= 0)) ||
                       (f.singular_extend && m == f.table_move));
  f.child_depth = f.depth - 1 + (extend ? 1 : 0);  // Check extension.
  if (extend && !(f.singular_extend && m == f.table_move)) ++stats_.accounting.check_extensions;
  // The move is about to be searched (pos_ is its child): the strategy may put it off.
  if (policy_ && policy_->points.before_move && !f.split) {
    if (strategy_puts_off(ply, m, move_number, may_postpone)) return Action::kContinue;
    f.announced = true;
  }
  return push_move_search(ply, move_number, gives_check, is_killer, history_score);
}

template <SearchGame G>
bool SearchWorker<G>::prunes_move(int ply, Move m, int see, bool may_prune, bool gives_check,
                                  bool is_killer) {
  Frame& f = frames_[ply];
  const SearchFeatures& features = shared_.features;
  // A check that loses material by SEE is often a sacrifice that mates: never SEE-pruned.
  if (features.see_pruning && may_prune && !gives_check && f.depth <= 8 &&
      see < (f.current_is_quiet ? -50 : -100) * f.depth) {
    G::unmake(pos_, m);
    return true;
  }
  if (may_prune && f.current_is_quiet && !gives_check && !is_killer) {
    const bool late = features.late_move_pruning && f.depth <= 8 &&
                      f.move_number >= (3 + f.depth * f.depth) / (f.improving ? 1 : 2);
    const Score futility_value = f.static_eval + 100 + 100 * f.depth;
    const bool futile = features.futility && f.depth <= 6 && futility_value <= f.alpha;
    if (late || futile) {
      G::unmake(pos_, m);
      // Fail soft: the node's value is at least what the pruned move was judged unable to
      // exceed (a split node's best score lives in its split point and is left alone).
      if (futile && !f.split) f.best_score = std::max(f.best_score, futility_value);
      return true;
    }
  }
  return false;
}

template <SearchGame G>
bool SearchWorker<G>::strategy_puts_off(int ply, Move m, int move_number, bool may_postpone) {
  Frame& f = frames_[ply];
  const bool postpone = policy_->before_move(
      *this, ply, move_number, may_postpone && f.postponed_count < Frame::kMaxPostponed);
  if (!postpone) return false;
  ++policy_->thread_stats(thread_index_).postponed_moves;
  G::unmake(pos_, m);
  f.postponed[f.postponed_count] = m;
  f.postponed_numbers[f.postponed_count++] = int16_t(move_number);
  f.phase = Phase::kNextMove;
  return true;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::push_move_search(int ply, int move_number,
                                                                   bool gives_check,
                                                                   bool is_killer,
                                                                   int history_score) {
  Frame& f = frames_[ply];
  const bool pv = f.type == NodeType::kPV;
  if (move_number == 0) {
    f.child_search = ChildSearch::kFullWindow;
    return push_child(ply, -f.beta, -f.alpha, f.child_depth, child_node_type(f.type, 0), true,
                      Phase::kAfterChild);
  }
  // Late-move reduction for quiet moves ordered late, re-searched at full depth if they
  // beat alpha anyway (never in the plain search of tt-study).
  f.reduction = 0;
  if (!shared_.plain_search && !shared_.features.classic && f.depth >= 3 &&
      f.current_is_quiet && !f.in_check && !gives_check && move_number >= (pv ? 3 : 2)) {
    int r = shared_.reductions(f.depth, move_number);
    if (pv) --r;
    if (is_killer) --r;
    // History (at most +-16384, rarely beyond +-4000): up to two plies less or more.
    r -= std::clamp(history_score / shared_.tuning.lmr_history_divisor, -2, 2);
    f.reduction = std::clamp(r, 0, f.child_depth - 1);
    if (f.reduction > 0) {
      ++stats_.accounting.reduced_moves;
      stats_.accounting.reduced_plies += uint64_t(f.reduction);
    }
  }
  f.child_search = f.reduction > 0 ? ChildSearch::kReduced : ChildSearch::kScout;
  f.child_alpha = f.alpha;
  return push_child(ply, -f.alpha - 1, -f.alpha, f.child_depth - f.reduction,
                    child_node_type(f.type, move_number), true, Phase::kAfterChild);
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::skip_move(int ply) {
  ++frames_[ply].moves_pruned;
  frames_[ply].phase = Phase::kNextMove;
  return Action::kContinue;
}

template <SearchGame G>
bool SearchWorker<G>::table_decides(int ply, Score& value) {
  const Frame& f = frames_[ply];
  // As at the node's entry: never at the root, at PV nodes or without the excluded move.
  if (ply == 0 || f.type == NodeType::kPV || f.excluded_move) return false;
  ParallelThreadStats& counts = policy_->thread_stats(thread_index_);
  ++counts.cutoff_checks;
  hashing::TtEntry entry;
  if (!probe_table(entry) || entry.bound == hashing::TtBound::None || entry.depth < f.depth)
    return false;
  const Score s = hashing::score_from_tt(entry.score, ply);
  if (entry.bound == hashing::TtBound::Exact ||
      (entry.bound == hashing::TtBound::Lower && s >= f.beta) ||
      (entry.bound == hashing::TtBound::Upper && s <= f.alpha)) {
    ++counts.cutoff_check_hits;
    value = s;
    return true;
  }
  return false;
}

template <SearchGame G>
void SearchWorker<G>::record_root_move(int ply, Move m, int move_number, Score v, Score alpha,
                                       uint64_t nodes_spent) {
  std::lock_guard lock(root_moves_->mutex);
  ++root_moves_->completed;
  for (auto& rm : root_moves_->moves) {
    if (rm.move != m) continue;
    rm.nodes += nodes_spent;
    if (move_number == 0 || v > alpha) {
      rm.score = v;
      rm.pv.assign(1, m);
      for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) rm.pv.push_back(pv_[ply + 1][i]);
    }
    break;
  }
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::after_child(int ply) {
  Frame& f = frames_[ply];
  if (f.split) end_research(ply);
  if (aborted_) {
    if (f.announced) announce_move_searched(ply);
    G::unmake(pos_, f.current);
    if (f.split) return leave_split(ply);
    return return_value(ply, 0);
  }
  const Score v = -f.child_value;
  const bool pv = f.type == NodeType::kPV;
  if (f.child_research != Research::kNone) {
    // Did the re-search bear out the result that asked for it (the move still beats alpha)?
    const Score alpha =
        f.split ? std::max(f.alpha, f.split->alpha.load(std::memory_order_relaxed)) : f.alpha;
    if (v > alpha) ++stats_.accounting.researches_confirmed[int(f.child_research)];
    f.child_research = Research::kNone;
  }
  if (Action next; searches_child_again(ply, v, next)) return next;
  if (f.announced) announce_move_searched(ply);
  G::unmake(pos_, f.current);
  if (f.current_is_quiet && f.quiets_tried_count < 64)
    f.quiets_tried[f.quiets_tried_count++] = f.current;
  if (f.split) return after_split_child(ply, v);
  ++f.moves_searched;
  if (ply == 0)
    record_root_move(ply, f.current, f.move_number, v, f.alpha, nodes() - f.nodes_at_move);

  if (v > f.best_score) {
    f.best_score = v;
    if (v > f.alpha) {
      f.best_move = f.current;
      if (pv) update_pv(ply, f.current);
      if (v >= f.beta) {
        if (f.current_is_quiet) update_quiet_stats(f, ply, f.current);
        return finish_node(ply);
      }
      f.alpha = v;
    }
  }
  f.type = after_move_without_cutoff(f.type);
  f.phase = Phase::kNextMove;
  return Action::kContinue;
}

template <SearchGame G>
bool SearchWorker<G>::searches_child_again(int ply, Score v, Action& next) {
  Frame& f = frames_[ply];
  const bool pv = f.type == NodeType::kPV;
  if (f.split) {
    // At a split node other threads may have raised alpha meanwhile. A null-window result
    // above the alpha it was searched with is only a lower bound: if it does not also beat the
    // raised alpha, it says nothing about whether the move beats it. Search the same stage
    // again at the new alpha, as one thread would have searched it.
    f.alpha = std::max(f.alpha, f.split->alpha.load(std::memory_order_relaxed));
    if (f.child_search != ChildSearch::kFullWindow && v > f.child_alpha && v <= f.alpha) {
      ++policy_->thread_stats(thread_index_).stale_window_researches;
      f.child_alpha = f.alpha;
      const Depth depth =
          f.child_depth - (f.child_search == ChildSearch::kReduced ? f.reduction : 0);
      next = push_research(ply, Research::kStale,
                           push_child(ply, -f.alpha - 1, -f.alpha, depth,
                                      child_node_type(f.type, f.move_number), true,
                                      Phase::kAfterChild));
      return true;
    }
  }
  const bool researching =
      (f.child_search == ChildSearch::kReduced && v > f.alpha) ||
      (f.child_search == ChildSearch::kScout && pv && v > f.alpha && v < f.beta);
  if (researching && f.split && shared_.features.deferred_researches && defer_research(ply)) {
    next = Action::kContinue;
    return true;
  }
  if (researching && f.announced && policy_->points.announce_before_research)
    announce_move_searched(ply);
  if (f.child_search == ChildSearch::kReduced && v > f.alpha) {
    f.child_search = ChildSearch::kScout;
    f.child_alpha = f.alpha;
    next = push_research(ply, Research::kLmr,
                         push_child(ply, -f.alpha - 1, -f.alpha, f.child_depth,
                                    child_node_type(f.type, f.move_number), true,
                                    Phase::kAfterChild));
    return true;
  }
  if (f.child_search == ChildSearch::kScout && pv && v > f.alpha && v < f.beta) {
    f.child_search = ChildSearch::kFullWindow;
    next = push_research(ply, Research::kPvs,
                         push_child(ply, -f.beta, -f.alpha, f.child_depth, NodeType::kPV, true,
                                    Phase::kAfterChild));
    return true;
  }
  return false;
}

template <SearchGame G>
typename SearchWorker<G>::Action SearchWorker<G>::finish_node(int ply) {
  Frame& f = frames_[ply];
  if (f.moves_searched == 0 && f.moves_pruned == 0) {
    // Without its excluded move a node may have no move left: that says nothing of it.
    if (f.excluded_move) return return_value(ply, f.alpha);
    return return_value(ply, f.in_check || G::kNoLegalMoveLoses ? mated_in(ply) : kDrawScore);
  }
  // Every move pruned: the node fails low (an upper bound at the pruning value, or alpha).
  const Score best = f.moves_searched == 0 ? std::min(f.best_score > -kInfiniteScore
                                                          ? f.best_score : f.alpha, f.alpha)
                                           : f.best_score;
  hashing::TtBound bound;
  NodeType actual;
  if (best >= f.beta) {
    bound = hashing::TtBound::Lower;
    actual = NodeType::kCut;
  } else if (best > f.original_alpha) {
    bound = hashing::TtBound::Exact;
    actual = NodeType::kPV;
  } else {
    bound = hashing::TtBound::Upper;
    actual = NodeType::kAll;
  }
  if (f.excluded_move) return return_value(ply, best);  // Not the position's value: not stored.
  stats_.node_types.record(f.depth, f.predicted, actual, f.moves_searched);
  if (is_ban_score(best)) return return_value(ply, best);  // Depends on the path: not stored.
  hashing::TtEntry entry;
  const Move move = f.best_move ? f.best_move : f.table_move;
  entry.move = move ? G::move_to_bits(move) : 0;
  entry.score = int16_t(hashing::score_to_tt(best, ply));
  entry.depth = int8_t(std::min(f.depth, 127));
  entry.bound = bound;
  entry.log2_size = hashing::log2_subtree_size(subtree_clock() - f.nodes_at_entry);
  store_table(entry);
  return return_value(ply, best);
}

template <SearchGame G>
void SearchWorker<G>::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

template <SearchGame G>
typename SearchWorker<G>::Move SearchWorker<G>::counter_move(int ply) const {
  if (!shared_.features.counter_moves || ply == 0) return Move::none();
  const Frame& parent = frames_[ply - 1];
  if (parent.phase != Phase::kAfterChild) return Move::none();  // A null move or verification.
  return counter_moves_[parent.current_history_index];
}

template <SearchGame G>
int SearchWorker<G>::previous_move_index(int ply, int back) const {
  if (!shared_.features.continuation_history || ply - back < base_ply_) return -1;
  const Frame& above = frames_[ply - back];
  return above.phase == Phase::kAfterChild ? above.current_history_index : -1;
}

template <SearchGame G>
void SearchWorker<G>::update_quiet_stats(Frame& f, int ply, Move best) {
  if (shared_.features.counter_moves && ply > 0 &&
      frames_[ply - 1].phase == Phase::kAfterChild)
    counter_moves_[frames_[ply - 1].current_history_index] = best;
  if (!shared_.plain_search) killers_->add(ply, best);
  const int bonus = std::min(f.depth * f.depth, 400);
  history_->update(G::history_index(pos_, best), bonus);
  for (int i = 0; i < f.quiets_tried_count; ++i)
    if (f.quiets_tried[i] != best) history_->update(G::history_index(pos_, f.quiets_tried[i]), -bonus);
  for (int back = 1; back <= 2; ++back) {
    const int previous = previous_move_index(ply, back);
    if (previous < 0) continue;
    continuation_history_.update(previous, G::history_index(pos_, best), bonus);
    for (int i = 0; i < f.quiets_tried_count; ++i)
      if (f.quiets_tried[i] != best)
        continuation_history_.update(previous, G::history_index(pos_, f.quiets_tried[i]), -bonus);
  }
}

template <SearchGame G>
Score SearchWorker<G>::hurried_value(int ply) {
  if (G::in_check(pos_)) {
    MoveList legal;
    G::generate_legal(pos_, legal);
    if (legal.empty()) return mated_in(ply);
  }
  return evaluate_here();
}

template <SearchGame G>
bool SearchWorker<G>::quiescence_ends_at_entry(int ply, Score& value) {
  if (should_abort()) {
    aborted_ = true;
    value = 0;
    return true;
  }
  count_node(ply);
  ++stats_.qnodes;
  if (meter_) [[unlikely]] meter_->charge(WorkMeter::Work::kQuiescenceNode);
  if (ply >= kMaxPly) {
    value = evaluate_here();
    return true;
  }
  if (G::rule_score(pos_, value)) return true;
  if (shared_.hurry.load(std::memory_order_relaxed)) [[unlikely]] {
    value = hurried_value(ply);
    return true;
  }
  return false;
}

template <SearchGame G>
bool SearchWorker<G>::quiescence_table_cuts_off(Score alpha, Score beta, int ply,
                                                Move& table_move, Score& value) {
  hashing::TtEntry entry;
  if (!probe_table(entry)) return false;
  table_move = G::move_from_bits(entry.move);
  // Only in a null window: a PV line keeps its exact quiescence value.
  if (beta - alpha != 1 || entry.bound == hashing::TtBound::None) return false;
  const Score s = hashing::score_from_tt(entry.score, ply);
  if (entry.bound == hashing::TtBound::Exact ||
      (entry.bound == hashing::TtBound::Lower && s >= beta) ||
      (entry.bound == hashing::TtBound::Upper && s <= alpha)) {
    ++stats_.tt.cutoffs;
    value = s;
    return true;
  }
  return false;
}

template <SearchGame G>
Score SearchWorker<G>::quiescence(Score alpha, Score beta, int ply, int qply) {
  if (Score value; quiescence_ends_at_entry(ply, value)) return value;
  const bool in_check = G::in_check(pos_);
  // qsearch-tt: the table answers here too (any stored depth is at least quiescence's), and
  // what quiescence finds is stored at depth 0, below every full-width entry.
  const bool use_table = shared_.features.qsearch_tt && !shared_.plain_search;
  const Score original_alpha = alpha;
  const uint64_t nodes_at_entry = use_table ? subtree_clock() : 0;  // Only a store needs it.
  Move table_move = Move::none();
  if (Score value; use_table && quiescence_table_cuts_off(alpha, beta, ply, table_move, value))
    return value;
  Score best = -kInfiniteScore;
  Move best_move = Move::none();
  auto store = [&](Score value) {
    if (!use_table || is_ban_score(value)) return value;  // A ban depends on the path.
    hashing::TtEntry entry;
    entry.move = best_move ? G::move_to_bits(best_move) : (table_move ? G::move_to_bits(table_move) : 0);
    entry.score = int16_t(hashing::score_to_tt(value, ply));
    entry.depth = 0;
    entry.bound = value >= beta                ? hashing::TtBound::Lower
                  : value > original_alpha ? hashing::TtBound::Exact
                                              : hashing::TtBound::Upper;
    entry.log2_size = hashing::log2_subtree_size(subtree_clock() - nodes_at_entry);
    store_table(entry);
    return value;
  };
  Score stand_pat = -kInfiniteScore;
  if (!in_check) {
    stand_pat = evaluate_here();
    if (stand_pat >= beta) return store(stand_pat);
    if (stand_pat > alpha) alpha = stand_pat;
    best = stand_pat;
  }
  int searched = 0;
  // Plays `m` and searches it; true when the search is over (a cutoff, or aborted).
  auto search_move = [&](Move m) {
    G::make(pos_, m);
    const Score v = -quiescence(-beta, -alpha, ply + 1, qply + 1);
    G::unmake(pos_, m);
    ++searched;
    if (aborted_) return true;
    if (v > best) {
      best = v;
      if (v > alpha) {
        best_move = m;
        if (v >= beta) return true;
        alpha = v;
      }
    }
    return false;
  };
  MovePicker<G> picker;
  picker.init_quiescence(pos_, in_check, table_move);
  const bool delta_pruning = shared_.features.delta_pruning && !in_check && !shared_.plain_search;
  for (Move m = picker.next(); m; m = picker.next()) {
    if (!in_check && !G::see_non_negative(pos_, m)) continue;  // Losing captures cannot help here.
    // Delta pruning: even winning the victim outright (and a margin) leaves us below alpha.
    if (delta_pruning && stand_pat + G::tactical_gain(pos_, m) + 200 <= alpha) continue;
    if (search_move(m)) return aborted_ ? 0 : store(best);
  }
  // qsearch-checks: at the first ply, a quiet check that loses nothing by SEE may mate or win
  // material that the captures alone cannot see; its reply, in check, tries every evasion.
  if (shared_.features.qsearch_checks && qply == 0 && !in_check && !shared_.plain_search) {
    typename G::MoveList checks;
    G::generate_quiet_checks(pos_, checks);
    for (Move m : checks) {
      if (!G::see_non_negative(pos_, m)) continue;
      if (search_move(m)) return aborted_ ? 0 : store(best);
    }
  }
  if (in_check && searched == 0) return store(mated_in(ply));
  return store(best);
}

}  // namespace splitlab::search
