// The split strategies, by name (the SplitStrategy option, --strategy and --strategies), and
// the settings a parallel search's threads are made from. The registry: a strategy is added
// here (its enum value and entry) and in make_team (strategies.h); nothing else names it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/search/parallel_policy.h"

namespace splitlab::parallel {

enum class SplitStrategy : uint8_t { kNone, kYbwc, kDts, kLazy, kAbdada };

// The strategy of a search with threads when none is named (the SplitStrategy option's
// default, --strategy's): stated here only.
inline constexpr SplitStrategy kDefaultSplitStrategy = SplitStrategy::kYbwc;

// A strategy's split rules from a thread count up (to the next row's count): what
// MinSplitDepth and MaxHelpersPerSplit at 0 stand for. Chosen from simulated sweeps, committed
// with them (parallel/strategy.cc says which).
struct RulesFromThreads {
  int threads;  // From this many threads up.
  int min_split_depth;
  int max_helpers_per_split;
};

struct StrategyEntry {
  SplitStrategy strategy;
  std::string_view name;
  // Whether it splits nodes, so that the split rules (SplitNodes, MinSplitDepth,
  // MaxHelpersPerSplit, OrderingMemory) apply to it.
  bool splits;
  // Whether it puts moves off until a node's other moves are done (point 3b, before_move).
  bool postpones;
  std::string_view summary;  // One line, for help texts.
  // Its default split rules by thread count, the first row from 1 thread.
  std::span<const RulesFromThreads> rules_by_threads;
};

// Every strategy, "none" (the single-threaded search) first.
std::span<const StrategyEntry> split_strategies();
const StrategyEntry& strategy_entry(SplitStrategy s);
std::optional<SplitStrategy> parse_split_strategy(std::string_view name);
std::string_view split_strategy_name(SplitStrategy s);
// The names joined by `separator` ("none, ybwc, dts, lazy, abdada"), for help and error texts;
// without "none" when `with_none` is false.
std::string split_strategy_names(std::string_view separator, bool with_none = true);

// ABDADA's form (AbdadaForm, --abdada-form). kMarks: a younger move is put off while its child
// is marked busy (children of 3 plies or more). kKerrigan: Kerrigan's simplified ABDADA, which
// marks and puts off at nodes of 3 plies or more, probes the table again before each further
// move of a node with moves put off (cutoff checks, nodes of 4 plies or more), and unmarks a
// move as soon as its null-window search returns.
enum class AbdadaForm : uint8_t { kMarks, kKerrigan };

// The strategy and the split rules it runs the split mechanism with.
struct SplitSettings : search::SplitRules {
  SplitStrategy strategy = SplitStrategy::kNone;
  AbdadaForm abdada_form = AbdadaForm::kMarks;
};

// `settings` with each split rule left at 0 replaced by its strategy's default at `threads`
// (RulesFromThreads); rules the user set stay. make_team applies it, so every team runs with
// rules above 0.
SplitSettings rules_for_threads(SplitSettings settings, int threads);
// The rules a team runs with, in words: "split pv-all nodes at depth >= 4, <= 16 helpers,
// copy ordering, booked joins" (what scale and simulate print per thread count).
std::string describe_split_rules(const SplitSettings& settings);

}  // namespace splitlab::parallel
