#include "cli/simulate_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench/run_metadata.h"
#include "bench/simulate/cost_model.h"
#include "bench/simulate/simulate.h"
#include "bench/simulate/simulate_calibration.h"
#include "cli/flags.h"
#include "cli/scale_command.h"
#include "cli/search_flags.h"
#include "engine/games/game_info.h"
#include "engine/util/errors.h"
#include "engine/util/files.h"
#include "engine/util/text.h"
#include "parallel/options.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) { return util::command_error("simulate", message); }

// --cpus LIST: virtual CPU counts from 2 to the most threads a search may have.
bool read_cpu_counts(const Flags& flags, std::vector<int>& counts, std::string& error) {
  counts.clear();
  for (const std::string& item : util::split_list(flags.get("cpus", "2,4,8,16,32,64"))) {
    int64_t n = 0;
    if (!util::parse_int(item, 2, parallel::kMaxThreads, n)) {
      error = "--cpus: '" + item + "' is not a CPU count from 2 to " +
              std::to_string(parallel::kMaxThreads) + " (one CPU is always searched)";
      return false;
    }
    if (std::find(counts.begin(), counts.end(), int(n)) == counts.end()) counts.push_back(int(n));
  }
  if (counts.empty()) {
    error = "--cpus: no CPU count given";
    return false;
  }
  std::sort(counts.begin(), counts.end());
  return true;
}

// --costs FILE: this machine's costs with the file's over them; --cost-factor scales some of
// them (a sensitivity run).
bool read_costs(const Flags& flags, bench::SimulateConfig& config, std::string& error) {
  config.costs = parallel::default_costs();
  config.costs_source = parallel::kDefaultCostsSource;
  if (flags.has("costs")) {
    const std::string path = flags.get("costs");
    std::ifstream in(path);
    if (!in) {
      error = "--costs: cannot read '" + path + "'";
      return false;
    }
    std::stringstream text;
    text << in.rdbuf();
    if (!parallel::parse_costs(text.str(), config.costs, error)) {
      error = path + ": " + error;
      return false;
    }
    config.costs_source = path;
  }
  if (flags.has("cost-factor")) {
    std::string scaled;
    if (!parallel::scale_costs(flags.get("cost-factor"), config.costs, scaled, error)) {
      error = "--cost-factor: " + error;
      return false;
    }
    config.costs_source += " with " + scaled + " (a sensitivity run)";
  }
  return true;
}

// --calibrate: measure this machine's costs instead (the first 24 positions by default, at
// depth 12, over the costs given as the starting ratios) into OUT/calibrated-costs.txt.
int calibrate(const Flags& flags, const bench::SimulateConfig& config, int depth, size_t hash_mb) {
  std::string error;
  bench::CalibrationConfig calibration;
  long long repeats;
  if (!flags.get_int("repeats", repeats, error)) return fail(error);
  calibration.game = config.game;
  calibration.positions = config.positions;
  if (!flags.has("positions") && calibration.positions.size() > 24)
    calibration.positions.resize(24);
  calibration.depth = flags.has("depth") ? depth : 12;
  calibration.repeats = int(repeats);
  calibration.hash_mb = hash_mb;
  calibration.features = config.features;
  calibration.start = config.costs;
  std::string text;
  if (!bench::calibrate_costs(calibration, text, error)) return fail(error);
  const std::string dir = flags.get("out", "results/simulate");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return fail("cannot create '" + dir + "': " + ec.message());
  if (!util::write_file_atomically(dir + "/calibrated-costs.txt", text, error)) return fail(error);
  std::fputs(text.c_str(), stdout);
  std::fprintf(stderr, "simulate: costs in %s/calibrated-costs.txt\n", dir.c_str());
  return 0;
}

}  // namespace

const util::CommandSpec& simulate_spec() {
  static const util::CommandSpec spec = [] {
    util::CommandSpec c;
    c.name = "simulate";
    c.brief = "the same search on many virtual CPUs, deterministic";
    c.summary =
        "The same search on virtual CPUs, scheduled deterministically and charged virtual time "
        "by a cost model: speedup, overhead, idle and the rest at each CPU count, the same to "
        "the node on every run (bench/simulate/simulate.h, bench/simulate/virtual_cpus.h); with --calibrate, "
        "this machine's costs measured instead";
    c.flags = {game_flag(), strategies_flag(),
               util::text_flag("cpus", "LIST", "the virtual CPU counts (one CPU is always "
                                               "searched as the baseline)",
                               "2,4,8,16,32,64",
                               "a list of counts from 2 to " +
                                   std::to_string(parallel::kMaxThreads)),
               util::int_flag("depth", "N", "the depth of every search", 1, 60, 10)};
    c.flags.back().default_text = "10 (12 with --calibrate)";
    c.flags.push_back(suite_flag(/*chess_only=*/false));
    c.flags.push_back(util::int_flag("positions", "N", "only the suite's first N positions", 1,
                                     100000, 100000));
    c.flags.back().default_text = "all (24 with --calibrate)";
    c.flags.push_back(util::path_flag("costs", "FILE",
                                      "costs over the defaults (this machine's, measured): "
                                      "lines of NAME VALUE as in OUT/costs.txt",
                                      util::PathKind::kInputFile, "the built-in costs"));
    c.flags.push_back(util::text_flag(
        "cost-factor", "GROUP=F,...",
        "a sensitivity run: multiply each group's costs by F (node, split, join, wake, "
        "cache_line, or one cost's name), over the measured ones; the results name it",
        "none"));
    c.flags.push_back(engine_option_flag("hash", "64"));
    c.flags.push_back(util::int_flag("jobs", "J", "positions simulated at once (the output is "
                                                  "the same at any J)", 1, 256, 1));
    c.flags.push_back(util::int_flag(
        "quantum", "NS",
        "let a virtual CPU run up to NS ahead of the earliest ready one before it yields: fewer "
        "switches and a faster simulation, at that much skew where CPUs meet (0: the exact "
        "order)",
        0, 100000, 0));
    c.flags.push_back(util::text_flag("timeline", "ID",
                                      "also write the timeline of every CPU for that position "
                                      "(a CSV per configuration; scripts/plot_simulate.py "
                                      "--timeline draws it)"));
    c.flags.push_back(util::path_flag("out", "DIR", "the results folder (a rerun resumes it)",
                                      util::PathKind::kOutputDir, "results/simulate"));
    util::add_flags(c.flags, split_flags(/*with_affinity=*/false));
    c.flags.push_back(engine_option_flag("features", "the game's"));
    c.flags.push_back(util::switch_flag(
        "calibrate", "measure this machine's costs (real 1- and 2-thread searches) into "
                     "OUT/calibrated-costs.txt instead of simulating"));
    c.flags.push_back(util::int_flag("repeats", "K", "with --calibrate: timed runs of each "
                                                     "search", 1, 100, 3));
    c.flags.push_back(util::switch_flag("allow-dirty", bench::kAllowDirtyMeaning));
    return c;
  }();
  return spec;
}

int simulate_command(const std::vector<std::string>& args) {
  Flags flags(simulate_spec().flags);
  std::string error;
  if (!flags.parse(args, error) ||
      !bench::check_results_build(bench::splitlab_command_line("simulate", args), error))
    return fail(error);
  bench::SimulateConfig config;
  long long depth, hash, positions, jobs, quantum;
  if (!flags.get_int("depth", depth, error) || !flags.get_int("hash", hash, error) ||
      !flags.get_int("positions", positions, error) || !flags.get_int("jobs", jobs, error) ||
      !flags.get_int("quantum", quantum, error) ||
      !read_cpu_counts(flags, config.cpus, error) ||
      !read_split_settings(flags, config.split, error) ||
      !read_strategies(flags, config.strategies, error) ||
      (flags.has("game") && !parse_game(flags.get("game"), config.game, error)) ||
      !load_scale_suite(flags, config.game, config.positions, error))
    return fail(error);
  if (!search::parse_search_features(
          flags.get("features", std::string(game_info(config.game).default_search_features)),
          config.features, error))
    return fail("--features: " + error);
  if (!read_costs(flags, config, error)) return fail(error);
  if (config.positions.size() > size_t(positions)) config.positions.resize(size_t(positions));
  config.timeline_position = flags.get("timeline", "");
  if (!config.timeline_position.empty() &&
      std::none_of(config.positions.begin(), config.positions.end(),
                   [&](const auto& p) { return p.id == config.timeline_position; }))
    return fail("--timeline: no position '" + config.timeline_position + "' in the suite");
  if (flags.has("calibrate")) return calibrate(flags, config, int(depth), size_t(hash));
  config.depth = int(depth);
  config.hash_mb = size_t(hash);
  config.jobs = int(jobs);
  config.quantum_ns = quantum;
  config.out_dir = flags.get("out", "results/simulate");
  config.command_line = bench::splitlab_command_line("simulate", args);
  std::fprintf(stderr, "simulate: %zu positions, depth %d, %zu CPU counts, %d jobs, results in %s\n",
               config.positions.size(), config.depth, config.cpus.size(), config.jobs,
               config.out_dir.c_str());
  if (bench::run_simulate(config, error)) return fail(error);
  return 0;
}

}  // namespace splitlab::cli
