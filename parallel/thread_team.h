// The threads of one parallel search, whatever strategy they follow: the pool, each thread's
// worker and statistics, and the skeleton of a search (the main thread runs iterative deepening
// while each helper serves the strategy until the search is over). Each strategy (ybwc.h,
// dts.h, lazy.h) is a ThreadTeam that implements the coordination points of
// engine/search/parallel_policy.h and says what a helper does (serve_search).
//
// Thread 0 is the caller's (the main thread, whose worker is its Searcher's); the helpers are
// the pool's threads, which keep their index (and so their state) for the pool's life. Every
// wait goes through wait_for (one Parker per thread: spin briefly, then sleep until rung).
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <vector>

#include "engine/search/parallel_policy.h"
#include "engine/search/search_worker.h"
#include "parallel/race_canary.h"
#include "parallel/strategy.h"
#include "parallel/thread_pool.h"

namespace splitlab::parallel {

using search::ParallelThreadStats;
using search::SearchWorker;
using search::SplitPoint;
using ::splitlab::Depth;
using ::splitlab::Score;

static_assert(kMaxThreads == search::kMaxSearchThreads);

template <search::SearchGame G>
class ThreadTeam : public search::ParallelPolicy<G> {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // Makes the pool; each helper allocates its worker on its own thread, so that what it owns
  // lands in memory near the core it runs on.
  // With `cpus`, the team's threads are those CPUs (a simulated run, simulated_cpus.h):
  // every worker reports its work to them, and every wait blocks its CPU in virtual time.
  ThreadTeam(search::SharedSearchState& shared, int threads, const search::SplitRules& rules,
             SimulatedCpus* cpus = nullptr)
      : shared_(shared), pool_(threads, cpus, rules.pin_threads), states_(size_t(pool_.size())) {
    this->rules = rules;
    pool_.run([&](int i) {
      auto state = std::make_unique<ThreadState>();
      if (i > 0) {
        state->worker = std::make_unique<SearchWorker<G>>(shared, i);
        state->worker->attach(this);
        state->worker->set_meter(cpus);
      }
      states_[size_t(i)] = std::move(state);
    });
  }

  // The strategy this team follows (its entry in the registry, strategy.h).
  virtual SplitStrategy strategy() const = 0;
  int threads() const override { return pool_.size(); }
  SearchWorker<G>& helper(int i) { return *state(i).worker; }
  uint64_t thread_nodes(int i) const override {
    return i == 0 ? (main_ ? main_->nodes() : 0) : state(i).worker->nodes();
  }
  uint64_t total_nodes() const override {
    uint64_t total = 0;
    for (int i = 0; i < pool_.size(); ++i) total += thread_nodes(i);
    return total;
  }
  const ParallelThreadStats& stats(int i) const { return state(i).stats; }
  ParallelThreadStats& thread_stats(int i) override { return state(i).stats; }
  // Thread i's search counters in the last search (the main thread's are its searcher's; none
  // before the team's first search, which a position without a legal move never starts).
  const search::SearchStats& search_stats(int i) const {
    static const search::SearchStats kNone;
    if (i == 0) return main_ ? main_->stats() : kNone;
    return state(i).worker->stats();
  }
  void clear_history() override {
    for (int i = 1; i < pool_.size(); ++i) state(i).worker->clear_history();
  }
  void run_on_every_thread(const std::function<void(int, int)>& body) override {
    pool_.run([&](int i) { body(i, pool_.size()); });
  }

  // Test only: while set, every thread writes `*target` (a plain int, no synchronisation) at
  // the start of each search: a data race that ThreadSanitizer must report (the canary that
  // proves its suppressions hide nothing in the search threads).
  void plant_race_for_tests(int* target) { race_canary_ = target; }

  void run(SearchWorker<G>& main, const Position& root, search::RootMoves<G>* root_moves,
           const std::vector<Move>& allowed, Depth max_depth,
           const std::function<void()>& main_body, const std::function<void()>& periodic) final {
    main_ = &main;
    main.attach(this);
    if (SimulatedCpus* cpus = pool_.simulated_cpus()) main.set_meter(cpus);
    periodic_ = periodic;
    root_ = &root;
    allowed_ = &allowed;
    max_depth_ = std::min(max_depth, kMaxPly - 1);  // As the main thread's iterations.
    search_over_.store(false, std::memory_order_relaxed);
    for (int i = 0; i < pool_.size(); ++i) state(i).stats = ParallelThreadStats();
    for (int i = 1; i < pool_.size(); ++i) state(i).worker->reset_stats();
    begin_search(main, root, root_moves);

    pool_.run([&](int i) {
      if (race_canary_) write_race_canary(race_canary_);
      const auto start = Clock::now();
      if (i == 0) {
        main_body();
        search_over_.store(true, std::memory_order_release);
        shared_.stop.store(true, std::memory_order_relaxed);
        for (int t = 1; t < pool_.size(); ++t) ring(t);
      } else {
        serve_search(i);
      }
      state(i).stats.total_seconds = std::chrono::duration<double>(Clock::now() - start).count();
    });
    end_search(main);
    main.attach(nullptr);  // main_ stays, for the statistics of this search.
    periodic_ = nullptr;
  }

 protected:
  using Clock = std::chrono::steady_clock;

  // Before the threads start: what each thread searches from (they share `root_moves` when
  // they search one tree together), and the strategy's own state reset.
  virtual void begin_search(SearchWorker<G>& main, const Position& root,
                            search::RootMoves<G>* root_moves) = 0;
  // After every thread has stopped.
  virtual void end_search(SearchWorker<G>& /*main*/) {}
  // What helper `i` does during a search; returns once search_over() (or sooner, with
  // nothing to do).
  virtual void serve_search(int i) = 0;

  bool search_over() const { return search_over_.load(std::memory_order_acquire); }
  SearchWorker<G>& worker(int i) { return i == 0 ? *main_ : *state(i).worker; }

  // The one place a thread of the team waits: until done(), spinning and then sleeping on its
  // Parker; whoever makes done() true rings it. The main thread keeps its time and node limits
  // meanwhile. On virtual CPUs the CPU blocks until rung (`why` is its account's).
  template <typename Done>
  void wait_for(int i, Done&& done, WaitReason why = WaitReason::kNoWork) {
    if (SimulatedCpus* cpus = pool_.simulated_cpus()) {
      cpus->wait(i, why, done);
      return;
    }
    if (i == 0) {
      wait_until(
          pool_.parker(0), pool_.spin(), done,
          [&] {
            if (periodic_) periodic_();
          },
          std::chrono::microseconds(1000));
    } else {
      wait_until(pool_.parker(i), pool_.spin(), done);
    }
  }
  void ring(int i) {
    if (SimulatedCpus* cpus = pool_.simulated_cpus())
      cpus->ring(i);
    else
      pool_.parker(i).ring();
  }

  search::SharedSearchState& shared_;
  ThreadPool pool_;
  const Position* root_ = nullptr;
  const std::vector<Move>* allowed_ = nullptr;
  Depth max_depth_ = 0;

 private:
  // What every thread owns, allocated by that thread; only it writes its statistics.
  struct ThreadState {
    alignas(64) ParallelThreadStats stats;
    std::unique_ptr<SearchWorker<G>> worker;  // Helpers only (the main one is the searcher's).
  };
  ThreadState& state(int i) { return *states_[size_t(i)]; }
  const ThreadState& state(int i) const { return *states_[size_t(i)]; }

  std::vector<std::unique_ptr<ThreadState>> states_;
  SearchWorker<G>* main_ = nullptr;
  std::function<void()> periodic_;
  int* race_canary_ = nullptr;
  // Read by every waiting thread: a line of its own.
  alignas(64) std::atomic<bool> search_over_{false};
};

}  // namespace splitlab::parallel
