// Template implementation of Coordinator (included by coordinator.h).
#pragma once

namespace splitlab::parallel {

template <search::SearchGame G>
Coordinator<G>::Coordinator(search::SharedSearchState& shared, int threads,
                            const SplitSettings& settings)
    : shared_(shared), pool_(threads), slots_(new Slot[size_t(pool_.size())]) {
  this->settings = settings;
  for (int i = 1; i < pool_.size(); ++i) {
    helpers_.push_back(std::make_unique<SearchWorker<G>>(shared, i));
    helpers_.back()->attach(this);
  }
}

template <search::SearchGame G>
uint64_t Coordinator<G>::thread_nodes(int i) const {
  return i == 0 ? (main_ ? main_->nodes() : 0) : helpers_[i - 1]->nodes();
}

template <search::SearchGame G>
uint64_t Coordinator<G>::total_nodes() const {
  uint64_t total = 0;
  for (int i = 0; i < pool_.size(); ++i) total += thread_nodes(i);
  return total;
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
  max_depth_ = max_depth;
  search_over_.store(false, std::memory_order_relaxed);
  root_done_flag_.store(false, std::memory_order_relaxed);
  this->waiting_helpers.store(0, std::memory_order_relaxed);
  for (int i = 0; i < pool_.size(); ++i) {
    slots_[i].word.store(kBusy, std::memory_order_relaxed);
    slots_[i].assigned.store(nullptr, std::memory_order_relaxed);
    slots_[i].stats = ParallelThreadStats();
  }
  const bool shared_ordering = this->settings.strategy != SplitStrategy::kLazy &&
                               this->settings.ordering == search::OrderingMemory::kShared;
  for (auto& h : helpers_) {
    h->reset_stats();
    h->share_ordering(shared_ordering ? &main : nullptr);
    if (this->settings.strategy != SplitStrategy::kLazy) h->share_root(root, root_moves);
  }

  pool_.run([&](int i) {
    const auto start = Clock::now();
    if (i == 0) {
      main_body();
      // Lazy SMP helpers search until told; the others are idle by now.
      search_over_.store(true, std::memory_order_release);
      shared_.stop.store(true, std::memory_order_relaxed);
    } else if (this->settings.strategy == SplitStrategy::kLazy) {
      lazy_loop(i);
    } else {
      idle_loop(i);
    }
    slots_[i].stats.total_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  });
  main.attach(nullptr);  // main_ stays, for the statistics of this search.
  periodic_ = nullptr;
}

template <search::SearchGame G>
SplitPoint<G>* Coordinator<G>::acquire_split_point() {
  std::lock_guard lock(pool_mutex_);
  if (free_split_points_.empty()) {
    split_points_.push_back(std::make_unique<SplitPoint<G>>());
    return split_points_.back().get();
  }
  SplitPoint<G>* sp = free_split_points_.back();
  free_split_points_.pop_back();
  return sp;
}

template <search::SearchGame G>
void Coordinator<G>::release_split_point(SplitPoint<G>* sp) {
  std::lock_guard lock(pool_mutex_);
  free_split_points_.push_back(sp);
}

template <search::SearchGame G>
int Coordinator<G>::book_helpers(SplitPoint<G>* sp, int owner) {
  int booked = 0;
  for (int t = 0; t < pool_.size() && booked < this->settings.max_helpers_per_split; ++t) {
    if (t == owner) continue;
    Slot& slot = slots_[t];
    uintptr_t word = slot.word.load(std::memory_order_acquire);
    if (state_of(word) != kWaiting) continue;
    // A YBWC owner waiting at its split point may only help below it (its own helpers).
    if (SplitPoint<G>* waiting = waiting_at(word)) {
      bool below = false;
      for (auto* p = sp->parent.load(std::memory_order_relaxed); p && !below;
           p = p->parent.load(std::memory_order_relaxed))
        below = p == waiting;
      if (!below) continue;
    }
    if (!slot.word.compare_exchange_strong(word, make_word(waiting_at(word), kBooked),
                                           std::memory_order_acq_rel))
      continue;
    this->waiting_helpers.fetch_sub(1, std::memory_order_relaxed);
    {
      std::lock_guard lock(sp->mutex);
      sp->workers.fetch_add(1, std::memory_order_relaxed);
      ++sp->helpers_joined;
    }
    slot.assigned.store(sp, std::memory_order_release);
    ++booked;
  }
  return booked;
}

template <search::SearchGame G>
SplitPoint<G>* Coordinator<G>::offer_or_take(int i) {
  Slot& slot = slots_[i];
  const uintptr_t word = slot.word.load(std::memory_order_acquire);
  if (state_of(word) == kBooked) {
    SplitPoint<G>* sp;
    while (!(sp = slot.assigned.exchange(nullptr, std::memory_order_acquire)))
      std::this_thread::yield();  // The booking thread is about to publish it.
    slot.word.store(make_word(waiting_at(word), kBusy), std::memory_order_relaxed);
    return sp;
  }
  if (state_of(word) == kBusy) {
    slot.word.store(make_word(waiting_at(word), kWaiting), std::memory_order_release);
    this->waiting_helpers.fetch_add(1, std::memory_order_relaxed);
    if (this->settings.strategy == SplitStrategy::kDts) ++slot.stats.help_requests;
  }
  return nullptr;
}

template <search::SearchGame G>
SplitPoint<G>* Coordinator<G>::withdraw(int i) {
  Slot& slot = slots_[i];
  uintptr_t word = slot.word.load(std::memory_order_acquire);
  if (state_of(word) == kWaiting &&
      slot.word.compare_exchange_strong(word, make_word(waiting_at(word), kBusy),
                                        std::memory_order_acq_rel)) {
    this->waiting_helpers.fetch_sub(1, std::memory_order_relaxed);
    return nullptr;
  }
  if (state_of(word) == kBooked) return offer_or_take(i);
  return nullptr;
}

template <search::SearchGame G>
void Coordinator<G>::serve(int i, SplitPoint<G>* sp) {
  ++slots_[i].stats.joins;
  worker(i).work_at(sp);
}

template <search::SearchGame G>
void Coordinator<G>::idle_loop(int i) {
  auto idle_start = Clock::now();
  while (!search_over_.load(std::memory_order_acquire)) {
    if (SplitPoint<G>* sp = offer_or_take(i)) {
      slots_[i].stats.idle_seconds +=
          std::chrono::duration<double>(Clock::now() - idle_start).count();
      serve(i, sp);
      idle_start = Clock::now();
      continue;
    }
    pause(i);
  }
  while (SplitPoint<G>* sp = withdraw(i)) serve(i, sp);
  slots_[i].stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
}

template <search::SearchGame G>
void Coordinator<G>::wait_for_helpers(int owner, SplitPoint<G>* sp) {
  Slot& slot = slots_[owner];
  // Waits nest (an owner helping below its split point may split and wait again): the
  // restriction of the outer wait comes back when the inner one ends.
  SplitPoint<G>* const outer = waiting_at(slot.word.load(std::memory_order_relaxed));
  slot.word.store(make_word(sp, kBusy), std::memory_order_release);
  auto idle_start = Clock::now();
  while (sp->workers.load(std::memory_order_acquire) > 1) {
    if (SplitPoint<G>* below = offer_or_take(owner)) {
      slot.stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
      serve(owner, below);
      idle_start = Clock::now();
      continue;
    }
    pause(owner);
  }
  while (SplitPoint<G>* below = withdraw(owner)) serve(owner, below);
  slot.word.store(make_word(outer, kBusy), std::memory_order_release);
  slot.stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
}

template <search::SearchGame G>
void Coordinator<G>::root_finished(int, Score value, bool aborted) {
  std::lock_guard lock(root_mutex_);
  root_value_ = value;
  root_aborted_ = aborted;
  root_done_flag_.store(true, std::memory_order_release);
}

template <search::SearchGame G>
Score Coordinator<G>::wait_for_root(int thread, bool& aborted) {
  Slot& slot = slots_[thread];
  auto idle_start = Clock::now();
  while (!root_done_flag_.load(std::memory_order_acquire)) {
    if (SplitPoint<G>* sp = offer_or_take(thread)) {
      slot.stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
      serve(thread, sp);
      idle_start = Clock::now();
      continue;
    }
    pause(thread);
  }
  while (SplitPoint<G>* sp = withdraw(thread)) serve(thread, sp);
  slot.stats.idle_seconds += std::chrono::duration<double>(Clock::now() - idle_start).count();
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
  // Helpers start a ply apart so that they do not all search the same iteration.
  for (Depth depth = 1 + (i & 1); depth <= max_depth_ + 1; ++depth) {
    w.search_root(depth, -kInfiniteScore, kInfiniteScore);
    if (w.aborted() || search_over_.load(std::memory_order_acquire)) break;
  }
}

}  // namespace splitlab::parallel
