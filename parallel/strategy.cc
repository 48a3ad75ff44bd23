#include "parallel/strategy.h"

namespace splitlab::parallel {

namespace {

constexpr StrategyEntry kStrategies[] = {
    {SplitStrategy::kNone, "none", false, false,
     "the single-threaded search, whatever Threads says"},
    {SplitStrategy::kYbwc, "ybwc", true, false,
     "Young Brothers Wait: split a node once its first move is searched; owners wait"},
    {SplitStrategy::kDts, "dts", true, false,
     "Dynamic Tree Splitting: idle threads ask, busy ones split their shallowest node"},
    {SplitStrategy::kLazy, "lazy", false, false,
     "Lazy SMP: every thread searches the root on the shared table"},
    {SplitStrategy::kAbdada, "abdada", false, true,
     "ABDADA: Lazy SMP's iterations, younger moves another thread is on put off"},
};

}  // namespace

std::span<const StrategyEntry> split_strategies() { return kStrategies; }

std::optional<SplitStrategy> parse_split_strategy(std::string_view name) {
  for (const StrategyEntry& e : kStrategies)
    if (e.name == name) return e.strategy;
  return std::nullopt;
}

const StrategyEntry& strategy_entry(SplitStrategy s) {
  for (const StrategyEntry& e : kStrategies)
    if (e.strategy == s) return e;
  return kStrategies[0];
}

std::string_view split_strategy_name(SplitStrategy s) { return strategy_entry(s).name; }

std::string split_strategy_names(std::string_view separator, bool with_none) {
  std::string names;
  for (const StrategyEntry& e : kStrategies) {
    if (!with_none && e.strategy == SplitStrategy::kNone) continue;
    if (!names.empty()) names += separator;
    names += e.name;
  }
  return names;
}

}  // namespace splitlab::parallel
