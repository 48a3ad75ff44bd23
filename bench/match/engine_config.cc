#include "bench/match/engine_config.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "engine/protocol/option_name.h"

namespace splitlab::bench::match {

namespace {

using protocol::same_option_name;

bool parse_positive(const std::string& text, long long max, long long& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && value >= 0 && value <= max;
}

// Sets option NAME, replacing an earlier value of the same option (same_option_name).
void set_option(EngineConfig& out, const std::string& name, const std::string& value) {
  bool replaced = false;
  for (auto& option : out.options)
    if (same_option_name(option.first, name)) option = {name, value}, replaced = true;
  if (!replaced) out.options.emplace_back(name, value);
}

// tc= and st= as given: read once all words are in, so that the later of the two wins.
struct TimeWords {
  std::string tc, st;
};

// The keys whose value is checked (numbers, the protocol), and the error for any other key.
bool apply_checked_word(const std::string& word, const std::string& key,
                        const std::string& value, EngineConfig& out, std::string& error) {
  long long number = 0;
  if (key == "nodes") {
    if (!parse_positive(value, 1LL << 50, number) || number == 0) {
      error = "bad engine word '" + word + "': expected a node count above 0";
      return false;
    }
    out.time_control.nodes = number;
  } else if (key == "depth" || key == "plies") {
    if (!parse_positive(value, 200, number) || number == 0) {
      error = "bad engine word '" + word + "': expected a depth from 1 to 200";
      return false;
    }
    out.time_control.depth = int(number);
  } else if (key == "timemargin") {
    if (!parse_positive(value, 3600000, number)) {
      error = "bad engine word '" + word + "': expected milliseconds (0 or more)";
      return false;
    }
    out.time_control.margin_ms = number;
  } else if (key == "stalltimeout" || key == "starttimeout") {
    int64_t ms = 0;
    if (!parse_seconds(value, ms) || ms == 0) {
      error = "bad engine word '" + word + "': expected seconds above 0";
      return false;
    }
    (key == "stalltimeout" ? out.stall_timeout_ms : out.start_timeout_ms) = ms;
  } else if (key == "proto") {
    if (value != "uci" && value != "ucci") {
      error = "unsupported protocol '" + word + "': proto=uci or proto=ucci";
      return false;
    }
    out.ucci = value == "ucci";
  } else {
    error = "unknown engine word '" + word +
            "' (name, cmd, dir, arg, option.NAME, tc, st, nodes, depth, timemargin, "
            "stalltimeout, starttimeout, proto)";
    return false;
  }
  return true;
}

// One key=value word of an engine.
bool apply_engine_word(const std::string& word, EngineConfig& out, TimeWords& time_words,
                       std::string& error) {
  const size_t eq = word.find('=');
  if (eq == std::string::npos || eq == 0) {
    error = "bad engine word '" + word + "': expected key=value";
    return false;
  }
  const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
  if (key == "name") {
    out.name = value;
  } else if (key == "cmd") {
    out.command = value;
  } else if (key == "dir") {
    out.working_dir = value;
  } else if (key == "arg") {
    out.args.push_back(value);
  } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
    set_option(out, key.substr(7), value);
  } else if (key == "tc") {
    time_words.tc = value;
    time_words.st.clear();
  } else if (key == "st") {
    time_words.st = value;
    time_words.tc.clear();
  } else {
    return apply_checked_word(word, key, value, out, error);
  }
  return true;
}

// What needs all of an engine's words: its time control, its name (the command's file name if
// none was given) and the checks between them.
bool finish_engine_config(const TimeWords& time_words, EngineConfig& out, std::string& error) {
  if (!time_words.tc.empty() && !parse_tc(time_words.tc, out.time_control, error)) return false;
  if (!time_words.st.empty() && !parse_st(time_words.st, out.time_control, error)) return false;
  if (out.command.empty()) {
    error = "engine '" + (out.name.empty() ? std::string("?") : out.name) + "' has no cmd=";
    return false;
  }
  if (out.name.empty()) {
    const size_t slash = out.command.find_last_of('/');
    out.name = slash == std::string::npos ? out.command : out.command.substr(slash + 1);
  }
  if (!out.time_control.is_limited()) {
    error = "engine '" + out.name + "' has no time control (tc=, st=, nodes= or depth=)";
    return false;
  }
  if (out.ucci && out.time_control.move_time_ms > 0) {
    error = "engine '" + out.name + "': proto=ucci has no fixed time a move (st=); use tc=, " +
            "nodes= or depth=";
    return false;
  }
  return true;
}

}  // namespace

std::vector<std::string> EngineConfig::command_line() const {
  std::vector<std::string> line{command};
  line.insert(line.end(), args.begin(), args.end());
  return line;
}

std::string EngineConfig::option(const std::string& name) const {
  for (const auto& [key, value] : options)
    if (same_option_name(key, name)) return value;
  return "";
}

int EngineConfig::threads() const {
  const std::string value = option("Threads");
  int count = 1;
  if (!value.empty() && std::sscanf(value.c_str(), "%d", &count) != 1) count = 1;
  return std::max(count, 1);
}

int most_threads(const std::vector<EngineConfig>& engines) {
  int most = 1;
  for (const EngineConfig& engine : engines) most = std::max(most, engine.threads());
  return most;
}

bool parse_engine_config(const std::vector<std::string>& each, const std::vector<std::string>& own,
                         EngineConfig& out, std::string& error) {
  out = EngineConfig();
  // Later words win, so --each goes first; arg= words accumulate from both.
  std::vector<std::string> words = each;
  words.insert(words.end(), own.begin(), own.end());
  TimeWords time_words;
  for (const auto& word : words)
    if (!apply_engine_word(word, out, time_words, error)) return false;
  return finish_engine_config(time_words, out, error);
}

}  // namespace splitlab::bench::match
