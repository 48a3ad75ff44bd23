// Template implementation of Coordinator (included by coordinator.h).
#pragma once

#include <algorithm>
#include <bit>

#include "engine/search/aspiration.h"
#include "parallel/lazy_depths.h"
#include "parallel/race_canary.h"

namespace splitlab::parallel {

template <search::SearchGame G>
Coordinator<G>::Coordinator(search::SharedSearchState& shared, int threads,
                            const SplitSettings& settings)
    : shared_(shared), pool_(threads), states_(size_t(pool_.size())) {
  this->settings = settings;
  this->free_words_ = (pool_.size() + 63) / 64;
  // Each thread allocates what it owns, so that it lands in memory near the core it runs on.
  pool_.run([&](int i) {
    auto state = std::make_unique<ThreadState>();
    if (i > 0) {
      state->worker = std::make_unique<SearchWorker<G>>(shared, i);
      state->worker->attach(this);
    }
    states_[size_t(i)] = std::move(state);
  });
}

template <search::SearchGame G>
uint64_t Coordinator<G>::thread_nodes(int i) const {
  return i == 0 ? (main_ ? main_->nodes() : 0) : state(i).worker->nodes();
}

template <search::SearchGame G>
uint64_t Coordinator<G>::total_nodes() const {
  uint64_t total = 0;
  for (int i = 0; i < pool_.size(); ++i) total += thread_nodes(i);
  return total;
}

template <search::SearchGame G>
void Coordinator<G>::clear_history() {
  for (int i = 1; i < pool_.size(); ++i) state(i).worker->clear_history();
}

template <search::SearchGame G>
void Coordinator<G>::run_on_every_thread(const std::function<void(int, int)>& body) {
  pool_.run([&](int i) { body(i, pool_.size()); });
}

template <search::SearchGame G>
void Coordinator<G>::run(SearchWorker<G>& main, const Position& root,
                         search::RootMoves<G>* root_moves, const std::vector<Move>& allowed,
                         Depth max_depth, const std::function<void()>& main_body,
                         const std::function<void()>& periodic) {
  main_ = &main;
  main.attach(this);
  periodic_ = periodic;
  root_ = &root;
  allowed_ = &allowed;
  max_depth_ = std::min(max_depth, kMaxPly - 1);  // As the main thread's iterations.
  search_over_.store(false, std::memory_order_relaxed);
  root_done_flag_.store(false, std::memory_order_relaxed);
  for (auto& word : this->free_helpers_.words) word.store(0, std::memory_order_relaxed);
  for (int i = 0; i < pool_.size(); ++i) {
    state(i).assigned.store(nullptr, std::memory_order_relaxed);
    state(i).stats = ParallelThreadStats();
  }
  const bool lazy = this->settings.strategy == SplitStrategy::kLazy;
  const bool shared_ordering = !lazy && this->settings.ordering == search::OrderingMemory::kShared;
  lazy_deepest_.store(0, std::memory_order_relaxed);
  {
    std::lock_guard lock(lazy_mutex_);
    lazy_best_depth_ = 0;
    lazy_best_moves_.clear();
  }
  main.watch_finished_iterations(lazy ? &lazy_deepest_ : nullptr);
  for (int i = 1; i < pool_.size(); ++i) {
    SearchWorker<G>& h = *state(i).worker;
    h.watch_finished_iterations(lazy ? &lazy_deepest_ : nullptr);
    h.reset_stats();
    h.share_ordering(shared_ordering ? &main : nullptr);
    if (!lazy) h.share_root(root, root_moves);
  }

  pool_.run([&](int i) {
    if (race_canary_) write_race_canary(race_canary_);
    const auto start = Clock::now();
    if (i == 0) {
      main_body();
      // Lazy SMP helpers search until told; the others are idle by now.
      search_over_.store(true, std::memory_order_release);
      shared_.stop.store(true, std::memory_order_relaxed);
      wake_everyone();
    } else if (this->settings.strategy == SplitStrategy::kLazy) {
      lazy_loop(i);
    } else {
      idle_loop(i);
    }
    state(i).stats.total_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  });
  main.attach(nullptr);  // main_ stays, for the statistics of this search.
  main.watch_finished_iterations(nullptr);
  periodic_ = nullptr;
}

template <search::SearchGame G>
void Coordinator<G>::wake_everyone() {
  for (int i = 1; i < pool_.size(); ++i) pool_.parker(i).ring();
}

template <search::SearchGame G>
SplitPoint<G>* Coordinator<G>::acquire_split_point(int thread) {
  for (SplitPoint<G>& sp : state(thread).split_points) {
    // Acquire: whoever released it last is done with it.
    if (sp.in_use.load(std::memory_order_acquire)) continue;
    sp.in_use.store(true, std::memory_order_relaxed);
    return &sp;
  }
  return nullptr;
}

template <search::SearchGame G>
void Coordinator<G>::release_split_point(SplitPoint<G>* sp) {
  sp->in_use.store(false, std::memory_order_release);
}

template <search::SearchGame G>
void Coordinator<G>::offer(int i) {
  this->free_helpers_.words[i / 64].fetch_or(uint64_t{1} << (i % 64), std::memory_order_release);
  if (this->settings.strategy == SplitStrategy::kDts) ++state(i).stats.help_requests;
}

template <search::SearchGame G>
bool Coordinator<G>::withdraw(int i) {
  const uint64_t bit = uint64_t{1} << (i % 64);
  return this->free_helpers_.words[i / 64].fetch_and(~bit, std::memory_order_acq_rel) & bit;
}

template <search::SearchGame G>
void Coordinator<G>::book_helpers(int, SplitPoint<G>* enclosing, int max, Booking& booking) {
  booking.count = 0;
  // Owners waiting above this node first: they can help nowhere else.
  for (SplitPoint<G>* sp = enclosing; sp && booking.count < max;
       sp = sp->parent.load(std::memory_order_relaxed))
    if (sp->owner_idle.load(std::memory_order_relaxed) &&
        sp->owner_idle.exchange(false, std::memory_order_acquire))
      booking.add(sp->owner);
  for (int w = 0; w < this->free_words_ && booking.count < max; ++w) {
    std::atomic<uint64_t>& word = this->free_helpers_.words[w];
    uint64_t seen = word.load(std::memory_order_relaxed);
    uint64_t wanted = 0;
    for (int n = booking.count; seen && n < max; ++n) {
      wanted |= seen & -seen;  // The lowest free thread still seen.
      seen &= seen - 1;
    }
    if (!wanted) continue;
    // The bits this thread clears are the threads it booked; a bit another splitter cleared
    // first is lost, and nothing else was spent on it.
    for (uint64_t got = word.fetch_and(~wanted, std::memory_order_acquire) & wanted; got;
         got &= got - 1)
      booking.add(w * 64 + std::countr_zero(got));
  }
}

template <search::SearchGame G>
void Coordinator<G>::assign(const Booking& booking, SplitPoint<G>* sp) {
  for (int n = 0; n < booking.count; ++n) {
    const int t = booking.threads[n];
    state(t).assigned.store(sp, std::memory_order_release);
    pool_.parker(t).ring();
  }
}

template <search::SearchGame G>
template <typename Ready>
SplitPoint<G>* Coordinator<G>::wait_for_work(int i, Ready&& ready) {
  std::atomic<SplitPoint<G>*>& assigned = state(i).assigned;
  auto done = [&] { return assigned.load(std::memory_order_relaxed) != nullptr || ready(); };
  if (i == 0) {
    // The main thread keeps its time and node limits while it waits.
    wait_until(pool_.parker(0), pool_.spin(), done, [&] { if (periodic_) periodic_(); },
               std::chrono::microseconds(1000));
  } else {
    wait_until(pool_.parker(i), pool_.spin(), done);
  }
  return take_assignment(i);
}

template <search::SearchGame G>
void Coordinator<G>::serve(int i, SplitPoint<G>* sp) {
  ++state(i).stats.joins;
  worker(i).work_at(sp);
}

template <search::SearchGame G>
void Coordinator<G>::idle_loop(int i) {
  ParallelThreadStats& stats = state(i).stats;
  auto idle_start = Clock::now();
  offer(i);
  while (true) {
    SplitPoint<G>* sp = wait_for_work(i, [&] { return search_over_.load(std::memory_order_acquire); });
    if (!sp) {
      if (withdraw(i)) break;
      continue;  // Booked just now: its split point is on the way.
    }
    stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
    serve(i, sp);
    idle_start = Clock::now();
    offer(i);
  }
  stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
}

template <search::SearchGame G>
void Coordinator<G>::wait_for_helpers(int owner, SplitPoint<G>* sp) {
  ParallelThreadStats& stats = state(owner).stats;
  auto idle_start = Clock::now();
  while (true) {
    sp->owner_idle.store(true, std::memory_order_release);
    SplitPoint<G>* below =
        wait_for_work(owner, [&] { return sp->workers.load(std::memory_order_acquire) == 1; });
    if (!below) {
      if (sp->owner_idle.exchange(false, std::memory_order_acq_rel)) break;  // Not booked.
      below = wait_for_work(owner, [] { return false; });  // Booked: its split point is coming.
    }
    stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
    serve(owner, below);
    idle_start = Clock::now();
  }
  stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
}

template <search::SearchGame G>
void Coordinator<G>::root_finished(int, Score value, bool aborted) {
  {
    std::lock_guard lock(root_mutex_);
    root_value_ = value;
    root_aborted_ = aborted;
  }
  root_done_flag_.store(true, std::memory_order_release);
  pool_.parker(0).ring();  // Only the main thread waits for the root.
}

template <search::SearchGame G>
Score Coordinator<G>::wait_for_root(int thread, bool& aborted) {
  ParallelThreadStats& stats = state(thread).stats;
  auto idle_start = Clock::now();
  offer(thread);
  while (true) {
    SplitPoint<G>* sp =
        wait_for_work(thread, [&] { return root_done_flag_.load(std::memory_order_acquire); });
    if (!sp) {
      if (withdraw(thread)) break;
      continue;  // Booked just now: its split point is on the way.
    }
    stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
    serve(thread, sp);
    idle_start = Clock::now();
    offer(thread);
  }
  stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
  std::lock_guard lock(root_mutex_);
  root_done_flag_.store(false, std::memory_order_relaxed);
  aborted = root_aborted_;
  return root_value_;
}

template <search::SearchGame G>
void Coordinator<G>::lazy_loop(int i) {
  SearchWorker<G>& w = worker(i);
  w.set_root(*root_, *allowed_);
  if (w.root_moves().empty()) return;
  Score previous = 0;
  Depth depth = 1;
  while (!search_over_.load(std::memory_order_acquire)) {
    // Never an iteration some thread has finished already; the first helper keeps a ply ahead
    // (lazy_depths.h).
    const Depth deepest = lazy_deepest_.load(std::memory_order_acquire);
    if (deepest >= depth) {
      depth = deepest + 1 + (i == 1 ? 1 : 0);
      std::lock_guard lock(lazy_mutex_);
      previous = lazy_best_score_;
    }
    while (lazy_helper_skips_depth(i, depth)) ++depth;
    // At the search's last depth every thread joins in: an iteration deeper than asked for
    // would end the search with a depth that nobody asked for.
    if (depth > max_depth_) {
      if (deepest >= max_depth_) break;
      depth = max_depth_;
    }
    const Score score = search::search_with_aspiration(w, depth, previous, [](Score, bool) {});
    if (w.aborted()) {
      if (shared_.stop.load(std::memory_order_relaxed)) break;
      continue;  // Another thread finished this iteration first: see above.
    }
    iteration_finished(w, depth, score);
    previous = score;
    ++depth;
  }
}

template <search::SearchGame G>
void Coordinator<G>::iteration_finished(SearchWorker<G>& worker, Depth depth, Score score) {
  if (this->settings.strategy != SplitStrategy::kLazy) return;
  std::lock_guard lock(lazy_mutex_);
  if (depth <= lazy_best_depth_) return;
  lazy_best_moves_ = worker.root_moves();
  lazy_best_depth_ = depth;
  lazy_best_score_ = score;
  // Release: a thread that sees the depth and then takes the lock finds this result.
  lazy_deepest_.store(depth, std::memory_order_release);
}

template <search::SearchGame G>
bool Coordinator<G>::adopt_finished_iteration(SearchWorker<G>& main, Depth at_least,
                                              Depth& depth, Score& score) {
  std::lock_guard lock(lazy_mutex_);
  if (lazy_best_depth_ < at_least) return false;
  search::RootMoves<G>& moves = *main.shared_root_moves();
  {
    std::lock_guard moves_lock(moves.mutex);
    moves.moves = lazy_best_moves_;
    moves.completed = int(moves.moves.size());
  }
  depth = lazy_best_depth_;
  score = lazy_best_score_;
  ++state(0).stats.iterations_taken_over;
  return true;
}

}  // namespace splitlab::parallel
