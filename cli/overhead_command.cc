#include "cli/overhead_command.h"

#include <cstdio>

#include "bench/overhead/overhead.h"
#include "bench/run_metadata.h"
#include "cli/flags.h"
#include "cli/scale_command.h"
#include "cli/search_flags.h"
#include "engine/games/game_info.h"
#include "engine/util/errors.h"
#include "parallel/options.h"

namespace splitlab::cli {

const util::CommandSpec& overhead_spec() {
  static const util::CommandSpec spec = [] {
    util::CommandSpec c;
    c.name = "overhead";
    c.brief = "where a parallel search's extra nodes go";
    c.summary =
        "Where a parallel search's extra nodes go: each position searched by one thread and by "
        "each strategy at N threads to one depth, the extra nodes taken apart by re-search "
        "class, node type and ply, and the cut-off split points' waste (bench/overhead/overhead.h)";
    c.flags = {game_flag(), strategies_flag(),
               util::int_flag("threads", "N", "the parallel searches' thread count", 2,
                              parallel::kMaxThreads, 2)};
    util::add_flags(c.flags, equal_time_flags());
    c.flags.push_back(util::int_flag("depth", "N", "equal depth instead of equal time", 1, 60, 12));
    c.flags.back().default_text = "12, when given without --seconds";
    c.flags.push_back(suite_flag(/*chess_only=*/false));
    c.flags.push_back(util::int_flag("positions", "N", "only the suite's first N positions", 1,
                                     100000, 100000));
    c.flags.back().default_text = "all";
    c.flags.push_back(util::int_flag("repeats", "K", "searches of each position", 1, 1000, 1));
    c.flags.push_back(engine_option_flag("hash", "64"));
    c.flags.push_back(util::path_flag("out", "DIR", "the results folder (a rerun resumes it)",
                                      util::PathKind::kOutputDir, "results/overhead"));
    util::add_flags(c.flags, split_flags());
    c.flags.push_back(engine_option_flag("features", "the game's"));
    c.flags.push_back(util::switch_flag(
        "node-log", "log every full-width node of each search and compare each N-thread log "
                    "with one thread's (nodelog.csv)"));
    c.flags.push_back(util::switch_flag(
        "keep-node-logs", "with --node-log, keep every log in OUT/nodelogs/ (24 bytes a node) "
                          "for splitlab nodelog"));
    c.flags.push_back(util::switch_flag("allow-dirty", bench::kAllowDirtyMeaning));
    return c;
  }();
  return spec;
}

int overhead_command(const std::vector<std::string>& args) {
  auto fail = [](const std::string& message) { return util::command_error("overhead", message); };
  Flags flags(overhead_spec().flags);
  std::string error;
  if (!flags.parse(args, error) ||
      !bench::check_results_build(bench::splitlab_command_line("overhead", args), error))
    return fail(error);
  bench::OverheadConfig config;
  long long threads, depth, repeats, hash, positions;
  if (!read_equal_time(flags, config.seconds, config.calibration_positions, error) ||
      !flags.get_int("threads", threads, error) || !flags.get_int("depth", depth, error) ||
      !flags.get_int("repeats", repeats, error) || !flags.get_int("hash", hash, error) ||
      !flags.get_int("positions", positions, error) ||
      !read_split_settings(flags, config.split, error) ||
      !read_strategies(flags, config.strategies, error) ||
      (flags.has("game") && !parse_game(flags.get("game"), config.game, error)) ||
      !load_scale_suite(flags, config.game, config.positions, error))
    return fail(error);
  // --features LIST: the search techniques of both sides (default: the game's accepted list).
  if (!search::parse_search_features(
          flags.get("features", std::string(game_info(config.game).default_search_features)),
          config.features, error))
    return fail("--features: " + error);
  // --positions N: the first N of the suite (a quick look before a whole run).
  if (config.positions.size() > size_t(positions)) config.positions.resize(size_t(positions));
  config.threads = int(threads);
  config.depth = int(depth);
  config.repeats = int(repeats);
  config.hash_mb = size_t(hash);
  // --node-log: compare every N-thread search's nodes with one thread's (nodelog.csv);
  // --keep-node-logs: and keep each search's log (some 24 bytes a node) for `splitlab nodelog`.
  config.keep_node_logs = flags.has("keep-node-logs");
  config.node_log = flags.has("node-log") || config.keep_node_logs;
  config.out_dir = flags.get("out", "results/overhead");
  config.command_line = bench::splitlab_command_line("overhead", args);
  std::fprintf(stderr, "overhead: %zu positions, %d threads, %s, results in %s\n",
               config.positions.size(), config.threads,
               config.seconds > 0 ? ("equal time, " + std::to_string(config.seconds) + " s").c_str()
                                  : ("depth " + std::to_string(config.depth)).c_str(),
               config.out_dir.c_str());
  if (bench::run_overhead(config, error)) return fail(error);
  return 0;
}

}  // namespace splitlab::cli
