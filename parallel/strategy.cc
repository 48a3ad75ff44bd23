#include "parallel/strategy.h"

namespace splitlab::parallel {

namespace {

// A strategy that does not split keeps the mechanism's rules of few threads (no split reads
// them; they are there so that no rule is 0).
constexpr RulesFromThreads kUnsplitRules[] = {{1, 4, 8}};

// YBWC and DTS, from the simulated sweeps at depth 18 (experiments/simulate/many-cpus,
// sweep-d18 and tuned-d18; 12 and 16 positions, paired by position against the defaults):
// - up to 8 CPUs, depth 4 and 8 helpers: MinSplitDepth 2 loses at 4 CPUs (x0.78 and x0.80,
//   both outside 1) and is even at 8;
// - at 16 CPUs, 16 helpers: x1.20 [1.00, 1.46] (YBWC) and x1.19 [1.04, 1.38] (DTS);
// - from 32 CPUs, depth 2 and 8 helpers: at 64 CPUs x1.37 [1.14, 1.63] and x1.32 [1.13, 1.53]
//   (DTS, sweep and tuned runs), x1.23 and x1.16 (YBWC); 16 helpers there x0.91 and x0.94.
constexpr RulesFromThreads kYbwcRules[] = {{1, 4, 8}, {16, 4, 16}, {32, 2, 8}};
constexpr RulesFromThreads kDtsRules[] = {{1, 4, 8}, {16, 4, 16}, {32, 2, 8}};

constexpr StrategyEntry kStrategies[] = {
    {SplitStrategy::kNone, "none", false, false,
     "the single-threaded search, whatever Threads says", kUnsplitRules},
    {SplitStrategy::kYbwc, "ybwc", true, false,
     "Young Brothers Wait: split a node once its first move is searched; owners wait",
     kYbwcRules},
    {SplitStrategy::kDts, "dts", true, false,
     "Dynamic Tree Splitting: idle threads ask, busy ones split their shallowest node",
     kDtsRules},
    {SplitStrategy::kLazy, "lazy", false, false,
     "Lazy SMP: every thread searches the root on the shared table", kUnsplitRules},
    {SplitStrategy::kAbdada, "abdada", false, true,
     "ABDADA: Lazy SMP's iterations, younger moves another thread is on put off",
     kUnsplitRules},
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

SplitSettings rules_for_threads(SplitSettings settings, int threads) {
  const auto rows = strategy_entry(settings.strategy).rules_by_threads;
  RulesFromThreads chosen = rows.empty() ? kUnsplitRules[0] : rows.front();
  for (const RulesFromThreads& row : rows)
    if (threads >= row.threads) chosen = row;
  if (settings.min_split_depth <= 0) settings.min_split_depth = chosen.min_split_depth;
  if (settings.max_helpers_per_split <= 0)
    settings.max_helpers_per_split = chosen.max_helpers_per_split;
  return settings;
}

std::string describe_split_rules(const SplitSettings& settings) {
  const char* ordering = settings.ordering == search::OrderingMemory::kCopy  ? "copy"
                         : settings.ordering == search::OrderingMemory::kOwn ? "own"
                                                                             : "shared";
  return std::string("split ") + (settings.split_any_node ? "any" : "pv-all") +
         " nodes at depth >= " + std::to_string(settings.min_split_depth) + ", <= " +
         std::to_string(settings.max_helpers_per_split) + " helpers, " + ordering +
         " ordering, " + (settings.late_join ? "late" : "booked") + " joins" +
         (settings.split_choice_tree ? ", splits chosen from the whole tree" : "");
}

}  // namespace splitlab::parallel
