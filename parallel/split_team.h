// What the strategies that split one tree (ybwc.h, dts.h) have in common: who is free to help,
// how a splitter books helpers and hands them its split point, each thread's store of split
// points, and the loop an idle thread waits in.
//
// Who helps whom (see FreeHelpers and SplitPoint::owner_idle):
//   * a thread with nothing to do sets its bit in the free-helper mask; a thread that splits
//     claims bits with fetch_and, and a bit it cleared is a thread it booked, so one idle
//     thread is booked by exactly one splitter and a splitter that loses the race has spent a
//     few loads (counted as a failed split);
//   * an owner waiting at its split point (YBWC) is not in the mask (it may only help below its
//     split point): it sets its split point's owner_idle, which only threads below look at;
//   * the splitter books first, then builds the split point, then hands it to each booked
//     thread through that thread's `assigned` word and rings its Parker;
//   * with SplitJoin=late, a thread that falls idle first looks for an open split point of
//     another thread (each thread's `open_slots` word says which of its split points may be
//     open) and joins the deepest one that still has room; only if there is none does it
//     offer itself and wait. Stockfish's "late join" and Hyatt's DTS, where an idle processor
//     chooses among all the busy ones' nodes, do the same: at many CPUs the split points made
//     while every thread was busy would otherwise never get the threads freed later.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <memory>
#include <vector>

#include "engine/search/split_point.h"
#include "parallel/thread_team.h"

namespace splitlab::parallel {

// Split points one thread may own at once. YBWC nests one per level of waiting owners that
// split again while they help; DTS can leave a few behind for other threads to finish. When
// all are taken the thread simply does not split.
inline constexpr int kSplitPointsPerThread = 32;

// Which threads are idle and free to help anywhere (bit t: thread t). Written when a thread
// offers itself (it sets its bit) and when a booking claims it (whoever clears the bit with
// fetch_and owns the booking); read by every busy thread at split-eligible moments. A line of
// its own, so that these writes disturb nothing else.
struct alignas(64) FreeHelpers {
  static constexpr int kWords = kMaxThreads / 64;
  std::atomic<uint64_t> words[kWords] = {};

  bool any(int used_words) const {
    for (int w = 0; w < used_words; ++w)
      if (words[w].load(std::memory_order_relaxed)) return true;
    return false;
  }
};

// The threads a split has booked: each now belongs to the split that booked it, and waits
// for it (the booked waiting owners came from their split point's owner_idle).
struct Booking {
  int count = 0;
  uint16_t threads[kMaxThreads];
  void add(int thread) { threads[count++] = uint16_t(thread); }
};

template <search::SearchGame G>
class SplitTeam : public ThreadTeam<G> {
 public:
  using Position = typename G::Position;

  SplitTeam(search::SharedSearchState& shared, int threads, const search::SplitRules& rules,
            SimulatedCpus* cpus = nullptr)
      : ThreadTeam<G>(shared, threads, rules, cpus), split_states_(size_t(this->pool_.size())) {
    free_words_ = (this->pool_.size() + 63) / 64;
    // Each thread allocates its own, as the team's workers.
    this->pool_.run([&](int i) { split_states_[size_t(i)] = std::make_unique<SplitState>(); });
  }

  SplitPoint<G>* acquire_split_point(int thread) override {
    for (SplitPoint<G>& sp : split_state(thread).split_points) {
      // Acquire: whoever released it last is done with it.
      if (sp.in_use.load(std::memory_order_acquire)) continue;
      sp.in_use.store(true, std::memory_order_relaxed);
      // Its owner from now, before anything can release it: a split that books nobody is
      // released at once, and release_split_point finds the slot's bit through the owner
      // (UBSan caught a helper's first failed split shifting by the distance to thread 0's
      // split points, the owner a fresh split point names).
      sp.owner = thread;
      return &sp;
    }
    return nullptr;
  }
  void release_split_point(SplitPoint<G>* sp) override {
    if (this->rules.late_join) {
      SplitState& owner = split_state(sp->owner);
      owner.open_slots.fetch_and(~slot_bit(owner, sp), std::memory_order_relaxed);
    }
    sp->in_use.store(false, std::memory_order_release);
  }

  // First idle owners of enclosing split points (they can help nowhere else), then free
  // threads, up to rules.max_helpers_per_split.
  int book_helpers(int owner, SplitPoint<G>* enclosing) override {
    Booking& booking = split_state(owner).booking;
    const int max = this->rules.max_helpers_per_split;
    booking.count = 0;
    for (SplitPoint<G>* sp = enclosing; sp && booking.count < max;
         sp = sp->parent.load(std::memory_order_relaxed))
      if (sp->owner_idle.load(std::memory_order_relaxed) &&
          sp->owner_idle.exchange(false, std::memory_order_acquire))
        booking.add(sp->owner);
    for (int w = 0; w < free_words_ && booking.count < max; ++w) {
      std::atomic<uint64_t>& word = free_helpers_.words[w];
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
    return booking.count;
  }

  // Sends every booked thread to `sp` (already counted in sp->workers).
  void send_helpers(int owner, SplitPoint<G>* sp) override {
    if (this->rules.late_join) {
      SplitState& state = split_state(owner);
      state.open_slots.fetch_or(slot_bit(state, sp), std::memory_order_release);
    }
    const Booking& booking = split_state(owner).booking;
    for (int n = 0; n < booking.count; ++n) {
      const int t = booking.threads[n];
      split_state(t).assigned.store(sp, std::memory_order_release);
      this->ring(t);
    }
  }

 protected:
  // The hot path: whether any thread is free to help anywhere.
  bool any_free_helper() const { return free_helpers_.any(free_words_); }
  // Whether thread t is offering itself (idle, waiting to be booked).
  bool is_free(int t) const {
    return free_helpers_.words[t / 64].load(std::memory_order_relaxed) & (uint64_t{1} << (t % 64));
  }
  // Called in thread i just after it offered itself (DTS counts these moments).
  virtual void thread_offered(int) {}

  void begin_search(SearchWorker<G>& main, const Position& root,
                    search::RootMoves<G>* root_moves) override {
    for (auto& word : free_helpers_.words) word.store(0, std::memory_order_relaxed);
    for (auto& s : split_states_) {
      s->assigned.store(nullptr, std::memory_order_relaxed);
      s->open_slots.store(0, std::memory_order_relaxed);
    }
    const bool shared_ordering = this->rules.ordering == search::OrderingMemory::kShared;
    for (int i = 1; i < this->threads(); ++i) {
      SearchWorker<G>& h = this->helper(i);
      h.share_ordering(shared_ordering ? &main : nullptr);
      h.share_root(root, root_moves);
    }
  }

  // A helper between searches' splits: offered to any splitter, serving whatever split
  // point it is sent to, until the search is over.
  void serve_search(int i) override {
    help_until(i, [&] { return this->search_over(); });
  }

  // Offers thread i to any splitter (sets its free bit) and serves the split points it is
  // sent to until done(); then withdraws it, serving one last split point if a booking came
  // first. Time not serving is idle time.
  template <typename Done>
  void help_until(int i, Done&& done) {
    ParallelThreadStats& stats = this->thread_stats(i);
    auto idle_start = ThreadTeam<G>::Clock::now();
    while (true) {
      SplitPoint<G>* sp = nullptr;
      if (this->rules.late_join && !done()) {
        // Looking is not idle time: a lock it waits for counts as lock wait.
        stats.idle_seconds += seconds_since(idle_start);
        sp = join_late(i);
        idle_start = ThreadTeam<G>::Clock::now();
      }
      if (!sp) {
        offer(i);
        while (true) {
          sp = wait_for_work(i, done);
          if (sp || withdraw(i)) break;
          // Booked just now: its split point is on the way.
        }
        if (!sp) break;
      }
      stats.idle_seconds += seconds_since(idle_start);
      serve(i, sp);
      idle_start = ThreadTeam<G>::Clock::now();
    }
    stats.idle_seconds += seconds_since(idle_start);
  }

  // SplitJoin=late: the deepest open split point of another thread that thread i could join
  // (ties: the lowest thread, then slot), joined; null if none took it. A few tries, since
  // another thread may take the last room or close a split point between the look and the join.
  SplitPoint<G>* join_late(int i) {
    constexpr int kTries = 3;
    SplitPoint<G>* tried[kTries] = {};
    for (int attempt = 0; attempt < kTries; ++attempt) {
      SplitPoint<G>* best = nullptr;
      int best_depth = -1;
      for (int t = 0; t < this->threads(); ++t) {
        if (t == i) continue;
        SplitState& state = split_state(t);
        for (uint32_t slots = state.open_slots.load(std::memory_order_acquire); slots;
             slots &= slots - 1) {
          SplitPoint<G>* sp = &state.split_points[size_t(std::countr_zero(slots))];
          if (std::find(tried, tried + attempt, sp) != tried + attempt) continue;
          const int depth = sp->open_depth.load(std::memory_order_relaxed);
          if (depth > best_depth && sp->open.load(std::memory_order_relaxed)) {
            best = sp;
            best_depth = depth;
          }
        }
      }
      if (!best) return nullptr;
      if (this->worker(i).join_late(best)) {
        ++this->thread_stats(i).late_joins;
        return best;
      }
      tried[attempt] = best;
    }
    return nullptr;
  }

  // Waits until ready() or an assignment for thread i; returns the assignment, if any.
  template <typename Ready>
  SplitPoint<G>* wait_for_work(int i, Ready&& ready, WaitReason why = WaitReason::kNoWork) {
    std::atomic<SplitPoint<G>*>& assigned = split_state(i).assigned;
    this->wait_for(
        i, [&] { return assigned.load(std::memory_order_relaxed) != nullptr || ready(); }, why);
    return assigned.exchange(nullptr, std::memory_order_acquire);
  }

  void serve(int i, SplitPoint<G>* sp) {
    ++this->thread_stats(i).joins;
    this->worker(i).work_at(sp);
  }

  static double seconds_since(typename ThreadTeam<G>::Clock::time_point start) {
    return std::chrono::duration<double>(ThreadTeam<G>::Clock::now() - start).count();
  }

  // Set by a strategy whose idle threads ask for work (DTS): every offer counts as a help
  // request in the statistics.
  bool offers_are_requests_ = false;

 private:
  // What each thread of a split search owns, allocated by that thread. The first line holds
  // what other threads write (a booking's split point).
  struct SplitState {
    alignas(64) std::atomic<SplitPoint<G>*> assigned{nullptr};
    // SplitJoin=late: bit k set while split_points[k] may be open to late joiners (set when
    // it is made, cleared when it is released; SplitPoint::open under its mutex decides).
    alignas(64) std::atomic<uint32_t> open_slots{0};
    alignas(64) Booking booking;  // The helpers of the split this thread is making.
    std::array<SplitPoint<G>, kSplitPointsPerThread> split_points;
  };
  SplitState& split_state(int i) { return *split_states_[size_t(i)]; }
  static uint32_t slot_bit(const SplitState& state, const SplitPoint<G>* sp) {
    return uint32_t{1} << (sp - state.split_points.data());
  }
  static_assert(kSplitPointsPerThread <= 32, "open_slots has a bit per split point");

  void offer(int i) {
    free_helpers_.words[i / 64].fetch_or(uint64_t{1} << (i % 64), std::memory_order_release);
    if (offers_are_requests_) ++this->thread_stats(i).help_requests;
    thread_offered(i);
  }
  // Stops offering thread i; false if it was booked meanwhile (its split point is coming).
  bool withdraw(int i) {
    const uint64_t bit = uint64_t{1} << (i % 64);
    return free_helpers_.words[i / 64].fetch_and(~bit, std::memory_order_acq_rel) & bit;
  }

  std::vector<std::unique_ptr<SplitState>> split_states_;
  int free_words_ = 0;  // Words of free_helpers_ in use: ceil(threads / 64).
  FreeHelpers free_helpers_;
};

}  // namespace splitlab::parallel
