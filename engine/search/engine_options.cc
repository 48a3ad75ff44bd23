#include "engine/search/engine_options.h"

#include <cstdlib>

namespace splitlab::search {

const std::vector<EngineOption>& engine_options() {
  static const std::vector<EngineOption> options = [] {
    using Kind = EngineOption::Kind;
    const SplitRules rules;
    std::vector<std::string> schemes, policies;
    for (auto s : hashing::kAllTtEntrySchemes)
      schemes.emplace_back(hashing::tt_entry_scheme_name(s));
    for (auto p : hashing::kAllTtReplacePolicies)
      policies.emplace_back(hashing::tt_replace_policy_name(p));
    return std::vector<EngineOption>{
        {"Hash", "hash", Kind::kSpin, 1, kMaxHashMb, kDefaultHashMb, "", {},
         "the transposition table's size in MB"},
        {"Threads", "threads", Kind::kSpin, 1, kMaxSearchThreads, 1, "", {},
         "search threads"},
        // Its values and default are the strategies' registry's (parallel/strategy.h), which
        // the layers above supply.
        {"SplitStrategy", "strategy", Kind::kCombo, 0, 0, 0, "", {},
         "how the threads share the search (parallel/strategies.h)"},
        {"TTEntry", "tt-entry", Kind::kCombo, 0, 0, 0, "xor", schemes,
         "how a table entry guards against torn reads (hashing/tt.h)"},
        {"TTReplace", "tt-replace", Kind::kCombo, 0, 0, 0, "bucket", policies,
         "which entry a store replaces (hashing/tt.h)"},
        {"SplitNodes", "split-nodes", Kind::kCombo, 0, 0, 0,
         rules.split_any_node ? "any" : "pv-all", {"pv-all", "any"},
         "which nodes may be split: predicted PV and All nodes, or any"},
        {"MinSplitDepth", "min-split-depth", Kind::kSpin, 0, 64, rules.min_split_depth, "", {},
         "the least remaining depth at which a node is split; 0: the strategy's default for "
         "the thread count (parallel/strategy.cc)"},
        {"MaxHelpersPerSplit", "max-helpers", Kind::kSpin, 0, 256, rules.max_helpers_per_split,
         "", {},
         "the most threads that join one split point besides its owner; 0: the strategy's "
         "default for the thread count"},
        {"OrderingMemory", "ordering", Kind::kCombo, 0, 0, 0,
         rules.ordering == OrderingMemory::kCopy  ? "copy"
         : rules.ordering == OrderingMemory::kOwn ? "own"
                                                  : "shared",
         {"copy", "own", "shared"},
         "the killers and history a helper orders moves with: its owner's copied at each join, "
         "its own, or one table shared by all threads"},
        {"SplitJoin", "split-join", Kind::kCombo, 0, 0, 0, rules.late_join ? "late" : "booked",
         {"booked", "late"},
         "how helpers come to split points: only booked by a split as it is made, or also late, "
         "an idle thread joining the deepest split point whose moves are still handed out"},
        {"SplitChoice", "split-choice", Kind::kCombo, 0, 0, 0,
         rules.split_choice_tree ? "tree" : "own", {"own", "tree"},
         "which split DTS's idle threads get: the first busy thread to enter a node splits its "
         "own shallowest eligible frame, or the frame with the most depth left in any busy "
         "thread's tree, as Hyatt's DTS chose"},
        {"AbdadaForm", "abdada-form", Kind::kCombo, 0, 0, 0, "marks", {"marks", "kerrigan"},
         "ABDADA's form: busy marks alone, or Kerrigan's simplified ABDADA (cutoff checks, a "
         "move unmarked once its null-window search returns)"},
        {"ThreadAffinity", "affinity", Kind::kCombo, 0, 0, 0,
         rules.pin_threads ? "cores" : "none", {"none", "cores"},
         "where the search threads run: wherever the system puts them, or each pinned to a CPU "
         "of its own, one per physical core first and hyperthread siblings after "
         "(docs/many-cores.md)"},
        {"SearchFeatures", "features", Kind::kText, 0, 0, 0, "", {},
         "the search techniques switched on: none, or a list (engine/search/search_features.h); "
         "the default is the game's list accepted by SPRT"},
    };
  }();
  return options;
}

const EngineOption& engine_option(std::string_view uci_or_flag_name) {
  for (const EngineOption& option : engine_options())
    if (option.uci_name == uci_or_flag_name || option.flag == uci_or_flag_name) return option;
  std::abort();
}

}  // namespace splitlab::search
