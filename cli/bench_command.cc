#include "cli/bench_command.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "bench/json_writer.h"
#include "bench/run_metadata.h"
#include "cli/configure_parallel.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/games/games.h"
#include "engine/protocol/epd.h"
#include "engine/search/searcher.h"
#include "engine/util/errors.h"
#include "engine/util/progress.h"
#include "hashing/tt.h"
#include "hashing/tt_options.h"
#include "parallel/options.h"
#include "parallel/report.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) { return util::command_error("bench", message); }

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
std::string bench_json(const bench::RunMetadata& metadata, const Flags& flags, GameId game, int depth,
                       const hashing::TranspositionTable& table,
                       const std::vector<BenchLine>& positions, const BenchTotals& totals) {
  bench::JsonWriter json;
  json.begin_object();
  bench::write_run_metadata(json, metadata);
  json.begin_object("settings")
      .string("game", std::string(game_info(game).name))
      .integer("depth", depth)
      .string("positions", flags.get("positions", "built-in"))
      .integer("hash_mb", int64_t(table.size_bytes() >> 20))
      .string("tt_entry", std::string(hashing::tt_entry_scheme_name(table.scheme())))
      .string("tt_replace", std::string(hashing::tt_replace_policy_name(table.policy())))
      .string("parallel", describe_parallel(flags, game_info(game).default_search_features))
      .end_object();
  json.begin_array("positions");
  for (const auto& p : positions)
    json.begin_object()
        .string("fen", p.fen)
        .integer("depth", p.depth)
        .string("score", p.score)
        .string("bestmove", p.best_move)
        .unsigned_integer("nodes", p.nodes)
        .end_object();
  json.end_array();
  json.unsigned_integer("nodes", totals.nodes)
      .number("time_ms", totals.seconds * 1000)
      .number("nodes_per_second", totals.seconds > 0 ? totals.nodes / totals.seconds : 0.0);
  json.begin_object("node_types");
  for (int predicted = 0; predicted < search::kNodeTypes; ++predicted) {
    json.begin_object(search::node_type_name(search::NodeType(predicted)));
    for (int actual = 0; actual < search::kNodeTypes; ++actual)
      json.unsigned_integer(search::node_type_name(search::NodeType(actual)),
                            totals.stats->node_types.counts[predicted][actual]);
    json.end_object();
  }
  json.end_object();
  json.end_object();
  return json.text();
}

// The searches of the bench, for game G, and its report; returns the exit status.
template <search::SearchGame G>
int run_bench(const Flags& flags, const bench::RunMetadata& metadata, std::ofstream& json_file,
              int depth, hashing::TranspositionTable& table, const std::vector<std::string>& fens) {
  std::string error;
  const std::string json_path = flags.get("json");
  search::Searcher<G> searcher(table);
  if (!configure_parallel(flags, searcher, error)) return fail(error);
  // Chess keeps the line scripts read ("bench: depth 10, threads 1, ..."); other games say
  // their name first.
  const std::string game =
      game_id_of<G>() == kDefaultGame ? "" : std::string(G::kName) + ", ";
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
    json_file << bench_json(metadata, flags, game_id_of<G>(), depth, table, positions,
                            {nodes, seconds, &total});
    if (!json_file.flush())
      return fail("cannot write --json file '" + json_path + "': " + std::strerror(errno));
  }
  return 0;
}

}  // namespace

const util::CommandSpec& bench_spec() {
  static const util::CommandSpec spec = [] {
    util::CommandSpec c;
    c.name = "bench";
    c.brief = "the bench signature and the speed: fixed-depth searches of the bench positions";
    c.summary =
        "Searches the game's bench positions (32 chess middlegames, 24 xiangqi positions) to a "
        "fixed depth, each with a fresh table, and ends with 'Nodes searched: N' (in one thread "
        "the bench signature, the same on every run) and 'Nodes/second: N'";
    c.flags = {game_flag(),
               util::int_flag("depth", "N", "the depth of every search", 1, kMaxPly - 1, 10)};
    util::add_flags(c.flags, table_flags(16));
    util::add_flags(c.flags, parallel_flags());
    c.flags.push_back(util::path_flag("positions", "FILE.epd",
                                      "search these positions instead of the bench positions",
                                      util::PathKind::kInputFile, "the game's bench positions"));
    c.flags.push_back(util::path_flag("json", "FILE",
                                      "also write the result as JSON, with the run's metadata",
                                      util::PathKind::kOutputFile));
    return c;
  }();
  return spec;
}

int bench_command(const std::vector<std::string>& args) {
  Flags flags(bench_spec().flags);
  std::string error;
  if (!flags.parse(args, error)) return fail(error);
  GameId game = kDefaultGame;
  if (flags.has("game") && !parse_game(flags.get("game"), game, error))
    return fail("--game: " + error);
  const auto metadata =
      bench::collect_run_metadata(bench::splitlab_command_line("bench", args), std::nullopt);
  // Opened before the searches, so that a path that cannot be written fails at once.
  std::ofstream json_file;
  const std::string json_path = flags.get("json");
  if (flags.has("json")) {
    json_file.open(json_path, std::ios::binary);
    if (!json_file)
      return fail("cannot write --json file '" + json_path + "': " + std::strerror(errno));
  }
  long long depth = 0;
  if (!flags.get_int("depth", depth, error)) return fail(error);
  hashing::TranspositionTable table;
  if (!configure_table(flags, 16, table, error)) return fail(error);

  std::vector<std::string> fens;
  if (flags.has("positions")) {
    std::vector<protocol::EpdRecord> records;
    if (!protocol::read_epd_file(flags.get("positions"), records, error)) return fail(error);
    for (const auto& r : records) fens.push_back(r.fen);
  } else {
    for (const BenchPosition& p : game_info(game).bench_positions) fens.emplace_back(p.fen);
  }
  return with_game(game, [&]<typename G>(std::type_identity<G>) {
    return run_bench<G>(flags, metadata, json_file, int(depth), table, fens);
  });
}

}  // namespace splitlab::cli
