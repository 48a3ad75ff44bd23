#include "bench/match/match_runner.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include "bench/match/affinity.h"
#include "bench/match/engine_identity.h"
#include "bench/match/game_runner.h"
#include "bench/match/instant_game.h"
#include "bench/match/openings.h"
#include "bench/match/rank_messages.h"
#include "bench/match/rank_player.h"
#include "bench/match/results_json.h"
#include "bench/match/results_store.h"
#include "bench/match/tally.h"
#include "bench/stats/match_stats.h"
#include "bench/run_metadata.h"
#include "engine/util/progress.h"

namespace splitlab::bench::match {

namespace {

const char* decision_text(SprtDecision d) {
  return d == SprtDecision::kAcceptH1 ? "H1 was accepted" : "H0 was accepted";
}

class MatchRunner {
 public:
  MatchRunner(const MatchConfig& config, ranks::World* world)
      : config_(config),
        world_(world),
        pairings_(make_pairings(config.tournament, int(config.engines.size()))),
        tally_(pairings_, engine_names(config)),
        progress_("match") {}

  int run(std::string& error);

 private:
  static std::vector<std::string> engine_names(const MatchConfig& config) {
    std::vector<std::string> names;
    for (const auto& e : config.engines) names.push_back(e.name);
    return names;
  }
  bool check_engines(std::string& error);
  // Before any game: openings, slots' CPUs, the engines checked, the results folder opened (or
  // resumed) and the schedule made. False with `error` set.
  bool prepare(std::string& error);
  // The games of the schedule not yet played go to pending_; the ones played count. False with
  // `error` when the folder holds games beyond the schedule.
  bool queue_pending(std::string& error);
  // The closing lines: SPRT, runner overhead, runner CPU.
  void print_closing_lines();
  void worker(int slot);
  // Rank 0 of an MPI job: hands game pairs to the other ranks' slots as they ask, and records
  // the games they send back, until every slot was told there are no more.
  void serve_ranks();
  // The next game pair to play (both games of a --repeat pair whose partner is pending too, else
  // one game), or none once the match stops scheduling; prints each game's "Started" line.
  // Called with mutex_ held.
  std::vector<const ScheduledGame*> take_games(size_t at_most);
  // Everything that follows finished games (a local worker's one, or a batch from other ranks);
  // called with mutex_ held.
  void record_games(const std::vector<GameRecord>& records);
  // While this process's workers play (no other ranks): rewrites results.json when games
  // recorded since it was last written wait for it (see record_games).
  void keep_results_current();
  // Whether results.json, out of date, is to be rewritten now (see record_games). mutex_ held.
  bool results_due() const;
  // Rewrites results.json (and sprt.csv) now; on failure the match stops. mutex_ held.
  void refresh_results();
  void check_sprt();
  void print_score_blocks();
  bool write_results(bool complete, std::string& error);

  const MatchConfig& config_;
  ranks::World* world_;
  std::vector<Pairing> pairings_;
  MatchTally tally_;
  util::Progress progress_;
  std::vector<Opening> openings_;
  std::vector<ScheduledGame> schedule_;
  std::vector<const ScheduledGame*> pending_;
  GameContext context_;
  ResultsStore store_;
  RunMetadata metadata_;
  std::vector<EngineIdentity> identities_;  // One per engine, in the order of config_.engines.
  uint64_t seed_ = 0;
  bool oversubscribed_ = false;
  std::string host_;                         // This machine, named in every game it plays.
  std::vector<std::vector<int>> slot_cpus_;  // --affinity: each worker's CPUs.

  std::mutex mutex_;  // Guards everything below, the output, the store and the tally.
  size_t next_ = 0;
  size_t finished_this_run_ = 0;
  bool stop_scheduling_ = false;
  std::optional<SprtStatus> sprt_status_;
  // The test's course: after each game (each game pair with --repeat), the games, the LLR and
  // its bounds and the Elo with its 95% interval; written to sprt.csv with results.json.
  struct SprtPoint {
    int64_t games;
    SprtStatus status;
    double elo, elo_error;
  };
  std::vector<SprtPoint> sprt_course_;
  std::string io_error_;
  // Under MPI ranks: the games this rank's own workers finished, waiting for serve_ranks to
  // record them with the next batch (one flush of the state for all), and the workers still
  // playing.
  std::vector<GameRecord> local_finished_;
  int local_workers_ = 0;
  std::condition_variable results_changed_;  // Games recorded, or a worker done.
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  const pthread_t main_thread_ = pthread_self();  // The runner is made on the command's thread.
  double game_threads_cpu_seconds_ = 0;  // Of the workers that have ended.
  std::chrono::steady_clock::time_point last_results_write_;  // Of results.json.
  std::chrono::steady_clock::duration last_results_write_took_{};
  size_t last_results_bytes_ = 0;
  bool results_stale_ = false;  // Games were recorded since results.json was written.
};

bool MatchRunner::check_engines(std::string& error) {
  identities_.clear();
  for (const auto& engine : config_.engines) {
    EnginePlayer player(engine);
    if (!player.ensure_started(error)) return false;
    EngineIdentity identity;
    identity.name = engine.name;
    identity.id_name = player.client().name();
    // One file under two names (a match of two configurations of one binary) is read once.
    const std::string binary = resolve_executable(engine.command, engine.working_dir);
    const auto same_file = std::find_if(
        identities_.begin(), identities_.end(), [&](const EngineIdentity& earlier) {
          return !binary.empty() && earlier.binary == binary && !earlier.binary_sha256.empty();
        });
    if (same_file != identities_.end()) {
      identity.binary = binary;
      identity.binary_sha256 = same_file->binary_sha256;
    } else if (std::string why;
               !identify_binary(engine.command, engine.working_dir, identity, why)) {
      std::fprintf(stderr, "match: warning: engine '%s': %s; results.json will not name its binary\n",
                   engine.name.c_str(), why.c_str());
    }
    identities_.push_back(std::move(identity));
    for (const auto& [name, value] : engine.options)
      if (!player.client().has_option(name))
        std::fprintf(stderr, "match: warning: engine '%s' declares no option '%s'\n",
                     engine.name.c_str(), name.c_str());
    player.shut_down();
  }
  return true;
}

bool MatchRunner::prepare(std::string& error) {
  if (!load_openings(config_.openings, openings_, error, config_.variant)) return false;
  const int max_threads = most_threads(config_.engines);
  if (config_.affinity &&
      !cpus_per_slot(order_for_slots(usable_cpus()), config_.concurrency, max_threads, slot_cpus_,
                     error))
    return false;
  // Instant games start no engine, so none needs to start. With --affinity the engines started
  // to check them run on the first slot's CPUs too, as every engine of the match does.
  if (!config_.instant_games) {
    ScopedPin pin(slot_cpus_.empty() ? std::vector<int>() : slot_cpus_.front());
    if (!check_engines(error)) return false;
  }
  host_ = world_ ? world_->host() : ranks::host_name();
  seed_ = config_.seed ? *config_.seed : std::random_device{}();
  if (!config_.out_dir.empty()) {
    if (!store_.open(config_.out_dir, config_.resume_signature(), seed_, config_.pgn_out, error))
      return false;
    seed_ = store_.seed();
    if (!update_engine_ledger(config_.out_dir, identities_, error)) return false;
    for (const auto& identity : identities_)
      if (store_.resumed() && !identity.earlier_sha256.empty())
        std::fprintf(stderr,
                     "match: warning: engine '%s' is not the binary that played earlier games of "
                     "this match (sha256 %s now, %zu other%s in %s/engines.tsv): the results mix "
                     "binaries\n",
                     identity.name.c_str(), identity.binary_sha256.c_str(),
                     identity.earlier_sha256.size(),
                     identity.earlier_sha256.size() == 1 ? "" : "s", config_.out_dir.c_str());
  }
  schedule_ = make_schedule(pairings_, config_.rounds, config_.games_per_encounter, config_.repeat,
                            opening_order(openings_.size(), config_.openings.random_order, seed_,
                                          config_.openings.start));
  context_ = game_context(config_);
  metadata_ = collect_run_metadata(splitlab_command_line("match", config_.command_line), seed_);
  oversubscribed_ = int64_t(config_.concurrency) * max_threads > int64_t(metadata_.machine.cores);
  if (oversubscribed_ && !config_.instant_games)
    std::fprintf(stderr,
                 "match: warning: %d games at once x %d threads > %u cores: the machine is "
                 "oversubscribed, and fixed-thread results are not valid\n",
                 config_.concurrency, max_threads, metadata_.machine.cores);
  return true;
}

bool MatchRunner::queue_pending(std::string& error) {
  for (const auto& g : store_.games())
    if (g.index < 1 || size_t(g.index) > schedule_.size()) {
      error = "'" + config_.out_dir + "' already holds game " + std::to_string(g.index) +
              ", beyond the " + std::to_string(schedule_.size()) +
              " games of this schedule: a resumed match may have more --rounds, not fewer";
      return false;
    }
  std::vector<bool> done(schedule_.size() + 1, false);
  for (const auto& g : store_.games()) {
    if (g.index >= 1 && size_t(g.index) <= schedule_.size()) done[size_t(g.index)] = true;
    if (tally_.add(g) || !config_.repeat) check_sprt();
  }
  for (const auto& g : schedule_)
    if (!done[size_t(g.index)]) pending_.push_back(&g);
  if (store_.resumed())
    std::printf("Resuming the match in %s: %zu of %zu games already played\n",
                config_.out_dir.c_str(), store_.games().size(), schedule_.size());
  return true;
}

void MatchRunner::print_closing_lines() {
  if (sprt_status_ && sprt_status_->decision != SprtDecision::kContinue)
    std::printf(
        "SPRT: llr %.2f (%.1f%%), lbound %.2f, ubound %.2f - %s: the match stopped "
        "after %lld of %zu games\n",
        sprt_status_->llr, 100.0 * sprt_fraction(*sprt_status_), sprt_status_->lower,
        sprt_status_->upper, decision_text(sprt_status_->decision), (long long)tally_.finished(),
        schedule_.size());
  std::vector<GameRecord> games = store_.games();
  double wall = 0, think = 0;
  for (const auto& g : games) wall += g.wall_ms - g.setup_ms, think += g.think_ms;
  std::printf(
      "Runner overhead: %.3f%% of the games' wall time (%.1f s of %.1f s) was not "
      "spent waiting for the engines\n",
      runner_overhead_percent(games), (wall - think) / 1000.0, wall / 1000.0);
  // The runner process's own work (this rank's: over MPI, the coordinator's), the engines'
  // processes apart: what a campaign of many ranks asks of rank 0.
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const double cpu = process_cpu_seconds();
  if (finished_this_run_ > 0)
    std::printf("Runner: %zu games in %.1f s (%.1f a second) over %d rank%s; this process used "
                "%.2f s of CPU (%.3f ms a game; main thread %.2f s, game threads %.2f s)\n",
                finished_this_run_, seconds, double(finished_this_run_) / seconds,
                world_ ? world_->size() : 1, world_ && world_->size() > 1 ? "s" : "", cpu,
                1000.0 * cpu / double(finished_this_run_), thread_cpu_seconds(),
                game_threads_cpu_seconds_);
  std::printf("Finished match\n");
  std::fflush(stdout);
}

int MatchRunner::run(std::string& error) {
  if (!prepare(error) || !queue_pending(error)) return 2;
  if (!config_.out_dir.empty() && !write_results(false, error)) return 1;

  std::vector<std::thread> workers;
  // Instant games over MPI ranks measure the scheduling: every one goes through rank 0's
  // messages, played by the other ranks alone.
  const bool only_other_ranks = config_.instant_games && world_ && world_->size() > 1;
  const int worker_count =
      only_other_ranks ? 0
                       : std::min<int>(config_.concurrency, std::max<int>(1, int(pending_.size())));
  local_workers_ = worker_count;
  for (int i = 0; i < worker_count; ++i) workers.emplace_back([this, i] { worker(i); });
  if (world_ && world_->size() > 1)
    serve_ranks();
  else
    keep_results_current();
  for (auto& w : workers) w.join();
  if (!io_error_.empty()) {
    error = io_error_;
    if (!config_.out_dir.empty())
      error += " (every game reported finished is kept in '" + config_.out_dir +
               "': rerun the same command to resume)";
    return 1;
  }
  print_score_blocks();
  print_closing_lines();
  if (!config_.out_dir.empty() && !write_results(true, error)) return 1;
  return 0;
}

void MatchRunner::worker(int slot) {
  std::string cpus;
  if (!slot_cpus_.empty()) {
    std::string error;
    if (!pin_this_thread(slot_cpus_[size_t(slot)], error)) {
      std::lock_guard lock(mutex_);
      if (io_error_.empty()) io_error_ = error;
      stop_scheduling_ = true;
      return;
    }
    cpus = cpu_list_text(slot_cpus_[size_t(slot)]);
  }
  EnginePlayers players(config_.engines);
  while (true) {
    const ScheduledGame* game = nullptr;
    {
      std::lock_guard lock(mutex_);
      const auto taken = take_games(1);
      if (taken.empty()) break;
      game = taken.front();
    }
    GameRecord record =
        config_.instant_games
            ? instant_game(*game, openings_[game->opening], config_)
            : play_game(*game, openings_[game->opening], context_, players[game->white],
                        players[game->black]);
    record.host = host_;
    record.cpus = cpus;
    std::lock_guard lock(mutex_);
    // Beside other ranks, serve_ranks records this game with theirs: a flush to disk per game
    // here, under the lock, would hold up the games of every other rank.
    if (world_ && world_->size() > 1)
      local_finished_.push_back(std::move(record));
    else
      record_games({record});
  }
  std::lock_guard lock(mutex_);
  --local_workers_;
  game_threads_cpu_seconds_ += thread_cpu_seconds();
  results_changed_.notify_one();
}

std::vector<const ScheduledGame*> MatchRunner::take_games(size_t at_most) {
  std::vector<const ScheduledGame*> games;
  while (games.size() < at_most && !stop_scheduling_ && next_ < pending_.size()) {
    const ScheduledGame* game = pending_[next_];
    if (!games.empty() && (game->pair < 0 || game->pair != games.front()->pair)) break;
    games.push_back(game);
    ++next_;
    std::printf("Started game %d of %zu (%s vs %s)\n", game->index, schedule_.size(),
                config_.engines[size_t(game->white)].name.c_str(),
                config_.engines[size_t(game->black)].name.c_str());
  }
  std::fflush(stdout);
  return games;
}

// The most finished games recorded with one flush of the state: enough that the flush costs
// little per game, few enough that a batch's "Finished" lines are not held back long.
constexpr size_t kMostGamesPerFlush = 256;

void MatchRunner::serve_ranks() {
  const int slots = (world_->size() - 1) * config_.concurrency;
  int closed = 0, in_flight = 0;
  bool stopping = false, stop_sent = false;
  auto local_games_pending = [&] {
    std::lock_guard lock(mutex_);
    return local_workers_ > 0 || !local_finished_.empty();
  };
  while (closed < slots || in_flight > 0 || local_games_pending()) {
    // An SPRT that decided (or a write that failed) stops every rank at once: games handed out
    // but not started come back as dropped, and are played when the match resumes.
    if (!stopping) {
      std::lock_guard lock(mutex_);
      stopping = stop_scheduling_;
    }
    if (stopping && !stop_sent) {
      for (int rank = 1; rank < world_->size(); ++rank) world_->send(rank, kStop, "");
      stop_sent = true;
    }
    // Every message that has arrived is handled before the games they bring are recorded: one
    // flush of the state to disk for all of them.
    std::vector<GameRecord> finished;
    for (auto message = world_->wait(std::chrono::milliseconds(50)); message;
         message = finished.size() < kMostGamesPerFlush ? world_->poll() : std::nullopt) {
      int slot = -1;
      if (message->tag == kWantGames && decode_slot(message->payload, slot)) {
        GameAssignment assignment;
        assignment.slot = slot;
        {
          std::lock_guard lock(mutex_);
          for (const ScheduledGame* game : take_games(2))
            assignment.games.push_back({*game, openings_[game->opening]});
        }
        if (assignment.games.empty()) {
          world_->send(message->from, kNoMoreGames, std::to_string(slot));
          ++closed;
        } else {
          in_flight += int(assignment.games.size());
          world_->send(message->from, kGames, encode_assignment(assignment));
        }
      } else if (GameRecord record; message->tag == kFinishedGame &&
                                    decode_finished_game(message->payload, slot, record)) {
        --in_flight;
        finished.push_back(std::move(record));
      } else if (message->tag == kDroppedGame) {
        --in_flight;
      } else {
        std::fprintf(stderr, "match: rank %d sent a message that does not decode (tag %d): "
                     "ending the job; every game reported finished is kept\n",
                     message->from, message->tag);
        world_->abort(1);
      }
    }
    std::lock_guard lock(mutex_);
    for (auto& record : local_finished_) finished.push_back(std::move(record));
    local_finished_.clear();
    if (!finished.empty())
      record_games(finished);
    else if (results_stale_ && results_due())
      refresh_results();
  }
}

void MatchRunner::keep_results_current() {
  // Asleep until a game is recorded or a worker ends: a timer that woke it tens of times a
  // second cost the runner more CPU than its games (tens of microseconds a wake-up here).
  std::unique_lock lock(mutex_);
  while (local_workers_ > 0) {
    if (!results_stale_) {
      results_changed_.wait(lock);
    } else if (results_due()) {
      refresh_results();
    } else {
      results_changed_.wait_until(
          lock, last_results_write_ + std::min<std::chrono::steady_clock::duration>(
                                          std::chrono::seconds(1), 50 * last_results_write_took_));
    }
  }
}

void MatchRunner::record_games(const std::vector<GameRecord>& records) {
  finished_this_run_ += records.size();
  std::string error;
  // The state first, one flush to disk for the whole batch (the games that arrived together
  // from other ranks; a local worker's one game): a game in the state but not yet in the PGN is
  // restored on resume. The "Finished game" lines come after both, so that a game reported
  // finished is a game kept. The first write that fails stops the match (the games in flight
  // still end); a game the state could not take is reported as not kept, counts in no
  // statistic, and is played again when the match resumes.
  if (!store_.append(records, error)) {
    if (io_error_.empty()) io_error_ = error;
    stop_scheduling_ = true;
    for (const GameRecord& record : records)
      std::printf("Game %d (%s vs %s) ended %s {%s} but is not kept: %s; it is played again "
                  "when the match resumes\n",
                  record.index, record.white.c_str(), record.black.c_str(),
                  record.result.c_str(), record.reason.c_str(), error.c_str());
    std::fflush(stdout);
    return;
  }
  if (!config_.pgn_out.empty()) {
    std::string pgn;
    for (const GameRecord& record : records) pgn += record.pgn;
    if (!append_to_file(config_.pgn_out, pgn, error)) {
      if (io_error_.empty()) io_error_ = error;
      stop_scheduling_ = true;
    }
  }
  for (const GameRecord& record : records) {
    std::printf("Finished game %d (%s vs %s): %s {%s}\n", record.index, record.white.c_str(),
                record.black.c_str(), record.result.c_str(), record.reason.c_str());
    if (record.forfeit_move_ms >= 0) std::printf("%s\n", describe_forfeit(record).c_str());
    if (tally_.add(record) || !config_.repeat) check_sprt();
    if (config_.rating_interval > 0 && tally_.finished() % config_.rating_interval == 0 &&
        size_t(tally_.finished()) < schedule_.size() && !stop_scheduling_)
      print_score_blocks();
  }
  std::fflush(stdout);
  // results.json is the readable copy of the state, rewritten whole after every game. But games
  // can end hundreds a second (instant games, many ranks), and the file grows with every game:
  // past 256 KB it is rewritten only once the time since the last rewrite is 50 times what that
  // rewrite took (or a second), so that rewriting costs at most 2% of the runner's time;
  // serve_ranks or keep_results_current catches up when games pause, and the match's end writes
  // it again. The state alone is what a resume reads.
  results_stale_ = true;
  if (stop_scheduling_ || results_due()) refresh_results();
  results_changed_.notify_one();
  progress_.update(
      double(finished_this_run_), double(pending_.size()),
      "game " + std::to_string(tally_.finished()) + " of " + std::to_string(schedule_.size()));
}

// results.json up to this size is rewritten after every game, however fast games end: a few
// milliseconds a rewrite.
constexpr size_t kResultsAlwaysRewrittenBytes = 256 << 10;

bool MatchRunner::results_due() const {
  const auto since = std::chrono::steady_clock::now() - last_results_write_;
  return last_results_bytes_ < kResultsAlwaysRewrittenBytes || since >= std::chrono::seconds(1) ||
         since >= 50 * last_results_write_took_;
}

void MatchRunner::refresh_results() {
  results_stale_ = false;
  last_results_write_ = std::chrono::steady_clock::now();
  if (config_.out_dir.empty() || !io_error_.empty()) return;
  if (std::string error; !write_results(false, error)) {
    io_error_ = error;
    stop_scheduling_ = true;
  }
  last_results_write_took_ = std::chrono::steady_clock::now() - last_results_write_;
}

void MatchRunner::check_sprt() {
  if (!config_.sprt || (sprt_status_ && sprt_status_->decision != SprtDecision::kContinue)) return;
  const PairingTally& t = tally_.pairing(0);
  sprt_status_ =
      config_.repeat ? sprt_status(*config_.sprt, t.pairs) : sprt_status(*config_.sprt, t.games);
  const EloSummary elo = config_.repeat ? elo_from_pairs(t.pairs, t.games) : elo_from_games(t.games);
  sprt_course_.push_back({tally_.finished(), *sprt_status_, elo.elo, elo.elo_error});
  if (sprt_status_->decision != SprtDecision::kContinue) stop_scheduling_ = true;
}

void MatchRunner::print_score_blocks() {
  for (size_t p = 0; p < pairings_.size(); ++p) {
    const EngineConfig& first = config_.engines[size_t(pairings_[p].first)];
    const EngineConfig& second = config_.engines[size_t(pairings_[p].second)];
    const PairingTally& t = tally_.pairing(int(p));
    ScoreBlockInput in;
    in.first = first.name;
    in.second = second.name;
    std::string details = first.time_control.to_string();
    if (first.time_control.nodes > 0)
      details += ", " + std::to_string(first.time_control.nodes) + " nodes";
    if (first.time_control.depth > 0)
      details += ", depth " + std::to_string(first.time_control.depth);
    details += ", " + std::to_string(first.threads()) + "t";
    if (!first.option("Hash").empty()) details += ", " + first.option("Hash") + "MB";
    details += ", " + (config_.openings.file.empty() ? std::string("default book")
                                                     : config_.openings.file);
    in.header_details = details;
    in.games = t.games;
    if (config_.repeat) {
      in.pairs = t.pairs;
      in.win_loss_pairs = t.win_loss_pairs;
    }
    if (config_.sprt) in.sprt = config_.sprt;
    std::printf("%s\n", format_score_block(in).c_str());
  }
  std::fflush(stdout);
}

bool MatchRunner::write_results(bool complete, std::string& error) {
  MatchSummary summary;
  summary.config = &config_;
  summary.metadata = &metadata_;
  summary.identities = &identities_;
  summary.opening_count = openings_.size();
  summary.oversubscribed = oversubscribed_;
  summary.total_games = int(schedule_.size());
  summary.complete = complete;
  summary.pairings = pairings_;
  summary.tally = &tally_;
  std::vector<GameRecord> games = store_.games();
  std::sort(games.begin(), games.end(),
            [](const GameRecord& a, const GameRecord& b) { return a.index < b.index; });
  summary.games = &games;
  summary.sprt = sprt_status_;
  summary.ranks = world_ ? world_->size() : 1;
  summary.games_this_run = int64_t(finished_this_run_);
  summary.runner_wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  summary.runner_cpu_seconds = process_cpu_seconds();
  summary.main_thread_cpu_seconds = thread_cpu_seconds(main_thread_);
  summary.game_threads_cpu_seconds = game_threads_cpu_seconds_;
  const std::string json = results_json(summary);
  last_results_bytes_ = json.size();
  if (!store_.write_file("results.json", json, error)) return false;
  if (!config_.sprt) return true;
  // The SPRT's course, for scripts/plot_sprt.py (sprt.png): its bounds in Elo on top.
  char line[256];
  std::snprintf(line, sizeof line, "# elo0: %g\n# elo1: %g\n", config_.sprt->elo0,
                config_.sprt->elo1);
  std::string csv = line;
  csv += "games,llr,lower,upper,elo,elo_low,elo_high\n";
  for (const SprtPoint& p : sprt_course_) {
    std::snprintf(line, sizeof line, "%lld,%.4f,%.4f,%.4f,%.2f,%.2f,%.2f\n", (long long)p.games,
                  p.status.llr, p.status.lower, p.status.upper, p.elo, p.elo - p.elo_error,
                  p.elo + p.elo_error);
    csv += line;
  }
  return store_.write_file("sprt.csv", csv, error);
}

}  // namespace

int run_match(const MatchConfig& config, ranks::World* world, std::string& error) {
  if (world && world->rank() != 0) return play_for_rank_zero(config, *world, error);
  MatchRunner runner(config, world);
  return runner.run(error);
}

GameContext game_context(const MatchConfig& config) {
  GameContext context;
  context.event = config.event;
  context.variant = config.variant;
  context.chase_rule = config.chase_rule;
  context.adjudication = config.adjudication;
  return context;
}

}  // namespace splitlab::bench::match
