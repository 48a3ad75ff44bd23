#include "bench/match/time_control.h"

#include <charconv>
#include <cstdio>

namespace splitlab::bench::match {

namespace {

bool parse_count(const std::string& text, int& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && value >= 0;
}

// "60", "0.6" or "1:30" (minutes:seconds) into milliseconds.
bool parse_clock_time(const std::string& text, int64_t& ms) {
  const size_t colon = text.find(':');
  if (colon == std::string::npos) return parse_seconds(text, ms);
  int minutes = 0;
  int64_t seconds_ms = 0;
  if (!parse_count(text.substr(0, colon), minutes) ||
      !parse_seconds(text.substr(colon + 1), seconds_ms))
    return false;
  ms = int64_t(minutes) * 60000 + seconds_ms;
  return true;
}

std::string seconds_text(int64_t ms) {
  char text[32];
  if (ms % 1000 == 0)
    std::snprintf(text, sizeof text, "%lld", (long long)(ms / 1000));
  else
    std::snprintf(text, sizeof text, "%g", double(ms) / 1000.0);
  return text;
}

}  // namespace

bool parse_seconds(const std::string& text, int64_t& ms) {
  // Digits, at most one point, at most three decimals: milliseconds are the clock's unit.
  int64_t whole = 0, fraction = 0;
  int decimals = 0;
  bool point = false, digits = false;
  for (char c : text) {
    if (c == '.' && !point) {
      point = true;
    } else if (c >= '0' && c <= '9') {
      digits = true;
      if (point) {
        if (++decimals > 3) return false;
        fraction = fraction * 10 + (c - '0');
      } else {
        whole = whole * 10 + (c - '0');
        if (whole > 100000000) return false;
      }
    } else {
      return false;
    }
  }
  if (!digits) return false;
  while (decimals++ < 3) fraction *= 10;
  ms = whole * 1000 + fraction;
  return true;
}

bool parse_tc(const std::string& text, TimeControl& tc, std::string& error) {
  error = "bad time control 'tc=" + text +
          "': expected [moves/]seconds[+increment] (40/60+0.6, 10+0.1, 1:30) or inf";
  if (text == "inf" || text == "infinite") {
    tc.base_ms = -1;
    tc.moves_per_period = 0;
    tc.increment_ms = 0;
    return true;
  }
  std::string rest = text;
  int moves = 0;
  const size_t slash = rest.find('/');
  if (slash != std::string::npos) {
    if (!parse_count(rest.substr(0, slash), moves) || moves < 1) return false;
    rest = rest.substr(slash + 1);
  }
  int64_t increment_ms = 0;
  const size_t plus = rest.find('+');
  if (plus != std::string::npos) {
    if (!parse_seconds(rest.substr(plus + 1), increment_ms)) return false;
    rest = rest.substr(0, plus);
  }
  int64_t base_ms = 0;
  if (!parse_clock_time(rest, base_ms)) return false;
  if (base_ms <= 0 && increment_ms <= 0) {
    error = "bad time control 'tc=" + text + "': the clock has no time";
    return false;
  }
  tc.moves_per_period = moves;
  tc.base_ms = base_ms;
  tc.increment_ms = increment_ms;
  tc.move_time_ms = 0;
  error.clear();
  return true;
}

bool parse_st(const std::string& text, TimeControl& tc, std::string& error) {
  int64_t ms = 0;
  if (!parse_seconds(text, ms) || ms <= 0) {
    error = "bad time per move 'st=" + text + "': expected seconds above 0 (0.5)";
    return false;
  }
  tc.move_time_ms = ms;
  tc.base_ms = -1;
  tc.moves_per_period = 0;
  tc.increment_ms = 0;
  return true;
}

std::string TimeControl::to_string() const {
  if (move_time_ms > 0) return seconds_text(move_time_ms) + "/move";
  if (!has_clock()) return "inf";
  std::string text;
  if (moves_per_period > 0) text += std::to_string(moves_per_period) + "/";
  text += seconds_text(base_ms);
  if (increment_ms > 0) text += "+" + seconds_text(increment_ms);
  return text;
}

GameClock::GameClock(const TimeControl& tc)
    : tc_(tc), time_left_ms_(tc.has_clock() ? tc.base_ms : 0) {}

int GameClock::moves_to_go() const {
  if (!tc_.has_clock() || tc_.moves_per_period == 0) return 0;
  return tc_.moves_per_period - moves_made_ % tc_.moves_per_period;
}

std::optional<int64_t> GameClock::deadline_ms() const {
  if (tc_.has_clock()) return time_left_ms_ + tc_.margin_ms;
  if (tc_.move_time_ms > 0) return tc_.move_time_ms + tc_.margin_ms;
  return std::nullopt;
}

bool GameClock::charge(int64_t elapsed_ms) {
  const auto deadline = deadline_ms();
  ++moves_made_;
  if (deadline && elapsed_ms > *deadline) return false;
  if (!tc_.has_clock()) return true;
  time_left_ms_ += tc_.increment_ms - elapsed_ms;
  if (tc_.moves_per_period > 0 && moves_made_ % tc_.moves_per_period == 0)
    time_left_ms_ += tc_.base_ms;
  return true;
}

}  // namespace splitlab::bench::match
