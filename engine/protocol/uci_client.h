// Talks to another UCI engine over pipes: the reference engines of `scale` and the players of
// `match`. Every read has a deadline, so a hung engine cannot hang the caller; an engine that
// exits is seen as such (exited()), so a crash is told apart from a slow answer.
// One client is used by one thread at a time; many clients may run in parallel threads (the
// pipes are close-on-exec, so one engine never holds another's pipes open).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace splitlab::protocol {

// One "option name N type T [default D] [min A] [max B] [var V]..." line of the handshake.
struct UciOptionDeclaration {
  std::string name, type, default_value, min, max;
  std::vector<std::string> vars;
};

// Parses an "option name ..." line; returns false if it is not one.
bool parse_uci_option_line(const std::string& line, UciOptionDeclaration& out);

class UciClient {
 public:
  UciClient() = default;
  ~UciClient();
  UciClient(const UciClient&) = delete;
  UciClient& operator=(const UciClient&) = delete;

  // Starts `command` (an executable path, with arguments; in `working_dir` when not empty) and
  // runs the "uci" handshake ("ucci"/"ucciok" when `ucci`). Returns false with `error` set if it
  // cannot be started or does not answer "uciok".
  bool start(const std::vector<std::string>& command, std::string& error,
             std::chrono::milliseconds timeout = std::chrono::seconds(10),
             const std::string& working_dir = "", bool ucci = false);
  bool running() const { return pid_ > 0; }
  // True once the engine closed its output (it exited or crashed).
  bool exited() const { return eof_; }
  const std::string& name() const { return name_; }
  // Option names the engine declared, and the whole declarations.
  const std::vector<std::string>& options() const { return options_; }
  const std::vector<UciOptionDeclaration>& option_declarations() const { return declarations_; }
  bool has_option(const std::string& name) const;

  void send(const std::string& line);
  // The next line, or nothing if none came before the deadline (or the engine exited).
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  // Sends "isready" and waits for "readyok".
  bool sync(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Sends "quit" and waits briefly for the engine to exit, then kills it.
  void stop();
  // Kills the engine at once (a hung engine that would not read "quit").
  void kill();

 private:
  void close_pipes();

  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  bool eof_ = false;
  std::string buffer_;
  // The first bytes of buffer_ known to hold no newline: a long line (an engine's 1 MB info
  // string) is searched once, not once per chunk read.
  size_t scanned_ = 0;
  std::string name_;
  std::vector<std::string> options_;
  std::vector<UciOptionDeclaration> declarations_;
};

// The result of one "go" sent to a UCI engine.
struct UciSearchResult {
  bool ok = false;
  std::string bestmove;
  int depth = 0;
  uint64_t nodes = 0;          // From the last info line that had nodes.
  int64_t engine_time_ms = 0;  // The engine's own time, from that line.
  double wall_seconds = 0;     // From sending "go" to reading "bestmove".
  std::string score;           // "cp 30" or "mate 3".
};

// What one "info" line says, for the fields a caller keeps: -1 / empty when absent. A UCCI
// score (a plain number) is read as "cp N".
struct UciInfo {
  int depth = -1;
  int64_t nodes = -1;
  int64_t time_ms = -1;
  std::string score;  // "cp 30" or "mate -3"
};
UciInfo parse_uci_info(const std::string& line);

// Sends "go <args>" and reads until "bestmove" (or the timeout).
UciSearchResult uci_go(UciClient& engine, const std::string& go_args,
                       std::chrono::milliseconds timeout);

}  // namespace splitlab::protocol
