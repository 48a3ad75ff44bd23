// Talks to another UCI engine over pipes: the reference engines of `scale` and, later, the
// opponents of `match`. Every read has a deadline, so a hung engine cannot hang the caller.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace splitlab::protocol {

class UciClient {
 public:
  UciClient() = default;
  ~UciClient();
  UciClient(const UciClient&) = delete;
  UciClient& operator=(const UciClient&) = delete;

  // Starts `command` (an executable path, with arguments) and runs the "uci" handshake.
  // Returns false with `error` set if it cannot be started or does not answer "uciok".
  bool start(const std::vector<std::string>& command, std::string& error,
             std::chrono::milliseconds timeout = std::chrono::seconds(10));
  bool running() const { return pid_ > 0; }
  const std::string& name() const { return name_; }
  // Option names the engine declared.
  const std::vector<std::string>& options() const { return options_; }
  bool has_option(const std::string& name) const;

  void send(const std::string& line);
  // The next line, or nothing if none came before the deadline (or the engine exited).
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  // Sends "isready" and waits for "readyok".
  bool sync(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Sends "quit" and waits briefly for the engine to exit, then kills it.
  void stop();

 private:
  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string buffer_;
  std::string name_;
  std::vector<std::string> options_;
};

// The result of one "go" sent to a UCI engine.
struct UciSearchResult {
  bool ok = false;
  std::string bestmove;
  int depth = 0;
  uint64_t nodes = 0;        // From the last info line that had nodes.
  int64_t engine_time_ms = 0;  // The engine's own time, from that line.
  double wall_seconds = 0;   // From sending "go" to reading "bestmove".
  std::string score;         // "cp 30" or "mate 3".
};

// Sends "go <args>" and reads until "bestmove" (or the timeout).
UciSearchResult uci_go(UciClient& engine, const std::string& go_args,
                       std::chrono::milliseconds timeout);

}  // namespace splitlab::protocol
