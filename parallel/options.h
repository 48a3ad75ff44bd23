// Parsing the parallel-search options (UCI and command-line flags share them) and making the
// threads of a search from them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/search/searcher.h"
#include "engine/search/split_coordinator.h"
#include "parallel/coordinator.h"
#include "parallel/report.h"

namespace splitlab::parallel {

std::optional<SplitStrategy> parse_split_strategy(std::string_view name);
std::string_view split_strategy_name(SplitStrategy s);
// "pv-all" (false) or "any" (true).
std::optional<bool> parse_split_nodes(std::string_view name);
// "shared", "copy" or "own" (see search::OrderingMemory).
std::optional<search::OrderingMemory> parse_ordering_memory(std::string_view name);

// Gives `searcher` the threads `threads` and `settings` ask for: none for one thread or the
// strategy "none" (the single-threaded search, deterministic), else a Coordinator.
template <search::SearchGame G>
void configure_threads(search::Searcher<G>& searcher, int threads, const SplitSettings& settings) {
  if (threads <= 1 || settings.strategy == SplitStrategy::kNone) {
    searcher.set_threads(nullptr);
    return;
  }
  searcher.set_threads(
      std::make_unique<Coordinator<G>>(searcher.shared_state(), threads, settings));
}

}  // namespace splitlab::parallel

namespace splitlab::parallel {

// Nodes and statistics of each thread of the searcher's last search.
template <search::SearchGame G>
std::vector<ThreadReport> thread_reports(search::Searcher<G>& searcher) {
  std::vector<ThreadReport> reports;
  auto* threads = dynamic_cast<Coordinator<G>*>(searcher.threads());
  if (!threads) {
    reports.push_back(ThreadReport{searcher.nodes(), {}, searcher.stats()});
    return reports;
  }
  for (int i = 0; i < threads->threads(); ++i)
    reports.push_back(
        ThreadReport{threads->thread_nodes(i), threads->stats(i), threads->search_stats(i)});
  return reports;
}

}  // namespace splitlab::parallel
