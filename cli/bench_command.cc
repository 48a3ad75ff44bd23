#include "cli/bench_command.h"

#include <chrono>
#include <cstdio>

#include "cli/flags.h"
#include "cli/progress.h"
#include "cli/search_flags.h"
#include "engine/chess/bench_positions.h"
#include "engine/chess/chess_game.h"
#include "engine/protocol/epd.h"
#include "engine/search/searcher.h"
#include "parallel/options.h"
#include "parallel/report.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "splitlab bench: %s\n", message.c_str());
  return 2;
}

}  // namespace

int bench_command(const std::vector<std::string>& args) {
  std::set<std::string> valued = {"depth", "positions"};
  valued.insert(kTableFlags.begin(), kTableFlags.end());
  valued.insert(kParallelFlags.begin(), kParallelFlags.end());
  Flags flags(valued, {});
  std::string error;
  if (!flags.parse(args, error)) return fail(error);
  long long depth = 0;
  if (!flags.get_int("depth", 1, kMaxPly - 1, 10, depth, error)) return fail(error);
  hashing::TranspositionTable table;
  if (!configure_table(flags, 16, table, error)) return fail(error);

  std::vector<std::string> fens;
  if (flags.has("positions")) {
    std::vector<protocol::EpdRecord> records;
    if (!protocol::read_epd_file(flags.get("positions"), records, error)) return fail(error);
    for (const auto& r : records) fens.push_back(r.fen);
  } else {
    for (const auto& p : chess::kBenchPositions) fens.emplace_back(p.fen);
  }

  search::Searcher<chess::ChessGame> searcher(table);
  if (!configure_parallel(flags, searcher, error)) return fail(error);
  std::printf("bench: depth %lld, %s\n", depth, describe_parallel(flags).c_str());
  search::SearchStats total;
  std::vector<parallel::ThreadReport> threads;
  uint64_t nodes = 0;
  Progress progress("bench");
  const auto start = std::chrono::steady_clock::now();
  for (size_t i = 0; i < fens.size(); ++i) {
    chess::Position pos;
    if (!chess::Position::parse_fen(fens[i], pos, error))
      return fail("position " + std::to_string(i + 1) + ": " + error);
    table.clear();
    searcher.new_game();
    search::SearchLimits limits;
    limits.depth = int(depth);
    searcher.arm();
    const auto result = searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
    nodes += result.nodes;
    total += searcher.stats();
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
    progress.update(double(i + 1), double(fens.size()));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("\nNode types (Fruit predictor; PV = exact, Cut = fail high, All = fail low):\n%s",
              total.node_types.table().c_str());
  std::printf("\nThreads:\n%s", parallel::thread_table(threads).c_str());
  const auto& tt = total.tt;
  std::printf("Table: %llu probes, %.1f%% hits, %llu cutoffs, %llu stores, %llu replacements\n",
              (unsigned long long)tt.probes, tt.probes ? 100.0 * tt.hits / tt.probes : 0.0,
              (unsigned long long)tt.cutoffs, (unsigned long long)tt.stores,
              (unsigned long long)tt.replacements);
  std::printf("Total time (ms) : %.0f\n", seconds * 1000);
  std::printf("Nodes searched: %llu\n", (unsigned long long)nodes);
  std::printf("Nodes/second: %.0f\n", seconds > 0 ? nodes / seconds : 0.0);
  return 0;
}

}  // namespace splitlab::cli
