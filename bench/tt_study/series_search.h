// tt-study's searches of a row (tt_study.h): every game of the series replayed position by
// position, each searched to the row's depth on the row's table. The game's search is each
// game's registered hook, search_series<G> instantiated by its registration
// (cli/game_registration.h).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "bench/tt_study/tt_study.h"
#include "bench/tt_study/tt_study_series.h"
#include "engine/search/search_features.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"

namespace splitlab::bench {

// The full or the plain search's features of `game` (the row's search).
search::SearchFeatures features_of(StudySearch search, GameId game);

struct SeriesSearchHook {
  using Fn = void (*)(const std::vector<GameSeries>& series, int depth,
                      hashing::TranspositionTable& table, TtStudyRow& row,
                      const std::function<void(int)>& searched);
  static constexpr const char* kWhat = "tt-study search";
};

template <typename G>
void search_series(const std::vector<GameSeries>& series, int depth,
                   hashing::TranspositionTable& table, TtStudyRow& row,
                   const std::function<void(int)>& searched) {
  // On the heap: the worker's frame stack is large.
  auto searcher = std::make_unique<search::Searcher<G>>(table);
  searcher->shared_state().features = features_of(row.search, series.front().game);
  searcher->shared_state().plain_search = row.search == StudySearch::Plain;
  search::SearchLimits limits;
  limits.depth = depth;
  for (const auto& game : series) {
    table.clear();
    searcher->new_game();
    for (const auto& pos : replay_series<G>(game)) {
      if (row.table == StudyTable::Cleared) table.clear();
      searcher->arm();
      const auto result = searcher->run(pos, limits, false, 0, [](const search::SearchResult&) {});
      row.nodes += result.nodes;
      ++row.positions;
      if (searched) searched(row.positions);
    }
  }
}


}  // namespace splitlab::bench
