// The parallel search as the protocol sees it. The protocol offers the options (Threads,
// SplitStrategy and the split rules) and hands their values on; the binary supplies what turns
// them into a searcher's threads (cli/parallel_search.h, over parallel/), so that engine/
// names no strategy and includes nothing from the layers above it.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/search/searcher.h"

namespace splitlab::protocol {

// The parallel options' values as the GUI set them, each already checked against its range
// or its combo's list.
struct ThreadOptions {
  int threads = 1;
  std::string strategy;
  std::string split_nodes;      // "pv-all" or "any"
  std::string ordering_memory;  // "copy", "own" or "shared"
  int min_split_depth = 0;  // 0: the strategy's default for the thread count.
  int max_helpers_per_split = 0;
  std::string split_join;       // "booked" or "late"
  std::string split_choice;     // "own" or "tree" (DTS)
  std::string abdada_form;      // "marks" or "kerrigan"
  std::string affinity;         // "none" or "cores" (ThreadAffinity)
};

template <search::SearchGame G>
struct ThreadProvider {
  // Gives `searcher` the threads `options` ask for (none: the single-threaded search).
  std::function<void(search::Searcher<G>&, const ThreadOptions&)> configure;
  // After a search with threads: one "info string ..." line per thread and a total.
  std::function<std::vector<std::string>(search::Searcher<G>&)> thread_lines;
};

// What the binary gives the protocol: the strategies by name ("none", the single-threaded
// search, first), the default one, and the threads of each game registered.
struct ParallelSearch {
  std::vector<std::string> strategies;
  std::string default_strategy;
  // Each game's ThreadProvider<G>, by the game's name (set with set_provider).
  std::map<std::string, std::shared_ptr<const void>, std::less<>> providers;

  template <search::SearchGame G>
  void set_provider(ThreadProvider<G> provider) {
    providers[std::string(G::kName)] =
        std::make_shared<const ThreadProvider<G>>(std::move(provider));
  }
  // Stored under G's own name by set_provider<G>, so the cast names what was stored.
  template <search::SearchGame G>
  const ThreadProvider<G>& of() const {
    return *static_cast<const ThreadProvider<G>*>(providers.find(G::kName)->second.get());
  }
};

}  // namespace splitlab::protocol
