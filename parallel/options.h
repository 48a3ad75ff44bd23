// Parsing the parallel-search options (UCI and command-line flags share them) and making the
// threads of a search from them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search/searcher.h"
#include "parallel/report.h"
#include "parallel/strategies.h"
#include "parallel/strategy.h"

namespace splitlab::parallel {

// "pv-all" (false) or "any" (true).
std::optional<bool> parse_split_nodes(std::string_view name);
// "booked" (false) or "late" (true): SplitJoin (see search::SplitRules::late_join).
std::optional<bool> parse_split_join(std::string_view name);
// "own" (false) or "tree" (true): SplitChoice (see search::SplitRules::split_choice_tree).
std::optional<bool> parse_split_choice(std::string_view name);
// "marks" or "kerrigan": AbdadaForm (see AbdadaForm in strategy.h).
std::optional<AbdadaForm> parse_abdada_form(std::string_view name);
// "shared", "copy" or "own" (see search::OrderingMemory).
std::optional<search::OrderingMemory> parse_ordering_memory(std::string_view name);

// Gives `searcher` the threads `threads` and `settings` ask for: none for one thread or the
// strategy "none" (the single-threaded search, deterministic), else a team of the strategy.
template <search::SearchGame G>
void configure_threads(search::Searcher<G>& searcher, int threads, const SplitSettings& settings) {
  if (threads <= 1) {
    searcher.set_threads(nullptr);
    return;
  }
  searcher.set_threads(make_team<G>(searcher.shared_state(), threads, settings));
}

// The searcher's team, or null when it searches alone.
template <search::SearchGame G>
ThreadTeam<G>* team_of(search::Searcher<G>& searcher) {
  return dynamic_cast<ThreadTeam<G>*>(searcher.threads());
}

// Nodes and statistics of each thread of the searcher's last search.
template <search::SearchGame G>
std::vector<ThreadReport> thread_reports(search::Searcher<G>& searcher) {
  std::vector<ThreadReport> reports;
  ThreadTeam<G>* team = team_of(searcher);
  if (!team) {
    reports.push_back(ThreadReport{searcher.nodes(), {}, searcher.stats()});
    return reports;
  }
  for (int i = 0; i < team->threads(); ++i)
    reports.push_back(ThreadReport{team->thread_nodes(i), team->stats(i), team->search_stats(i)});
  return reports;
}

}  // namespace splitlab::parallel
