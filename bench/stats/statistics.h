// Statistics for measurements: geometric means of ratios with bootstrap confidence intervals
// (resampling the positions; a fixed seed, so a report is reproducible from its data).
#pragma once

#include <cstdint>
#include <vector>

namespace splitlab::bench {

double geometric_mean(const std::vector<double>& values);
double median(std::vector<double> values);

struct Interval {
  double estimate = 0, low = 0, high = 0;
};

// The seed of the bootstrap's resampling, recorded by reports that use it.
inline constexpr uint64_t kBootstrapSeed = 0x5EED;

// The geometric mean of `ratios` with a percentile bootstrap interval at `confidence`.
Interval geometric_mean_interval(const std::vector<double>& ratios, double confidence = 0.95,
                                 int resamples = 4000, uint64_t seed = kBootstrapSeed);

}  // namespace splitlab::bench
