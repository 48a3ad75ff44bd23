// Searcher's member definitions, compiled once per game (see search_instance.h).
#pragma once

#include "engine/search/aspiration.h"
#include "engine/search/searcher.h"

namespace splitlab::search {

template <SearchGame G>
Searcher<G>::Searcher(hashing::TranspositionTable& table) : worker_(shared_, 0) {
  shared_.table = &table;
  shared_.features = default_search_features<G>();
  shared_.set_tuning(G::kDefaultSearchTuning);
  worker_.on_periodic_check = [this] { check_limits(); };
}

template <SearchGame G>
Searcher<G>::~Searcher() = default;

template <SearchGame G>
void Searcher<G>::check_limits() {
  if (timed_ && !time_.active() && ponderhit_.load(std::memory_order_relaxed))
    time_.start_after_ponder();
  if (node_ceiling_ && nodes() >= node_ceiling_) {
    stop_now();
  } else if (time_.past_deadline()) {
    if (has_answer_.load()) {
      stop_now();
    } else {
      // No iteration is complete yet: finish the first in a hurry (SharedSearchState::
      // hurry), then stop, so that even now the answer comes from a completed depth.
      shared_.hurry.store(true, std::memory_order_relaxed);
      stop_requested_.store(true);
    }
  } else if (time_.past_maximum() || (node_limit_ && nodes() >= node_limit_)) {
    stop();
  }
}

template <SearchGame G>
SearchResult Searcher<G>::make_result(Depth depth, Score score, int64_t elapsed, bool lower,
                                      bool upper) {
  SearchResult r;
  const auto& best = worker_.root_moves().front();
  r.best_move = G::move_to_text(best.move);
  for (Move m : best.pv) r.pv.push_back(G::move_to_text(m));
  if (best.pv.size() > 1) r.ponder_move = r.pv[1];
  r.score = score;
  r.depth = depth;
  r.seldepth = worker_.seldepth();
  r.nodes = nodes();
  r.time_ms = elapsed;
  r.lower_bound = lower;
  r.upper_bound = upper;
  return r;
}

template <SearchGame G>
SearchResult Searcher<G>::run(const Position& pos, const SearchLimits& limits, bool pondering,
                              int64_t move_overhead_ms, const Report& report,
                              TimeManager::Clock::time_point started) {
  shared_.table->new_search();
  worker_.reset_stats();
  has_answer_.store(false);
  shared_.hurry.store(false, std::memory_order_relaxed);
  const auto clock_policy = shared_.features.time_floor     ? TimeManager::ClockPolicy::kFloor
                            : shared_.features.time_reserve ? TimeManager::ClockPolicy::kReserve
                                                            : TimeManager::ClockPolicy::kPlain;
  time_.start(limits, G::side_index(pos), move_overhead_ms, started, clock_policy);
  timed_ = time_.active();
  if (pondering && !ponderhit_.load(std::memory_order_relaxed)) time_.set_active(false);
  node_limit_ = limits.nodes;
  node_ceiling_ = limits.node_ceiling;

  std::vector<Move> allowed;
  for (const auto& text : limits.searchmoves) {
    std::string error;
    const Move m = G::parse_move(pos, text, error);
    if (!m.is_none()) allowed.push_back(m);
  }
  worker_.set_root(pos, allowed);
  SearchResult result;
  if (worker_.root_moves().empty()) {
    result.score = G::in_check(pos) || G::kNoLegalMoveLoses ? mated_in(0) : kDrawScore;
    return result;  // No legal move: best_move stays empty.
  }
  // Whatever happens, the answer is a legal move.
  result.best_move = G::move_to_text(worker_.root_moves().front().move);
  if (threads_) {
    threads_->run(worker_, pos, worker_.shared_root_moves(), allowed, limits.depth,
                  [&] { iterate(pos, limits, report, result); }, [this] { check_limits(); });
  } else {
    iterate(pos, limits, report, result);
  }
  result.nodes = nodes();
  result.time_ms = time_.elapsed_ms();
  return result;
}

template <SearchGame G>
void Searcher<G>::iterate(const Position&, const SearchLimits& limits, const Report& report,
                          SearchResult& result) {
  Score previous = 0;
  IterationTrend trend;
  for (Depth depth = 1; depth <= std::min(limits.depth, kMaxPly - 1); ++depth) {
    Score score = search_with_aspiration(worker_, depth, previous, [&](Score s, bool high) {
      report(make_result(depth, s, time_.elapsed_ms(), high, !high));
    });
    // Lazy SMP: another thread finished this iteration (or a deeper one) first; its root
    // moves are the answer, and the search goes on after its depth.
    if (worker_.aborted() && !shared_.stop.load(std::memory_order_relaxed) && threads_ &&
        threads_->adopt_finished_iteration(worker_, depth, depth, score))
      worker_.clear_aborted();
    if (worker_.aborted()) {
      // The stopped iteration searched the last best move first; once that move is done, the
      // front root move is at least as good as the last answer, and newer. In a first iteration
      // cut by the deadline, the front is the best of the moves it completed.
      if (worker_.root_moves_completed() > 0) {
        const auto& best = worker_.root_moves().front();
        result.best_move = G::move_to_text(best.move);
        result.ponder_move = best.pv.size() > 1 ? G::move_to_text(best.pv[1]) : "";
      }
      break;
    }
    const bool best_move_changed =
        G::move_to_text(worker_.root_moves().front().move) != result.best_move;
    if (depth > 1) trend.update(best_move_changed, score, previous);
    previous = score;
    result = make_result(depth, score, time_.elapsed_ms(), false, false);
    report(result);
    has_answer_.store(true);
    if (threads_) threads_->iteration_finished(worker_, depth, score);
    if (stop_requested_.load()) break;
    if (limits.mate > 0 && is_mate_score(score) && score > 0 &&
        mate_in_moves(score) <= limits.mate)
      break;
    if (shared_.features.smart_time_2) {
      const double scale = trend.scale_with_effort(worker_.best_move_effort());
      if (time_.active() && time_.elapsed_ms() >= time_.optimum_ms() * scale) break;
    } else if (shared_.features.smart_time) {
      if (time_.active() && time_.elapsed_ms() >= time_.optimum_ms() * trend.scale()) break;
    } else if (time_.past_optimum()) {
      break;
    }
    if (node_limit_ && nodes() >= node_limit_) break;
  }
}

}  // namespace splitlab::search
