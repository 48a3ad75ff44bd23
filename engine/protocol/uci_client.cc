#include "engine/protocol/uci_client.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <sstream>
#include <thread>

namespace splitlab::protocol {

namespace {
using Clock = std::chrono::steady_clock;
}

UciClient::~UciClient() { stop(); }

bool UciClient::start(const std::vector<std::string>& command, std::string& error,
                      std::chrono::milliseconds timeout) {
  if (command.empty()) {
    error = "no engine command";
    return false;
  }
  int in_pipe[2], out_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  pid_ = fork();
  if (pid_ < 0) {
    error = std::string("fork: ") + std::strerror(errno);
    return false;
  }
  if (pid_ == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    const int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) dup2(devnull, STDERR_FILENO);
    close(in_pipe[0]);
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(out_pipe[1]);
    std::vector<char*> argv;
    for (const auto& a : command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_engine_ = in_pipe[1];
  from_engine_ = out_pipe[0];
  signal(SIGPIPE, SIG_IGN);  // A dead engine must not kill us on write.

  send("uci");
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto line = read_line(std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - Clock::now()));
    if (!line) break;
    if (line->rfind("id name ", 0) == 0) name_ = line->substr(8);
    if (line->rfind("option name ", 0) == 0) {
      const size_t end = line->find(" type ");
      options_.push_back(line->substr(12, end == std::string::npos ? std::string::npos : end - 12));
    }
    if (*line == "uciok") return true;
  }
  error = "'" + command[0] + "' did not answer 'uci' with 'uciok'";
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
    const size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (from_engine_ < 0) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd fd{from_engine_, POLLIN, 0};
    if (poll(&fd, 1, int(left.count())) <= 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n <= 0) return std::nullopt;  // The engine exited.
    buffer_.append(chunk, size_t(n));
  }
}

bool UciClient::sync(std::chrono::milliseconds timeout) {
  send("isready");
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto line = read_line(std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - Clock::now()));
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
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  if (to_engine_ >= 0) close(to_engine_);
  if (from_engine_ >= 0) close(from_engine_);
  to_engine_ = from_engine_ = -1;
}

UciSearchResult uci_go(UciClient& engine, const std::string& go_args,
                       std::chrono::milliseconds timeout) {
  UciSearchResult result;
  const auto start = Clock::now();
  engine.send("go " + go_args);
  const auto deadline = start + timeout;
  while (Clock::now() < deadline) {
    auto line = engine.read_line(std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - Clock::now()));
    if (!line) break;
    std::istringstream in(*line);
    std::string word;
    in >> word;
    if (word == "bestmove") {
      in >> result.bestmove;
      result.ok = true;
      break;
    }
    if (word != "info") continue;
    uint64_t nodes = 0;
    int64_t time_ms = -1;
    int depth = -1;
    std::string score;
    while (in >> word) {
      if (word == "nodes") in >> nodes;
      else if (word == "time") in >> time_ms;
      else if (word == "depth") in >> depth;
      else if (word == "score") {
        std::string kind, value;
        in >> kind >> value;
        score = kind + " " + value;
      } else if (word == "pv" || word == "string") {
        break;
      }
    }
    if (nodes > 0 && time_ms >= 0) {
      result.nodes = nodes;
      result.engine_time_ms = time_ms;
    }
    if (depth > 0 && !score.empty()) {
      result.depth = depth;
      result.score = score;
    }
  }
  result.wall_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

}  // namespace splitlab::protocol
