// The protocol engine's search thread (GameEngine<G>, uci.h): a go's job handed to it, stop and
// ponderhit, the waits for the search to end, its info lines, and the loop that runs each job
// and answers it. Part of the engine's definitions (game_engine_impl.h), compiled in each game's
// registration.
#pragma once

#include <chrono>
#include <mutex>
#include <string>

#include "engine/protocol/uci.h"

namespace splitlab::protocol {

template <search::SearchGame G>
void GameEngine<G>::start_search(const search::SearchLimits& limits, bool ponder,
                                 search::TimeManager::Clock::time_point received) {
  const std::string from_book = book_move(limits, ponder);
  std::unique_lock lock(mutex_);
  searcher_->arm();
  const int side = G::side_index(position_);
  const int64_t delay = clock_delays_.on_go(
      position_.game_ply(), limits.time_left_ms[side], limits.increment_ms[side],
      limits.time_left_ms[side] >= 0 && limits.movetime_ms == 0 && !limits.infinite && !ponder);
  const int64_t overhead = options_.spin("Move Overhead");
  job_margin_ms_ = clock_delays_.margin_ms(overhead);
  if (debug_ && delay >= 0) send("info string clock delay " + std::to_string(delay) + " ms");
  const bool margin_changed = job_margin_ms_ != reported_margin_ms_;
  if (margin_changed && (job_margin_ms_ > overhead || reported_margin_ms_ > overhead))
    send("info string clock margin " + std::to_string(job_margin_ms_) + " ms (Move Overhead " +
         std::to_string(overhead) + " ms, worst recent delay of the GUI's clock " +
         std::to_string(clock_delays_.worst_delay_ms()) + " ms)");
  reported_margin_ms_ = job_margin_ms_;
  job_limits_ = limits;
  job_book_move_ = from_book;
  job_position_ = position_;
  job_received_ = received;
  pondering_ = ponder;
  infinite_ = limits.infinite;
  stop_requested_ = false;
  searching_ = true;
  has_job_ = true;
  lock.unlock();
  wake_.notify_all();
}

template <search::SearchGame G>
void GameEngine<G>::cmd_stop() {
  {
    std::lock_guard lock(mutex_);
    if (!searching_) return;
    stop_requested_ = true;
    pondering_ = false;
  }
  searcher_->stop();
  wake_.notify_all();
}

template <search::SearchGame G>
void GameEngine<G>::cmd_ponderhit() {
  {
    std::lock_guard lock(mutex_);
    if (!searching_ || !pondering_) return;
    pondering_ = false;
  }
  searcher_->ponderhit();
  wake_.notify_all();
}

template <search::SearchGame G>
void GameEngine<G>::wait_for_search() {
  std::unique_lock lock(mutex_);
  wake_.wait(lock, [this] { return !searching_; });
}

template <search::SearchGame G>
bool GameEngine<G>::wait_for_stopped_search(const std::string& command) {
  std::unique_lock lock(mutex_);
  if (searching_ && !stop_requested_ && (infinite_ || pondering_)) {
    error(command + ": a search is running until stop (go infinite or ponder): send stop first");
    return false;
  }
  // A search that ends by itself is waited for; stop, read after this wait, finds none running.
  // Only this (the input) thread starts searches: once it is over, none runs until the next go.
  wake_.wait(lock, [this] { return !searching_; });
  return true;
}

template <search::SearchGame G>
void GameEngine<G>::report(const search::SearchResult& r) {
  const int64_t time = std::max<int64_t>(r.time_ms, 0);
  if (dialect_ == Dialect::kUcci) {
    // UCCI: the score is a plain number (mates as +-(32000 - plies)).
    std::string line = "info depth " + std::to_string(r.depth) + " score " +
                       std::to_string(r.score) + " time " + std::to_string(time) + " nodes " +
                       std::to_string(r.nodes) + " pv";
    for (const auto& m : r.pv) line += " " + to_wire(m);
    send(line);
    return;
  }
  std::string line = "info depth " + std::to_string(r.depth) + " seldepth " +
                     std::to_string(r.seldepth) + " score " + score_to_uci(r.score);
  if (r.lower_bound) line += " lowerbound";
  if (r.upper_bound) line += " upperbound";
  line += " nodes " + std::to_string(r.nodes) + " nps " +
          std::to_string(time > 0 ? r.nodes * 1000 / uint64_t(time) : r.nodes * 1000) +
          " hashfull " + std::to_string(table_.hashfull()) + " time " + std::to_string(time) +
          " pv";
  for (const auto& m : r.pv) line += " " + to_wire(m);
  send(line);
}

template <search::SearchGame G>
void GameEngine<G>::search_thread_loop() {
  while (true) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return has_job_ || quitting_; });
    if (quitting_ && !has_job_) return;
    has_job_ = false;
    const bool pondering = pondering_;
    const search::SearchLimits limits = job_limits_;
    const typename G::Position pos = job_position_;
    const auto received = job_received_;
    const int64_t overhead = job_margin_ms_;
    const std::string from_book = job_book_move_;
    lock.unlock();

    search::SearchResult result;
    if (from_book.empty()) {
      result = searcher_->run(
          pos, limits, pondering, overhead, [this](const search::SearchResult& r) { report(r); },
          received);
    } else {
      result.best_move = from_book;  // No search: nodes and time stay 0.
    }

    // The last words on the search: its totals and, in parallel, what each thread did.
    send("info nodes " + std::to_string(result.nodes) + " time " + std::to_string(result.time_ms) +
         " nps " +
         std::to_string(result.time_ms > 0 ? result.nodes * 1000 / uint64_t(result.time_ms)
                                           : result.nodes * 1000) +
         " hashfull " + std::to_string(table_.hashfull()));
    // Not after a position without a legal move: no thread searched, and the team's counters
    // are still the last search's.
    if (searcher_->threads() && from_book.empty() && !result.best_move.empty())
      for (const auto& line : parallel_.of<G>().thread_lines(*searcher_)) send(line);
    // The protocol forbids "bestmove" while pondering or in an infinite search until the GUI
    // sends stop or ponderhit.
    lock.lock();
    wake_.wait(lock,
               [this] { return stop_requested_ || quitting_ || (!pondering_ && !infinite_); });
    clock_delays_.on_answer(std::chrono::duration_cast<std::chrono::milliseconds>(
                                search::TimeManager::Clock::now() - received)
                                .count(),
                            searcher_->maximum_ms());
    std::string line =
        "bestmove " + (result.best_move.empty() ? "0000" : to_wire(result.best_move));
    if (!result.ponder_move.empty()) line += " ponder " + to_wire(result.ponder_move);
    if (dialect_ == Dialect::kUcci && result.best_move.empty()) line = "nobestmove";
    send(line);
    searching_ = false;
    lock.unlock();
    wake_.notify_all();
  }
}

}  // namespace splitlab::protocol
