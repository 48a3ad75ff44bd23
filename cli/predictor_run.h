// `splitlab predictor`'s run of one game (predictor_command.cc): the suite searched position by
// position from an empty table, every thread's node types and splits counted, the files
// rewritten after each position so that a run resumes. The searches are generic in the game's
// traits type; each game's registration instantiates run_predictor<G>
// (cli/game_registration.h). The files and reports are predictor_command.cc's.
#pragma once

#include <chrono>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "bench/run_metadata.h"
#include "cli/configure_parallel.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/games/game_info.h"
#include "engine/search/searcher.h"
#include "engine/util/progress.h"
#include "hashing/tt.h"
#include "parallel/options.h"
#include "parallel/report.h"

namespace splitlab::cli {

struct PredictorHook {
  using Fn = int (*)(const Flags& flags, const std::vector<std::string>& args, long long depth,
                     long long movetime_ms);
  static constexpr const char* kWhat = "predictor command";
};

namespace predictor_detail {

using search::kDraftBuckets;
using search::kNodeTypes;

int fail(const std::string& message);

struct SuitePosition {
  std::string id;
  std::string fen;
};

// The game's bench or scaling positions ("bench", "scaling"), or an EPD file of its positions.
bool load_suite(GameId game, const std::string& suite, std::vector<SuitePosition>& positions,
                std::string& error);

// What the measurement adds up: the node types of every thread, and the splits.
struct PredictorCounts {
  search::NodeTypeStats node_types;
  search::SplitOutcomesByDraft splits{};

  PredictorCounts& operator+=(const PredictorCounts& o) {
    node_types += o.node_types;
    for (int b = 0; b < kDraftBuckets; ++b)
      for (int t = 0; t < kNodeTypes; ++t) splits[b][t] += o.splits[b][t];
    return *this;
  }
  uint64_t splits_made() const {
    uint64_t n = 0;
    for (const auto& draft : splits)
      for (const auto& o : draft) n += o.made;
    return n;
  }
  uint64_t splits_wasted() const {
    uint64_t n = 0;
    for (const auto& draft : splits)
      for (const auto& o : draft) n += o.wasted;
    return n;
  }
};

// What an earlier run in the same folder recorded.
struct EarlierRun {
  std::set<int> positions;  // 1-based, as in positions.csv.
  PredictorCounts counts;
  uint64_t nodes = 0;
  double seconds = 0;
};

// Reads positions.csv and position_counts.csv of an earlier run, if any (predictor_command.cc).
bool read_earlier_run(const std::string& dir, const std::string& settings_line,
                      const std::vector<SuitePosition>& suite, EarlierRun& earlier,
                      std::string& error);

// What a run has counted so far (an earlier run's, then each position's added).
struct RunTotals {
  PredictorCounts counts;
  uint64_t nodes = 0;
  double seconds = 0;
  size_t positions_done = 0;
};

// Where a run writes: its folder, the comments every results file starts with, the settings,
// and the two files it appends a row to after each position.
struct RunOutput {
  std::string dir;
  std::string header;
  std::string settings;
  std::ofstream positions_csv, counts_csv;
};

// What the measurement keeps of one position's search.
struct PositionSearch {
  search::SearchResult result;
  double seconds = 0;
  PredictorCounts counts;
};

// The files rewritten after each position (node types, first-move cuts and splits by draft,
// the summary), so that an interrupted run keeps everything finished.
bool write_results(const std::string& dir, const std::string& header, const std::string& settings,
                   size_t suite_size, const RunTotals& t, std::string& error);
// positions.csv and position_counts.csv: new ones with the header, or (resuming) for appending.
bool open_outputs(const std::string& dir, const std::string& header,
                  const bench::RunMetadata& metadata, bool fresh, std::ofstream& positions_csv,
                  std::ofstream& counts_csv, std::string& error);
// The settings a run is known by, which a resumed run must match.
std::string describe_settings(const Flags& flags, const std::string& suite_name, long long depth,
                              long long movetime_ms, std::string_view default_features);
bool create_out_dir(const std::string& dir, std::string& error);
void add_to_totals(const PositionSearch& searched, RunTotals& totals);
void print_position_line(int number, size_t suite_size, const std::string& id,
                         const PositionSearch& searched);
// Appends a searched position's rows, then rewrites the tables with the new totals.
bool record_position(int number, const SuitePosition& position, const PositionSearch& searched,
                     size_t suite_size, const RunTotals& totals, RunOutput& out,
                     std::string& error);
// The summary's text.
std::string report_text(const std::string& settings, size_t positions, size_t suite_size,
                        uint64_t nodes, double seconds, const PredictorCounts& counts);

// The counts of the searcher's last search, over all its threads.
template <typename G>
PredictorCounts counts_of_last_search(search::Searcher<G>& searcher) {
  PredictorCounts counts;
  counts.node_types = searcher.stats().node_types;
  if (auto* team = parallel::team_of(searcher)) {
    for (int t = 1; t < team->threads(); ++t)
      counts.node_types += team->helper(t).stats().node_types;
  }
  for (const auto& report : parallel::thread_reports(searcher))
    for (int b = 0; b < kDraftBuckets; ++b)
      for (int t = 0; t < kNodeTypes; ++t)
        counts.splits[b][t] += report.stats.splits_by_draft[b][t];
  return counts;
}

// Searches `pos` from an empty table, so that no position's counts depend on the one before.
template <typename G>
PositionSearch search_position(const typename G::Position& pos, long long depth,
                               long long movetime_ms, hashing::TranspositionTable& table,
                               search::Searcher<G>& searcher) {
  table.clear();
  searcher.new_game();
  search::SearchLimits limits;
  if (movetime_ms > 0)
    limits.movetime_ms = movetime_ms;
  else
    limits.depth = int(depth);
  searcher.arm();
  const auto start = std::chrono::steady_clock::now();
  auto result = searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {std::move(result), seconds, counts_of_last_search<G>(searcher)};
}

// Searches every position of `suite` that the earlier run did not finish, recording each.
template <typename G>
bool search_suite(const std::vector<SuitePosition>& suite, const std::set<int>& done,
                  long long depth, long long movetime_ms, hashing::TranspositionTable& table,
                  search::Searcher<G>& searcher, RunOutput& out, RunTotals& totals,
                  std::string& error) {
  util::Progress progress("predictor");
  const size_t to_search = suite.size() - done.size();
  size_t searched = 0;
  for (size_t i = 0; i < suite.size(); ++i) {
    const int number = int(i) + 1;
    if (done.count(number)) continue;
    typename G::Position pos;
    if (!G::parse_fen(suite[i].fen, pos, error)) {
      error = suite[i].id + ": " + error;
      return false;
    }
    const PositionSearch position = search_position<G>(pos, depth, movetime_ms, table, searcher);
    add_to_totals(position, totals);
    if (!record_position(number, suite[i], position, suite.size(), totals, out, error))
      return false;
    print_position_line(number, suite.size(), suite[i].id, position);
    progress.update(double(++searched), double(to_search), suite[i].id);
  }
  return true;
}

// The run of the game G: its suite, its searcher, the files, the report.
template <typename G>
int run_predictor_of(const Flags& flags, const std::vector<std::string>& args, long long depth,
                  long long movetime_ms) {
  std::string error;
  const std::string suite_name = flags.get("suite", "bench");
  std::vector<SuitePosition> suite;
  if (!load_suite(game_id_named(G::kName), suite_name, suite, error)) return fail(error);

  hashing::TranspositionTable table;
  if (!configure_table(flags, 16, table, error)) return fail(error);
  search::Searcher<G> searcher(table);
  if (!configure_parallel(flags, searcher, error)) return fail(error);

  RunOutput out;
  out.settings =
      describe_settings(flags, suite_name, depth, movetime_ms, G::kDefaultSearchFeatures);
  const std::string settings_line = "# settings: " + out.settings;
  out.dir = flags.get("out", "results/predictor");
  if (!create_out_dir(out.dir, error)) return fail(error);
  EarlierRun earlier;
  if (!read_earlier_run(out.dir, settings_line, suite, earlier, error)) return fail(error);

  const auto metadata =
      bench::collect_run_metadata(bench::splitlab_command_line("predictor", args), std::nullopt);
  out.header = bench::run_metadata_comments(metadata) + settings_line + '\n';
  if (!open_outputs(out.dir, out.header, metadata, earlier.positions.empty(), out.positions_csv,
                    out.counts_csv, error))
    return fail(error);
  if (!earlier.positions.empty())
    std::fprintf(stderr, "predictor: resuming in %s after %zu of %zu positions\n",
                 out.dir.c_str(), earlier.positions.size(), suite.size());

  std::printf("predictor: %zu positions, %s\n", suite.size(), out.settings.c_str());
  RunTotals totals{earlier.counts, earlier.nodes, earlier.seconds, earlier.positions.size()};
  if (!search_suite(suite, earlier.positions, depth, movetime_ms, table, searcher, out, totals,
                    error))
    return fail(error);
  if (!write_results(out.dir, out.header, out.settings, suite.size(), totals, error))
    return fail(error);
  std::printf("\n%s\nResults in %s\nNodes searched: %llu\n",
              report_text(out.settings, totals.positions_done, suite.size(), totals.nodes,
                          totals.seconds, totals.counts)
                  .c_str(),
              out.dir.c_str(), (unsigned long long)totals.nodes);
  return 0;
}

}  // namespace predictor_detail

template <typename G>
int run_predictor(const Flags& flags, const std::vector<std::string>& args, long long depth,
                  long long movetime_ms) {
  return predictor_detail::run_predictor_of<G>(flags, args, depth, movetime_ms);
}

}  // namespace splitlab::cli
