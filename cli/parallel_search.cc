#include "cli/parallel_search.h"

#include "engine/games/game_hooks.h"
#include "parallel/strategy.h"

namespace splitlab::cli {
namespace {

protocol::ParallelSearch make_parallel_search() {
  protocol::ParallelSearch search;
  for (const parallel::StrategyEntry& e : parallel::split_strategies())
    search.strategies.emplace_back(e.name);
  search.default_strategy = parallel::split_strategy_name(parallel::kDefaultSplitStrategy);
  for (const GameInfo& game : all_games()) PerGame<ThreadProviderHook>::of(game.id)(search);
  return search;
}

}  // namespace

const protocol::ParallelSearch& parallel_search() {
  static const protocol::ParallelSearch search = make_parallel_search();
  return search;
}

}  // namespace splitlab::cli
