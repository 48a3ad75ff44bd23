// `splitlab bench`'s searches of one game (bench_command.cc): each position to the depth with a
// fresh table, the lines a script reads, the node-type, thread and table reports, --json. Each
// game's registration instantiates run_bench<G> (cli/game_registration.h).
#pragma once

#include <chrono>
#include <cstdio>
#include <cstring>
#include <cerrno>
#include <fstream>
#include <string>
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

struct BenchHook {
  using Fn = int (*)(const Flags& flags, const bench::RunMetadata& metadata,
                     std::ofstream& json_file, int depth, hashing::TranspositionTable& table,
                     const std::vector<std::string>& fens);
  static constexpr const char* kWhat = "bench command";
};

namespace bench_detail {

int fail(const std::string& message);

// One position's line of the bench, kept for --json.
struct BenchLine {
  std::string fen;
  int depth = 0;
  std::string score, best_move;
  uint64_t nodes = 0;
};

struct BenchTotals {
  uint64_t nodes = 0;
  double seconds = 0;
  const search::SearchStats* stats = nullptr;  // Of the main thread, summed over the positions.
};

// The file of --json: the run's metadata, the settings, every position, the totals printed
// last, and the node-type table (rows predicted, columns actual).
std::string bench_json(const bench::RunMetadata& metadata, const Flags& flags, GameId game,
                       int depth, const hashing::TranspositionTable& table,
                       const std::vector<BenchLine>& positions, const BenchTotals& totals);

// The searches of the bench, for game G, and its report; returns the exit status.
template <search::SearchGame G>
int run_bench_of(const Flags& flags, const bench::RunMetadata& metadata, std::ofstream& json_file,
                 int depth, hashing::TranspositionTable& table,
                 const std::vector<std::string>& fens) {
  std::string error;
  const std::string json_path = flags.get("json");
  search::Searcher<G> searcher(table);
  if (!configure_parallel(flags, searcher, error)) return fail(error);
  // Chess keeps the line scripts read ("bench: depth 10, threads 1, ..."); other games say
  // their name first.
  const std::string game =
      game_id_named(G::kName) == kDefaultGame ? "" : std::string(G::kName) + ", ";
  std::printf("bench: %sdepth %d, %s\n", game.c_str(), depth,
              describe_parallel(flags, G::kDefaultSearchFeatures).c_str());
  search::SearchStats total;
  // The main thread's table counters are in `total`; the torn-entry audit adds up every thread's.
  hashing::TtStats all_threads_tt;
  std::vector<parallel::ThreadReport> threads;
  uint64_t nodes = 0;
  std::vector<BenchLine> positions;
  util::Progress progress("bench");
  const auto start = std::chrono::steady_clock::now();
  for (size_t i = 0; i < fens.size(); ++i) {
    typename G::Position pos;
    if (!G::parse_fen(fens[i], pos, error))
      return fail("position " + std::to_string(i + 1) + ": " + error);
    table.clear();
    searcher.new_game();
    search::SearchLimits limits;
    limits.depth = depth;
    searcher.arm();
    const auto result = searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
    nodes += result.nodes;
    total += searcher.stats();
    all_threads_tt += searcher.stats().tt;
    if (auto* team = parallel::team_of(searcher)) {
      for (int t = 1; t < team->threads(); ++t) all_threads_tt += team->helper(t).stats().tt;
    }
    const auto reports = parallel::thread_reports(searcher);
    if (threads.empty()) threads.resize(reports.size());
    for (size_t t = 0; t < reports.size(); ++t) {
      threads[t].nodes += reports[t].nodes;
      threads[t].stats += reports[t].stats;
    }
    std::printf("position %2zu/%zu  depth %2d  score %-10s  nodes %10llu  bestmove %-6s  %s\n",
                i + 1, fens.size(), result.depth, score_to_uci(result.score).c_str(),
                (unsigned long long)result.nodes, result.best_move.c_str(), fens[i].c_str());
    std::fflush(stdout);
    positions.push_back(
        {fens[i], result.depth, score_to_uci(result.score), result.best_move, result.nodes});
    progress.update(double(i + 1), double(fens.size()));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("\nNode types (Fruit predictor; PV = exact, Cut = fail high, All = fail low):\n%s",
              total.node_types.table().c_str());
  std::printf("\nThreads:\n%s", parallel::thread_table(threads).c_str());
  const auto& tt = total.tt;
  std::printf(
      "Table: %llu probes, %.1f%% hits, %llu cutoffs, %llu stores, %llu replacements; "
      "all threads: %llu hits, %llu torn accepted\n",
      (unsigned long long)tt.probes, tt.probes ? 100.0 * tt.hits / tt.probes : 0.0,
      (unsigned long long)tt.cutoffs, (unsigned long long)tt.stores,
      (unsigned long long)tt.replacements, (unsigned long long)all_threads_tt.hits,
      (unsigned long long)all_threads_tt.torn_accepted);
  std::printf("Total time (ms) : %.0f\n", seconds * 1000);
  std::printf("Nodes searched: %llu\n", (unsigned long long)nodes);
  std::printf("Nodes/second: %.0f\n", seconds > 0 ? nodes / seconds : 0.0);
  std::fflush(stdout);
  if (flags.has("json")) {
    json_file << bench_json(metadata, flags, game_id_named(G::kName), depth, table, positions,
                            {nodes, seconds, &total});
    if (!json_file.flush())
      return fail("cannot write --json file '" + json_path + "': " + std::strerror(errno));
  }
  return 0;
}

}  // namespace bench_detail

template <search::SearchGame G>
int run_bench(const Flags& flags, const bench::RunMetadata& metadata, std::ofstream& json_file,
              int depth, hashing::TranspositionTable& table, const std::vector<std::string>& fens) {
  return bench_detail::run_bench_of<G>(flags, metadata, json_file, depth, table, fens);
}

}  // namespace splitlab::cli
