// The search driver: iterative deepening with aspiration windows over a SearchWorker, time and
// node limits, and one report per completed iteration. One search at a time; stop() and
// ponderhit() may be called from another thread while run() is searching.
//
// Every answer comes from a completed iteration, depth 1 at least: stop(), the node limit and
// the time budget wait for the first iteration to end (usually a few hundred nodes), so that a
// stop sent at once after "go" still gets a searched move. A deadline (on a clock the time left
// minus the move overhead; with movetime the movetime minus 20 ms) that comes inside the first
// iteration makes it finish in a hurry (SharedSearchState::hurry: the rest of it scored by static
// evaluation, microseconds) and then stops; in later iterations the deadline stops at once, and
// the answer is the last iteration's, or the best root move the cut one completed. Only
// SearchLimits's node_ceiling (for fuzzing) cuts even the first iteration short.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/search/search_types.h"
#include "engine/search/search_worker.h"
#include "engine/search/time_manager.h"

namespace splitlab::search {

template <SearchGame G>
class Searcher {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Report = std::function<void(const SearchResult&)>;

  // Both defined with the rest of the searcher (searcher_impl.h), compiled once per game.
  explicit Searcher(hashing::TranspositionTable& table);
  ~Searcher();

  // The other threads of a parallel search (parallel/), or null for one thread. Made for
  // this searcher's shared state: see shared_state().
  void set_threads(std::unique_ptr<ParallelPolicy<G>> threads) { threads_ = std::move(threads); }
  ParallelPolicy<G>* threads() { return threads_.get(); }
  // Runs body(thread, threads) on each of this searcher's threads at once (between searches):
  // the table's part runner, so that the search threads first-touch the table they share.
  void run_on_every_thread(const std::function<void(int, int)>& body) {
    if (threads_) {
      threads_->run_on_every_thread(body);
    } else {
      body(0, 1);
    }
  }
  SharedSearchState& shared_state() { return shared_; }
  // The main thread reports its work to `meter` (a simulated run: work_meter.h); a team on
  // virtual CPUs sets it again for each search.
  void set_meter(WorkMeter* meter) { worker_.set_meter(meter); }

  // Clears stop() and ponderhit() before a search: call it before handing run() to another
  // thread, so that a stop sent before run() starts is not lost.
  void arm() {
    shared_.stop.store(false, std::memory_order_relaxed);
    shared_.hurry.store(false, std::memory_order_relaxed);
    stop_requested_.store(false);
    has_answer_.store(false);
    ponderhit_.store(false, std::memory_order_relaxed);
  }

  // Searches `pos` within `limits`, calling `report` after each iteration (and for aspiration
  // fail-highs and fail-lows). `pondering`: time control waits for ponderhit(). Time counts
  // from `started` (when the GUI sent "go"). Call arm() first.
  SearchResult run(const Position& pos, const SearchLimits& limits, bool pondering,
                   int64_t move_overhead_ms, const Report& report,
                   TimeManager::Clock::time_point started = TimeManager::Clock::now());

  // The longest the last run() meant to take, in ms (0 without a time budget).
  int64_t maximum_ms() const { return time_.maximum_ms(); }

  // Ends the search as soon as it has completed an iteration (at once if it has one).
  // stop_requested_ and has_answer_ are sequentially consistent: of this store-then-load and
  // iterate()'s store-then-load, at least one side sees the other's store, so no stop is lost.
  void stop() {
    stop_requested_.store(true);
    if (has_answer_.load()) stop_now();
  }
  // Ends the search at once, answered or not: for quitting.
  void abort() {
    stop_requested_.store(true);
    stop_now();
  }
  void ponderhit() { ponderhit_.store(true, std::memory_order_relaxed); }
  void new_game() {
    worker_.clear_history();
    if (threads_) threads_->clear_history();
  }

  // The best root move's share of the last root search's nodes (SearchWorker::best_move_effort).
  double best_move_effort() const { return worker_.best_move_effort(); }
  // The main thread's statistics (node types, table).
  const SearchStats& stats() const { return worker_.stats(); }
  uint64_t nodes() const { return threads_ ? threads_->total_nodes() : worker_.nodes(); }

 private:
  void stop_now() { shared_.stop.store(true, std::memory_order_relaxed); }
  void check_limits();
  SearchResult make_result(Depth depth, Score score, int64_t elapsed, bool lower, bool upper);

  void iterate(const Position& pos, const SearchLimits& limits, const Report& report,
               SearchResult& result);

  SharedSearchState shared_;
  SearchWorker<G> worker_;
  std::unique_ptr<ParallelPolicy<G>> threads_;
  TimeManager time_;
  bool timed_ = false;
  uint64_t node_limit_ = 0;
  uint64_t node_ceiling_ = 0;
  std::atomic<bool> stop_requested_{false};  // stop() was called (by anyone).
  std::atomic<bool> has_answer_{false};      // An iteration of this search is complete.
  std::atomic<bool> ponderhit_{false};
};

}  // namespace splitlab::search
