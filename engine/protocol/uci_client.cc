#include "engine/protocol/uci_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <sstream>
#include <thread>

extern char** environ;

namespace splitlab::protocol {

namespace {
using Clock = std::chrono::steady_clock;

std::chrono::milliseconds left_until(Clock::time_point deadline) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
}
}  // namespace

bool parse_uci_option_line(const std::string& line, UciOptionDeclaration& out) {
  if (line.rfind("option name ", 0) != 0) return false;
  out = UciOptionDeclaration();
  // Option names and values may hold spaces: a field runs until the next keyword.
  static const char* const kKeywords[] = {"type", "default", "min", "max", "var"};
  std::istringstream in(line.substr(12));
  std::string word, field = "name", value;
  auto flush = [&] {
    if (field == "name")
      out.name = value;
    else if (field == "type")
      out.type = value;
    else if (field == "default")
      out.default_value = value;
    else if (field == "min")
      out.min = value;
    else if (field == "max")
      out.max = value;
    else if (field == "var")
      out.vars.push_back(value);
    value.clear();
  };
  while (in >> word) {
    bool keyword = false;
    for (const char* k : kKeywords) keyword |= word == k;
    if (keyword) {
      flush();
      field = word;
      continue;
    }
    if (!value.empty()) value += ' ';
    value += word;
  }
  flush();
  return !out.name.empty();
}

UciClient::~UciClient() { stop(); }

bool UciClient::start(const std::vector<std::string>& command, std::string& error,
                      std::chrono::milliseconds timeout, const std::string& working_dir,
                      bool ucci) {
  if (command.empty()) {
    error = "no engine command";
    return false;
  }
  stop();
  eof_ = false;
  buffer_.clear();
  scanned_ = 0;
  name_.clear();
  options_.clear();
  declarations_.clear();
  signal(SIGPIPE, SIG_IGN);  // A dead engine must not kill us on write.
  // Close-on-exec pipes: engines started by other threads must not inherit this engine's pipe
  // ends, or its exit would never read as end-of-file.
  int in_pipe[2], out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    close(in_pipe[0]);
    close(in_pipe[1]);
    return false;
  }
  std::vector<char*> argv;
  for (const auto& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  // posix_spawn rather than fork: safe in a multi-threaded caller, and it reports a command
  // that cannot be executed as an error here.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  if (!working_dir.empty()) posix_spawn_file_actions_addchdir_np(&actions, working_dir.c_str());
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in_pipe[0]);
  close(out_pipe[1]);
  if (rc != 0) {
    close(in_pipe[1]);
    close(out_pipe[0]);
    error = "cannot start '" + command[0] + "': " + std::strerror(rc);
    return false;
  }
  pid_ = pid;
  to_engine_ = in_pipe[1];
  from_engine_ = out_pipe[0];

  send(ucci ? "ucci" : "uci");
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto line = read_line(left_until(deadline));
    if (!line) break;
    if (line->rfind("id name ", 0) == 0) name_ = line->substr(8);
    UciOptionDeclaration declaration;
    // UCCI declares "option hashsize type spin ...": a one-word name without "name".
    const std::string option_line =
        ucci && line->rfind("option ", 0) == 0 ? "option name " + line->substr(7) : *line;
    if (parse_uci_option_line(option_line, declaration)) {
      options_.push_back(declaration.name);
      declarations_.push_back(std::move(declaration));
    }
    if (*line == (ucci ? "ucciok" : "uciok")) return true;
  }
  error = "'" + command[0] + (ucci ? "' did not answer 'ucci' with 'ucciok'"
                                   : "' did not answer 'uci' with 'uciok'");
  stop();
  return false;
}

bool UciClient::has_option(const std::string& name) const {
  for (const auto& o : options_)
    if (o == name) return true;
  return false;
}

void UciClient::send(const std::string& line) {
  if (to_engine_ < 0) return;
  const std::string data = line + "\n";
  size_t written = 0;
  while (written < data.size()) {
    const ssize_t n = write(to_engine_, data.data() + written, data.size() - written);
    if (n <= 0) return;
    written += size_t(n);
  }
}

std::optional<std::string> UciClient::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    const size_t newline = buffer_.find('\n', scanned_);
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      scanned_ = 0;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    scanned_ = buffer_.size();
    if (from_engine_ < 0 || eof_) return std::nullopt;
    const auto left = left_until(deadline);
    if (left.count() <= 0) return std::nullopt;
    pollfd fd{from_engine_, POLLIN, 0};
    const int ready = poll(&fd, 1, int(std::min<int64_t>(left.count(), 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;  // The engine exited.
      return std::nullopt;
    }
    buffer_.append(chunk, size_t(n));
  }
}

bool UciClient::sync(std::chrono::milliseconds timeout) {
  send("isready");
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto line = read_line(left_until(deadline));
    if (!line) return false;
    if (*line == "readyok") return true;
  }
  return false;
}

void UciClient::stop() {
  if (pid_ <= 0) return;
  send("quit");
  for (int i = 0; i < 50; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill();
}

void UciClient::kill() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  close_pipes();
}

void UciClient::close_pipes() {
  if (to_engine_ >= 0) close(to_engine_);
  if (from_engine_ >= 0) close(from_engine_);
  to_engine_ = from_engine_ = -1;
}

UciInfo parse_uci_info(const std::string& line) {
  UciInfo info;
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word != "info") return info;
  while (in >> word) {
    if (word == "nodes")
      in >> info.nodes;
    else if (word == "time")
      in >> info.time_ms;
    else if (word == "depth")
      in >> info.depth;
    else if (word == "score") {
      std::string kind, value;
      in >> kind;
      if (kind == "cp" || kind == "mate") {
        in >> value;
        info.score = kind + " " + value;
      } else if (!kind.empty() &&
                 (std::isdigit(static_cast<unsigned char>(kind[0])) || kind[0] == '-')) {
        info.score = "cp " + kind;  // UCCI: the score is a plain number.
      }
    } else if (word == "pv" || word == "string") {
      break;
    }
  }
  return info;
}

UciSearchResult uci_go(UciClient& engine, const std::string& go_args,
                       std::chrono::milliseconds timeout) {
  UciSearchResult result;
  const auto start = Clock::now();
  engine.send("go " + go_args);
  const auto deadline = start + timeout;
  while (Clock::now() < deadline) {
    auto line = engine.read_line(left_until(deadline));
    if (!line) break;
    if (line->rfind("bestmove", 0) == 0) {
      std::istringstream in(*line);
      std::string word;
      in >> word >> result.bestmove;
      result.ok = true;
      break;
    }
    const UciInfo info = parse_uci_info(*line);
    if (info.nodes > 0 && info.time_ms >= 0) {
      result.nodes = uint64_t(info.nodes);
      result.engine_time_ms = info.time_ms;
    }
    if (info.depth > 0 && !info.score.empty()) {
      result.depth = info.depth;
      result.score = info.score;
    }
  }
  result.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace splitlab::protocol
