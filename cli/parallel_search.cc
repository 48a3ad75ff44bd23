#include "cli/parallel_search.h"

#include <type_traits>

#include "engine/games/games.h"
#include "parallel/options.h"
#include "parallel/report.h"
#include "parallel/strategy.h"

namespace splitlab::cli {
namespace {

// The protocol hands on values it checked against the combos it offers, which are the
// parsers' own lists: a value that does not parse here is a bug, not input.
template <search::SearchGame G>
protocol::ThreadProvider<G> provider() {
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

protocol::ParallelSearch make_parallel_search() {
  protocol::ParallelSearch search;
  for (const parallel::StrategyEntry& e : parallel::split_strategies())
    search.strategies.emplace_back(e.name);
  search.default_strategy = parallel::split_strategy_name(parallel::kDefaultSplitStrategy);
  for_each_game([&]<typename G>(std::type_identity<G>) { search.set_provider(provider<G>()); });
  return search;
}

}  // namespace

const protocol::ParallelSearch& parallel_search() {
  static const protocol::ParallelSearch search = make_parallel_search();
  return search;
}

}  // namespace splitlab::cli
