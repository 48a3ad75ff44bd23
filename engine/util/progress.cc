#include "engine/util/progress.h"

#include <cstdio>

namespace splitlab::util {

double Progress::elapsed_seconds() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

void Progress::update(double done, double total, const std::string& detail) {
  const auto now = Clock::now();
  const bool finished = done >= total;
  if (!finished && now - last_print_ < std::chrono::milliseconds(250)) return;
  last_print_ = now;
  const double elapsed = elapsed_seconds();
  const double fraction = total > 0 ? done / total : 1.0;
  const double eta = fraction > 0 ? elapsed * (1.0 - fraction) / fraction : 0.0;
  std::fprintf(stderr, "%s: %5.1f%%  elapsed %.1fs  ETA %.1fs  %s\n", label_.c_str(),
               100.0 * fraction, elapsed, eta, detail.c_str());
}

}  // namespace splitlab::util
