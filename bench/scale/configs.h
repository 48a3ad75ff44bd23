// The configurations a scaling experiment searches with: Splitlab's 1-thread baseline, each
// strategy at each thread count above 1, and each reference engine at every thread count.
#pragma once

#include <string>
#include <vector>

#include "bench/scale/scale.h"
#include "parallel/strategy.h"

namespace splitlab::bench::scaling {

// A configuration: Splitlab with a strategy and thread count, or a reference engine.
struct Config {
  std::string engine, strategy;
  int threads = 1;
  int depth = 0;
  parallel::SplitStrategy split_strategy = parallel::SplitStrategy::kNone;
  const ReferenceEngine* reference = nullptr;
  double cap_seconds = 0;  // Calibration only: stop a search that runs past this (0: never).
  std::string label() const {
    return engine == "splitlab" ? strategy : engine + " (" + strategy + ")";
  }
};

// Every rank builds the same list from the same command line, so an index names one
// configuration on all of them. The first is Splitlab's 1-thread baseline.
std::vector<Config> make_configs(const ScaleConfig& scale);

}  // namespace splitlab::bench::scaling
