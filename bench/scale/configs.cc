#include "bench/scale/configs.h"

namespace splitlab::bench::scaling {

std::vector<Config> make_configs(const ScaleConfig& scale) {
  std::vector<Config> configs;
  configs.push_back({"splitlab", "none", 1, scale.depth, parallel::SplitStrategy::kNone, nullptr});
  for (auto strategy : scale.strategies)
    for (int t : scale.threads)
      if (t > 1)
        configs.push_back({"splitlab", std::string(parallel::split_strategy_name(strategy)), t,
                           scale.depth, strategy, nullptr});
  for (const auto& ref : scale.references)
    for (int t : scale.threads)
      configs.push_back(
          {ref.name, ref.strategy, t, ref.depth, parallel::SplitStrategy::kNone, &ref});
  return configs;
}

}  // namespace splitlab::bench::scaling
