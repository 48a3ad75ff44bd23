#include "cli/bench_command.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "bench/json_writer.h"
#include "bench/run_metadata.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "cli/bench_search.h"
#include "engine/games/game_hooks.h"
#include "engine/protocol/epd.h"
#include "engine/util/errors.h"
#include "hashing/tt.h"
#include "hashing/tt_options.h"

namespace splitlab::cli {
namespace bench_detail {

int fail(const std::string& message) { return util::command_error("bench", message); }

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

}  // namespace bench_detail

using bench_detail::fail;

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
    if (!protocol::read_epd_file(flags.get("positions"), records, error,
                                 game_info(game).epd_position_fields)) return fail(error);
    for (const auto& r : records) fens.push_back(r.fen);
  } else {
    for (const BenchPosition& p : game_info(game).bench_positions) fens.emplace_back(p.fen);
  }
  return PerGame<BenchHook>::of(game)(flags, metadata, json_file, int(depth), table, fens);
}

}  // namespace splitlab::cli
