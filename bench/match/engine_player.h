// An engine process as a player of games: started on demand with its options, asked for moves
// with a deadline, and discarded after it misbehaved (so that its next game starts a fresh
// process). Each worker thread of the match owns its own players.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/match/engine_config.h"
#include "engine/protocol/uci_client.h"

namespace splitlab::bench::match {

// How long a stopped engine may take to send its late "bestmove" before it counts as hung
// and is killed.
inline constexpr std::chrono::milliseconds kStopGrace{1000};

struct EngineReply {
  enum class Status {
    kMove,          // "bestmove" before the deadline
    kLate,          // "bestmove" only after the deadline passed and "stop" was sent
    kStalled,       // no "bestmove" even then: the engine was killed
    kDisconnected,  // the engine exited
  };
  Status status = Status::kMove;
  std::string move;
  int64_t elapsed_us = 0;       // From writing "go" to reading "bestmove" (or giving up).
  std::string score;            // The last "score" of its info lines ("cp 31", "mate -2"), if any.
  int depth = 0;                // The depth of that score.
  int64_t engine_time_ms = -1;  // The last "time" of its info lines.
  bool from_book = false;       // It said "info string book move ...": played from its book.
};

class EnginePlayer {
 public:
  explicit EnginePlayer(EngineConfig config) : config_(std::move(config)) {}

  const EngineConfig& config() const { return config_; }
  // Starts the engine if it is not running (handshake, options, isready).
  bool ensure_started(std::string& error);
  // ensure_started, then "ucinewgame" and "isready". On failure `exited` tells whether the
  // engine died (rather than stopped answering).
  bool new_game(std::string& error, bool& exited);
  // Sends the position and "go <go_args>"; `deadline_ms` (from "go") is when the move is too
  // late: then "stop" is sent, and after kStopGrace the engine is killed. Without a deadline
  // the engine is killed after its config's stall_timeout_ms.
  EngineReply think(const std::string& position_command, const std::string& go_args,
                    std::optional<int64_t> deadline_ms);
  // Kills the process; the next game starts a new one.
  void discard() { client_.kill(); }
  // Quits the process politely.
  void shut_down() { client_.stop(); }
  // How many processes this player started.
  int starts() const { return starts_; }
  // Option names the engine declared in its last handshake.
  const protocol::UciClient& client() const { return client_; }

 private:
  std::chrono::milliseconds start_timeout() const {
    return std::chrono::milliseconds(config_.start_timeout_ms);
  }

  EngineConfig config_;
  protocol::UciClient client_;
  int starts_ = 0;
};

// A worker's own engines: one player per engine of the match, started when first needed, each
// shut down with the set.
class EnginePlayers {
 public:
  explicit EnginePlayers(const std::vector<EngineConfig>& engines) : engines_(engines) {
    players_.resize(engines.size());
  }
  ~EnginePlayers() {
    for (auto& player : players_)
      if (player) player->shut_down();
  }
  EnginePlayers(const EnginePlayers&) = delete;
  EnginePlayers& operator=(const EnginePlayers&) = delete;

  EnginePlayer& operator[](int index) {
    auto& player = players_[size_t(index)];
    if (!player) player = std::make_unique<EnginePlayer>(engines_[size_t(index)]);
    return *player;
  }

 private:
  const std::vector<EngineConfig>& engines_;
  std::vector<std::unique_ptr<EnginePlayer>> players_;
};

}  // namespace splitlab::bench::match
