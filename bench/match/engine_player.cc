#include "bench/match/engine_player.h"

#include <algorithm>
#include <sstream>

namespace splitlab::bench::match {

namespace {
using Clock = std::chrono::steady_clock;

int64_t micros_since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
}
}  // namespace

bool EnginePlayer::ensure_started(std::string& error) {
  if (client_.running() && !client_.exited()) return true;
  client_.kill();
  ++starts_;
  if (!client_.start(config_.command_line(), error, start_timeout(), config_.working_dir,
                     config_.ucci)) {
    error = "engine '" + config_.name + "': " + error;
    return false;
  }
  if (!config_.uci_variant.empty()) {
    // The variant first, as cutechess sends it: an engine may reset options for a new variant.
    bool offered = false;
    for (const auto& declaration : client_.option_declarations())
      if (declaration.name == "UCI_Variant")
        offered = std::find(declaration.vars.begin(), declaration.vars.end(),
                            config_.uci_variant) != declaration.vars.end();
    if (!offered) {
      error = "engine '" + config_.name + "' does not offer UCI_Variant " + config_.uci_variant;
      client_.kill();
      return false;
    }
    client_.send("setoption name UCI_Variant value " + config_.uci_variant);
  }
  if (config_.ucci) client_.send("setoption usemillisec true");  // The runner's times are ms.
  for (const auto& [name, value] : config_.options)
    client_.send(config_.ucci ? "setoption " + name + " " + value
                              : "setoption name " + name + " value " + value);
  if (!client_.sync(start_timeout())) {
    error = "engine '" + config_.name + "' did not answer isready after its options";
    client_.kill();
    return false;
  }
  return true;
}

bool EnginePlayer::new_game(std::string& error, bool& exited) {
  exited = false;
  if (!ensure_started(error)) {
    exited = !client_.running() || client_.exited();
    return false;
  }
  client_.send(config_.ucci ? "setoption newgame" : "ucinewgame");
  if (!client_.sync(start_timeout())) {
    exited = client_.exited();
    error = "engine '" + config_.name + "' did not answer isready after ucinewgame";
    client_.kill();
    return false;
  }
  return true;
}

EngineReply EnginePlayer::think(const std::string& position_command, const std::string& go_args,
                                std::optional<int64_t> deadline_ms) {
  EngineReply reply;
  client_.send(position_command);
  const auto start = Clock::now();
  client_.send("go " + go_args);
  Clock::time_point deadline =
      deadline_ms ? start + std::chrono::milliseconds(*deadline_ms) : start + std::chrono::milliseconds(config_.stall_timeout_ms);
  bool stopped = false;
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    // Wake up just after the deadline, never before it: a move exactly on time is on time.
    auto line = client_.read_line(
        std::max(left + std::chrono::milliseconds(1), std::chrono::milliseconds(0)));
    if (!line) {
      if (client_.exited()) {
        reply.status = EngineReply::Status::kDisconnected;
        client_.kill();
        break;
      }
      if (Clock::now() < deadline) continue;
      if (stopped || !deadline_ms) {
        reply.status = EngineReply::Status::kStalled;
        client_.kill();
        break;
      }
      client_.send("stop");
      stopped = true;
      deadline = Clock::now() + kStopGrace;
      continue;
    }
    // UCCI's "nobestmove" (the engine sees no legal move) is kept as the move: the referee only
    // asks for a move when there is one, so it loses as an illegal move.
    if (line->rfind("bestmove", 0) == 0 || *line == "nobestmove") {
      reply.elapsed_us = micros_since(start);
      std::istringstream in(*line);
      std::string word;
      in >> word >> reply.move;
      if (word == "nobestmove") reply.move = word;
      reply.status = stopped ? EngineReply::Status::kLate : EngineReply::Status::kMove;
      return reply;
    }
    if (line->rfind("info", 0) == 0) {
      // Splitlab's way of saying a move comes from its own book (OwnBook).
      if (line->rfind("info string book move", 0) == 0) reply.from_book = true;
      const protocol::UciInfo info = protocol::parse_uci_info(*line);
      if (!info.score.empty()) {
        reply.score = info.score;
        reply.depth = std::max(info.depth, 0);
      }
      if (info.time_ms >= 0) reply.engine_time_ms = info.time_ms;
    }
  }
  reply.elapsed_us = micros_since(start);
  return reply;
}

}  // namespace splitlab::bench::match
