#include "bench/stats/statistics.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace splitlab::bench {

double geometric_mean(const std::vector<double>& values) {
  if (values.empty()) return 0;
  double log_sum = 0;
  for (double v : values) log_sum += std::log(v);
  return std::exp(log_sum / double(values.size()));
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

Interval geometric_mean_interval(const std::vector<double>& ratios, double confidence,
                                 int resamples, uint64_t seed) {
  Interval out;
  out.estimate = out.low = out.high = geometric_mean(ratios);
  if (ratios.size() < 2) return out;
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<size_t> pick(0, ratios.size() - 1);
  std::vector<double> means, sample(ratios.size());
  means.reserve(size_t(resamples));
  for (int r = 0; r < resamples; ++r) {
    for (auto& x : sample) x = ratios[pick(rng)];
    means.push_back(geometric_mean(sample));
  }
  std::sort(means.begin(), means.end());
  const double tail = (1 - confidence) / 2;
  out.low = means[size_t(tail * (resamples - 1))];
  out.high = means[size_t((1 - tail) * (resamples - 1))];
  return out;
}

}  // namespace splitlab::bench
