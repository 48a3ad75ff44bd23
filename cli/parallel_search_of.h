// The parallel search's threads for one game (parallel_search.h), for each game's registration
// to instantiate (cli/game_registration.h): the teams of parallel/ behind the protocol's
// ThreadProvider<G>.
#pragma once

#include "cli/parallel_search.h"
#include "parallel/options.h"
#include "parallel/report.h"
#include "parallel/strategy.h"

namespace splitlab::cli {

// The protocol hands on values it checked against the combos it offers, which are the
// parsers' own lists: a value that does not parse here is a bug, not input.
template <search::SearchGame G>
protocol::ThreadProvider<G> thread_provider() {
  protocol::ThreadProvider<G> p;
  p.configure = [](search::Searcher<G>& searcher, const protocol::ThreadOptions& options) {
    parallel::SplitSettings settings;
    settings.strategy = parallel::parse_split_strategy(options.strategy).value();
    settings.split_any_node = parallel::parse_split_nodes(options.split_nodes).value();
    settings.min_split_depth = options.min_split_depth;
    settings.max_helpers_per_split = options.max_helpers_per_split;
    settings.ordering = parallel::parse_ordering_memory(options.ordering_memory).value();
    settings.late_join = parallel::parse_split_join(options.split_join).value();
    settings.split_choice_tree = parallel::parse_split_choice(options.split_choice).value();
    settings.abdada_form = parallel::parse_abdada_form(options.abdada_form).value();
    settings.pin_threads = options.affinity == "cores";
    parallel::configure_threads(searcher, options.threads, settings);
  };
  p.thread_lines = [](search::Searcher<G>& searcher) {
    return parallel::thread_info_lines(parallel::thread_reports(searcher));
  };
  return p;
}

// Gives `search` the game G's threads.
template <search::SearchGame G>
void add_provider(protocol::ParallelSearch& search) {
  search.set_provider(thread_provider<G>());
}

}  // namespace splitlab::cli
