// Progress with an ETA on stderr for long runs, at most a few lines a second.
#pragma once

#include <chrono>
#include <string>

namespace splitlab::util {

class Progress {
 public:
  explicit Progress(std::string label) : label_(std::move(label)), start_(Clock::now()) {}

  // `done` out of `total` work units (any unit that is roughly proportional to time).
  void update(double done, double total, const std::string& detail = "");
  double elapsed_seconds() const;

 private:
  using Clock = std::chrono::steady_clock;
  std::string label_;
  Clock::time_point start_;
  Clock::time_point last_print_{};
};

}  // namespace splitlab::util
