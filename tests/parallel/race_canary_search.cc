// Test only: searches with every split strategy at 4 threads while the team's planted race
// is armed (ThreadTeam::plant_race_for_tests), then prints how often and on how many threads the
// racy int was written. Built with ThreadSanitizer it must not get that far: TSan reports the race
// and, with halt_on_error=1, exits. race_canary_test runs it.
#include <cstdio>
#include <memory>
#include <string>

#include "engine/chess/chess_game.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"
#include "parallel/race_canary.h"
#include "parallel/strategies.h"

int main() {
  using namespace splitlab;
  hashing::TranspositionTable table;
  std::string error;
  if (!table.resize(4, &error)) {
    std::fprintf(stderr, "race_canary_search: %s\n", error.c_str());
    return 2;
  }
  static int canary = 0;
  const chess::Position root = chess::Position::start();
  search::SearchLimits limits;
  limits.depth = 6;
  int searches = 0;
  for (const parallel::StrategyEntry& entry : parallel::split_strategies()) {
    if (entry.strategy == parallel::SplitStrategy::kNone) continue;
    const parallel::SplitStrategy strategy = entry.strategy;
    search::Searcher<chess::ChessGame> searcher(table);
    parallel::SplitSettings settings;
    settings.strategy = strategy;
    auto threads = parallel::make_team<chess::ChessGame>(searcher.shared_state(), 4, settings);
    threads->plant_race_for_tests(&canary);
    searcher.set_threads(std::move(threads));
    searcher.arm();
    searcher.run(root, limits, false, 0, [](const search::SearchResult&) {});
    ++searches;
  }
  std::printf("race canary: %d searches, %d writes on %d threads\n", searches,
              parallel::race_canary_writes(), parallel::race_canary_threads());
  return 0;
}
