#include "bench/match/rank_player.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "bench/match/affinity.h"
#include "bench/match/game_runner.h"
#include "bench/match/instant_game.h"
#include "bench/match/match_runner.h"
#include "bench/match/rank_messages.h"
#include "bench/run_metadata.h"

namespace splitlab::bench::match {

namespace {

// The slots' threads play; the thread that joined the MPI job (this one) alone talks to rank 0,
// so the slots hand it their messages and it hands them their games.
class RankPlayer {
 public:
  RankPlayer(const MatchConfig& config, ranks::World& world)
      : config_(config), world_(world), context_(game_context(config)) {}

  int run(std::string& error);

 private:
  struct Slot {
    std::deque<AssignedGame> games;
    bool waiting = false;  // Asked rank 0 for games and not answered yet.
    bool closed = false;   // Rank 0 has no more games for it.
  };
  void play_slot(int slot);
  void post(int tag, std::string payload);
  // The slots' CPUs (--affinity) and every engine started once: a machine without one ends the
  // job before any game is handed out. False with `error` naming this rank.
  bool check_engines(const std::string& where, std::string& error);
  // A message from rank 0: games for a slot, stop, or no more games for a slot (`open_slots`
  // counts down). mutex_ held; anything else aborts the job.
  void handle_message(const ranks::Message& message, const std::string& where, int& open_slots);
  // This rank's own cost, engines apart, on stderr.
  void report_cost(const std::string& where);

  const MatchConfig& config_;
  ranks::World& world_;
  GameContext context_;
  std::mutex mutex_;
  std::condition_variable work_arrived_;
  std::vector<Slot> slots_;
  std::vector<std::vector<int>> slot_cpus_;  // --affinity: each slot's CPUs.
  bool stopped_ = false;  // Rank 0 sent kStop.
  std::vector<std::pair<int, std::string>> outbox_;  // Tag and payload, for rank 0.
  std::condition_variable outbox_filled_;  // Wakes the thread that sends (only it talks MPI).
  std::atomic<int> games_played_{0};  // By this rank's slots (counted by each, read at the end).
  std::atomic<int64_t> refereeing_microseconds_{0};  // The slots' threads' CPU, added at their end.
};

// How long the thread that talks MPI may sleep while every slot is playing and none waits for an
// answer: then only a stop can come, and a stop changes nothing until a slot's game ends (it
// drops the games not yet started). Polling twenty times a second through a game of seconds was
// most of this thread's CPU (experiments/mpi-campaigns); once a second, a stop that arrives in a
// game's last second may let its slot start one more game, which rank 0 records as any other.
constexpr std::chrono::microseconds kLongestIdleDelayWhilePlaying = std::chrono::seconds(1);

void RankPlayer::post(int tag, std::string payload) {
  std::lock_guard lock(mutex_);
  outbox_.emplace_back(tag, std::move(payload));
  outbox_filled_.notify_one();
}

void RankPlayer::play_slot(int slot) {
  std::string cpus;
  if (!slot_cpus_.empty()) {
    std::string error;
    if (!pin_this_thread(slot_cpus_[size_t(slot)], error)) {
      std::fprintf(stderr, "splitlab match: rank %d (%s): %s\n", world_.rank(),
                   world_.host().c_str(), error.c_str());
      world_.abort(1);
    }
    cpus = cpu_list_text(slot_cpus_[size_t(slot)]);
  }
  EnginePlayers players(config_.engines);
  while (true) {
    AssignedGame next;
    {
      std::unique_lock lock(mutex_);
      Slot& s = slots_[size_t(slot)];
      if (s.games.empty() && !s.closed && !s.waiting) {
        s.waiting = true;
        outbox_.emplace_back(kWantGames, std::to_string(slot));
        outbox_filled_.notify_one();
      }
      work_arrived_.wait(lock, [&] { return !s.games.empty() || s.closed; });
      // After a stop, games not yet started are handed back, so rank 0 stops waiting for them.
      if (stopped_) {
        for (; !s.games.empty(); s.games.pop_front())
          outbox_.emplace_back(kDroppedGame, std::to_string(slot) + "\t" +
                                                 std::to_string(s.games.front().game.index));
        outbox_filled_.notify_one();
      }
      if (s.games.empty()) {
        if (s.closed) break;
        continue;
      }
      next = std::move(s.games.front());
      s.games.pop_front();
    }
    GameRecord record = config_.instant_games
                            ? instant_game(next.game, next.opening, config_)
                            : play_game(next.game, next.opening, context_,
                                        players[next.game.white], players[next.game.black]);
    record.host = world_.host();
    record.cpus = cpus;
    post(kFinishedGame, encode_finished_game(slot, record));
    games_played_.fetch_add(1, std::memory_order_relaxed);
  }
  refereeing_microseconds_.fetch_add(int64_t(1e6 * thread_cpu_seconds()),
                                     std::memory_order_relaxed);
}

bool RankPlayer::check_engines(const std::string& where, std::string& error) {
  if (config_.affinity && !cpus_per_slot(order_for_slots(usable_cpus()), config_.concurrency,
                                         most_threads(config_.engines), slot_cpus_, error)) {
    error = where + ": " + error;
    return false;
  }
  // Instant games start no engine. With --affinity they run on the first slot's CPUs, as every
  // engine of the match does.
  if (config_.instant_games) return true;
  ScopedPin pin(slot_cpus_.empty() ? std::vector<int>() : slot_cpus_.front());
  for (const EngineConfig& engine : config_.engines) {
    EnginePlayer player(engine);
    std::string why;
    if (!player.ensure_started(why)) {
      error = where + ": " + why;
      return false;
    }
    player.shut_down();
  }
  return true;
}

void RankPlayer::handle_message(const ranks::Message& message, const std::string& where,
                                int& open_slots) {
  int slot = -1;
  if (message.tag == kGames) {
    GameAssignment assignment;
    if (!decode_assignment(message.payload, assignment) || assignment.slot < 0 ||
        assignment.slot >= config_.concurrency) {
      std::fprintf(stderr, "splitlab match: %s: rank 0 sent games that do not decode\n",
                   where.c_str());
      world_.abort(1);
    }
    Slot& s = slots_[size_t(assignment.slot)];
    for (AssignedGame& game : assignment.games) s.games.push_back(std::move(game));
    s.waiting = false;
  } else if (message.tag == kStop) {
    stopped_ = true;
  } else if (message.tag == kNoMoreGames && decode_slot(message.payload, slot) && slot >= 0 &&
             slot < config_.concurrency) {
    slots_[size_t(slot)].closed = true;
    slots_[size_t(slot)].waiting = false;
    --open_slots;
  } else {
    std::fprintf(stderr, "splitlab match: %s: unexpected message (tag %d) from rank %d\n",
                 where.c_str(), message.tag, message.from);
    world_.abort(1);
  }
}

void RankPlayer::report_cost(const std::string& where) {
  // With rank 0's (its "Runner:" line), what the match over ranks asked of the runners
  // (experiments/mpi-campaigns). Refereeing (reading the engines, keeping their clocks) is what
  // any runner pays for its games; this thread's share (MPI's start and the messages) is what
  // playing for rank 0 adds.
  const double refereeing =
      double(refereeing_microseconds_.load(std::memory_order_relaxed)) / 1e6;
  std::fprintf(stderr,
               "%s: played %d game%s; this process used %.2f s of CPU (refereeing %.2f s, "
               "messages %.2f s)\n",
               where.c_str(), games_played_.load(std::memory_order_relaxed),
               games_played_.load(std::memory_order_relaxed) == 1 ? "" : "s",
               process_cpu_seconds(), refereeing, thread_cpu_seconds());
}

int RankPlayer::run(std::string& error) {
  const std::string where =
      "rank " + std::to_string(world_.rank()) + " (" + world_.host() + ")";
  if (!check_engines(where, error)) return 2;
  slots_.resize(size_t(config_.concurrency));
  std::vector<std::thread> threads;
  for (int slot = 0; slot < config_.concurrency; ++slot)
    threads.emplace_back([this, slot] { play_slot(slot); });

  int open_slots = config_.concurrency;
  while (true) {
    std::vector<std::pair<int, std::string>> outgoing;
    {
      std::lock_guard lock(mutex_);
      outgoing.swap(outbox_);
    }
    for (const auto& [tag, payload] : outgoing) world_.send(0, tag, payload);
    // Every slot closed and its last game sent: nothing more will come from this rank.
    if (open_slots == 0 && outgoing.empty()) {
      std::lock_guard lock(mutex_);
      if (outbox_.empty()) break;
      continue;
    }
    auto message = world_.poll();
    if (!message) {
      // Until a slot has something to send, or it is time to poll again: soon while a slot
      // waits for rank 0's answer, seldom while they all play.
      std::unique_lock lock(mutex_);
      const bool answer_awaited =
          std::any_of(slots_.begin(), slots_.end(), [](const Slot& s) { return s.waiting; });
      outbox_filled_.wait_for(lock,
                              world_.idle_delay(answer_awaited ? ranks::World::kLongestIdleDelay
                                                               : kLongestIdleDelayWhilePlaying),
                              [&] { return !outbox_.empty(); });
      continue;
    }
    {
      std::lock_guard lock(mutex_);
      handle_message(*message, where, open_slots);
    }
    work_arrived_.notify_all();
  }
  for (auto& t : threads) t.join();
  report_cost(where);
  return 0;
}

}  // namespace

int play_for_rank_zero(const MatchConfig& config, ranks::World& world, std::string& error) {
  RankPlayer player(config, world);
  return player.run(error);
}

}  // namespace splitlab::bench::match
