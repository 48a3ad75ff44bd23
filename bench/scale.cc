#include "bench/scale.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "bench/json_writer.h"
#include "bench/ranks/work_queue.h"
#include "bench/run_metadata.h"
#include "bench/scale_calibration.h"
#include "bench/statistics.h"
#include "engine/games/games.h"
#include "engine/protocol/uci_client.h"
#include "engine/search/searcher.h"
#include "engine/util/files.h"
#include "engine/util/progress.h"
#include "engine/util/text.h"
#include "parallel/options.h"

namespace splitlab::bench {
namespace {

using Clock = std::chrono::steady_clock;

// One search of one position by one configuration.
struct Run {
  std::string engine;    // "splitlab" or a reference engine's name.
  std::string strategy;  // Splitlab's strategy; the engine's own for references.
  int threads = 1;
  int repeat = 0;
  std::string position;
  int depth = 0;        // Reached (as the engine reports it).
  int limit_depth = 0;  // Asked for: with --seconds, the engine's calibrated depth.
  double seconds = 0;
  uint64_t nodes = 0;
  double idle_seconds = 0, lock_seconds = 0, thread_seconds = 0;
  uint64_t splits = 0, aborts = 0, wasted = 0, help_requests = 0;
  uint64_t aborted_nodes = 0;  // Nodes of moves thrown away by cutoffs at split points.
  uint64_t failed_splits = 0;  // Tries to split that booked nobody.
  double split_seconds = 0;    // Threads' time spent making, joining and leaving splits.
  std::string bestmove;
  std::string host, cpu_model;  // Where it was measured (empty in rows written before ranks).

  // A row measured at another depth (a resumed run whose calibration moved) is not this run's.
  std::string key() const {
    return engine + "|" + strategy + "|" + std::to_string(threads) + "|" +
           std::to_string(repeat) + "|" + position + "|" + std::to_string(limit_depth);
  }
};

constexpr char kRunsHeader[] =
    "engine,strategy,threads,repeat,position,depth,seconds,nodes,idle_seconds,lock_seconds,"
    "thread_seconds,splits,aborts,wasted,help_requests,aborted_nodes,split_seconds,bestmove,"
    "failed_splits,limit_depth,host,cpu_model";

// A name as a field of a row that is split at commas: no comma, quote or line break in it.
std::string csv_text(std::string text) {
  for (char& c : text)
    if (c == ',' || c == '"' || c == '\n' || c == '\r') c = ' ';
  return text;
}

std::string to_csv(const Run& r) {
  std::ostringstream out;
  out.precision(9);
  out << r.engine << ',' << r.strategy << ',' << r.threads << ',' << r.repeat << ','
      << r.position << ',' << r.depth << ',' << r.seconds << ',' << r.nodes << ','
      << r.idle_seconds << ',' << r.lock_seconds << ',' << r.thread_seconds << ',' << r.splits
      << ',' << r.aborts << ',' << r.wasted << ',' << r.help_requests << ',' << r.aborted_nodes
      << ',' << r.split_seconds << ',' << r.bestmove << ',' << r.failed_splits << ','
      << r.limit_depth << ',' << csv_text(r.host) << ',' << csv_text(r.cpu_model);
  return out.str();
}

bool from_csv(const std::string& line, Run& r) {
  std::vector<std::string> f;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) f.push_back(field);
  // 18 fields: written before failed splits were counted; 19: before the asked-for depth was
  // kept (every run then asked for the depth it reached, or the row is not resumed); 20: before
  // rows named their machine (a row with neither host nor model ends at 20 too).
  if (f.size() < 18 || f.size() > 22) return false;
  try {
    r.engine = f[0];
    r.strategy = f[1];
    r.threads = std::stoi(f[2]);
    r.repeat = std::stoi(f[3]);
    r.position = f[4];
    r.depth = std::stoi(f[5]);
    r.seconds = std::stod(f[6]);
    r.nodes = std::stoull(f[7]);
    r.idle_seconds = std::stod(f[8]);
    r.lock_seconds = std::stod(f[9]);
    r.thread_seconds = std::stod(f[10]);
    r.splits = std::stoull(f[11]);
    r.aborts = std::stoull(f[12]);
    r.wasted = std::stoull(f[13]);
    r.help_requests = std::stoull(f[14]);
    r.aborted_nodes = std::stoull(f[15]);
    r.split_seconds = std::stod(f[16]);
    r.bestmove = f[17];
    r.failed_splits = f.size() > 18 ? std::stoull(f[18]) : 0;
    r.limit_depth = f.size() > 19 ? std::stoi(f[19]) : r.depth;
    r.host = f.size() > 20 ? f[20] : "";
    r.cpu_model = f.size() > 21 ? f[21] : "";
  } catch (...) {
    return false;
  }
  return true;
}

// A runs.csv begun by an older build, whose header has fewer columns, is rewritten under
// today's header with each row in today's form (the columns it lacked take the values from_csv
// gives them), so that the rows a resume adds have as many fields as every row above them.
// Comments and lines that are not rows stay as they are.
bool upgrade_runs_file(const std::string& path, std::string& error) {
  return util::upgrade_csv_file(path, "engine,strategy,", kRunsHeader, [](std::string& line) {
    Run r;
    if (!from_csv(line, r)) return false;
    line = to_csv(r);
    return true;
  }, error);
}

// A configuration: Splitlab with a strategy and thread count, or a reference engine.
struct Config {
  std::string engine, strategy;
  int threads = 1;
  int depth = 0;
  parallel::SplitStrategy split_strategy = parallel::SplitStrategy::kNone;
  const ReferenceEngine* reference = nullptr;
  double cap_seconds = 0;  // Calibration only: stop a search that runs past this (0: never).
  std::string label() const {
    return engine == "splitlab" ? strategy : engine + " (" + strategy + ")";
  }
};

class SplitlabRunner {
 public:
  virtual ~SplitlabRunner() = default;
  virtual Run search(const Config& config, const ScalePosition& position) = 0;
};

// Splitlab's search of game G, with the configuration's strategy and threads.
template <search::SearchGame G>
class GameRunner final : public SplitlabRunner {
 public:
  GameRunner(const Config& config, const ScaleConfig& scale, hashing::TranspositionTable& table)
      : searcher_(table), table_(table) {
    parallel::SplitSettings settings = scale.split;
    settings.strategy = config.split_strategy;
    parallel::configure_threads(searcher_, config.threads, settings);
  }

  Run search(const Config& config, const ScalePosition& position) override {
    Run run;
    typename G::Position pos;
    std::string error;
    G::parse_fen(position.fen, pos, error);  // Checked when the suite was read.
    table_.clear();
    searcher_.new_game();
    search::SearchLimits limits;
    limits.depth = config.depth;
    if (config.cap_seconds > 0) limits.movetime_ms = int64_t(config.cap_seconds * 1000);
    searcher_.arm();
    const auto start = Clock::now();
    const auto result = searcher_.run(pos, limits, false, 0, [](const search::SearchResult&) {});
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    run.nodes = result.nodes;
    run.depth = result.depth;
    run.bestmove = result.best_move;
    for (const auto& t : parallel::thread_reports(searcher_)) {
      run.idle_seconds += t.stats.idle_seconds;
      run.lock_seconds += t.stats.lock_wait_seconds;
      run.thread_seconds += t.stats.total_seconds;
      run.splits += t.stats.splits;
      run.aborts += t.stats.aborts;
      run.wasted += t.stats.wasted_splits;
      run.failed_splits += t.stats.failed_splits;
      run.help_requests += t.stats.help_requests;
      run.aborted_nodes += t.stats.aborted_nodes;
      run.split_seconds += t.stats.split_seconds;
    }
    if (run.thread_seconds == 0) run.thread_seconds = run.seconds;
    return run;
  }

 private:
  search::Searcher<G> searcher_;
  hashing::TranspositionTable& table_;
};

std::unique_ptr<SplitlabRunner> make_splitlab_runner(const Config& config, const ScaleConfig& scale,
                                                     hashing::TranspositionTable& table) {
  return with_game(scale.game, [&]<typename G>(std::type_identity<G>) -> std::unique_ptr<SplitlabRunner> {
    return std::make_unique<GameRunner<G>>(config, scale, table);
  });
}

class ReferenceRunner {
 public:
  ReferenceRunner(const Config& config, size_t hash_mb) {
    if (!engine_.start({config.reference->path}, error_)) return;
    if (!config.reference->uci_variant.empty())
      engine_.send("setoption name UCI_Variant value " + config.reference->uci_variant);
    for (const char* ponder : {"Ponder", "OwnBook", "Use Search Log"})
      if (engine_.has_option(ponder)) engine_.send(std::string("setoption name ") + ponder + " value false");
    for (const auto& [name, value] : config.reference->options) {
      if (!engine_.has_option(name)) {
        error_ = config.reference->path + " has no UCI option '" + name + "'";
        return;
      }
      engine_.send("setoption name " + name + " value " + value);
    }
    engine_.send("setoption name Threads value " + std::to_string(config.threads));
    engine_.send("setoption name Hash value " + std::to_string(hash_mb));
    if (!engine_.sync()) {
      error_ = config.reference->path + " did not answer isready";
      return;
    }
    // A first search pays for what the engine sets up lazily (Glaurung 2.2's first takes about
    // 0.2 s whatever its depth): not part of any position's time, nor of calibration's.
    engine_.send("position startpos");
    if (!protocol::uci_go(engine_, "depth 1", std::chrono::seconds(30)).ok)
      error_ = config.reference->path + " did not answer a depth-1 search";
  }
  const std::string& error() const { return error_; }

  Run search(const Config& config, const ScalePosition& position) {
    Run run;
    engine_.send("ucinewgame");
    engine_.send("position fen " + position.fen);
    engine_.sync();
    std::string go = "depth " + std::to_string(config.depth);
    if (config.cap_seconds > 0) go += " movetime " + std::to_string(int64_t(config.cap_seconds * 1000));
    const auto result = protocol::uci_go(engine_, go, std::chrono::minutes(10));
    run.seconds = result.wall_seconds;
    run.nodes = result.nodes;
    run.depth = result.depth;
    run.bestmove = result.ok ? result.bestmove : "timeout";
    run.thread_seconds = run.seconds * config.threads;
    return run;
  }

 private:
  protocol::UciClient engine_;
  std::string error_;
};

struct Summary {
  Config config;
  Interval speedup;
  double nps_ratio = 0, overhead = 0, idle_percent = 0, lock_percent = 0;
  Interval overhead_interval;  // Of the node ratio: searches vary a lot in size (instability).
  double aborted_percent = 0, split_percent = 0;
  double splits_per_search = 0, aborts_per_search = 0, wasted_per_search = 0;
  double failed_percent = 0;  // Failed split attempts per 100 splits made.
  double median_1thread_seconds = 0;  // The engine's 1-thread time to depth, median position.
  int positions = 0;
  std::string cpu_model;  // The machines the rows came from (one model per summary).
};

// --seconds: what calibration chose for one engine.
struct EngineCalibration {
  std::string engine;
  bool given = false;  // The user fixed this engine's depth: not calibrated.
  CalibrationChoice choice;
};

std::string format_summary_table(const std::vector<Summary>& rows, int positions) {
  std::string out;
  char line[320];
  std::snprintf(line, sizeof line,
                "%-22s %7s %5s %6s %20s %9s %24s %7s %7s %7s %9s %8s %8s %8s %8s\n",
                "configuration", "threads", "depth", "1T s", "speedup (95% CI)", "NPS x", "overhead % (95% CI)", "idle", "lock",
                "split", "splits", "failed", "aborts", "wasted", "aborted");
  out += line;
  for (const auto& s : rows) {
    char ci[64], overhead[64];
    std::snprintf(ci, sizeof ci, "%.2f [%.2f, %.2f]", s.speedup.estimate, s.speedup.low,
                  s.speedup.high);
    std::snprintf(overhead, sizeof overhead, "%.1f [%.1f, %.1f]",
                  100.0 * (s.overhead_interval.estimate - 1.0),
                  100.0 * (s.overhead_interval.low - 1.0),
                  100.0 * (s.overhead_interval.high - 1.0));
    std::snprintf(line, sizeof line,
                  "%-22s %7d %5d %6.3f %20s %9.2f %24s %6.1f%% %6.2f%% %6.2f%% %9.0f %7.2f%% "
                  "%8.1f %8.1f %7.1f%%\n",
                  s.config.label().c_str(), s.config.threads, s.config.depth,
                  s.median_1thread_seconds, ci, s.nps_ratio, overhead,
                  s.idle_percent, s.lock_percent, s.split_percent, s.splits_per_search,
                  s.failed_percent, s.aborts_per_search, s.wasted_per_search,
                  s.aborted_percent);
    out += line;
  }
  out += "depth: the fixed depth searched; 1T s: the engine's 1-thread time to that depth, "
         "median over positions; "
         "speedup: time to depth at 1 thread / at N threads per position, geometric mean over " +
         std::to_string(positions) +
         " positions (median of repeats), 95% bootstrap interval; NPS x: nodes per second "
         "against 1 thread; overhead: extra nodes searched against 1 thread (geometric mean, 95% "
         "bootstrap interval); "
         "idle, lock and split (making, joining, leaving split points): share of the threads' "
         "time; splits, aborts, wasted: per search; failed: tries to split that booked nobody, per "
         "100 splits made; aborted: nodes of moves thrown away by a "
         "cutoff at a split point, share of all nodes\n";
  return out;
}

std::string summary_csv(const std::vector<Summary>& rows) {
  std::ostringstream csv;
  csv << "engine,strategy,threads,positions,speedup,speedup_low,speedup_high,nps_ratio,"
         "overhead,overhead_low,overhead_high,idle_percent,lock_percent,splits_per_search,"
         "aborts_per_search,wasted_per_search,split_percent,aborted_percent,failed_split_percent,"
         "depth,median_1thread_seconds,cpu_model\n";
  for (const auto& s : rows)
    csv << s.config.engine << ',' << s.config.strategy << ',' << s.config.threads << ','
        << s.positions << ',' << s.speedup.estimate << ',' << s.speedup.low << ',' << s.speedup.high
        << ',' << s.nps_ratio << ',' << s.overhead << ',' << s.overhead_interval.low << ','
        << s.overhead_interval.high << ',' << s.idle_percent << ',' << s.lock_percent << ','
        << s.splits_per_search << ',' << s.aborts_per_search << ',' << s.wasted_per_search << ','
        << s.split_percent << ',' << s.aborted_percent << ',' << s.failed_percent << ','
        << s.config.depth << ',' << s.median_1thread_seconds << ',' << csv_text(s.cpu_model)
        << '\n';
  return csv.str();
}

std::string summary_json(const std::vector<Summary>& rows, const ScaleConfig& scale,
                         const std::vector<EngineCalibration>& calibrations,
                         const RunMetadata& metadata) {
  JsonWriter json;
  json.begin_object();
  write_run_metadata(json, metadata);
  if (scale.seconds > 0) {
    json.number("seconds", scale.seconds).integer("calibration_positions",
                                                  scale.calibration_positions);
    json.begin_array("calibration");
    for (const auto& c : calibrations) {
      json.begin_object()
          .string("engine", c.engine)
          .boolean("depth_given", c.given)
          .integer("depth", c.choice.depth)
          .number("median_seconds", c.choice.median_seconds);
      json.begin_array("medians");
      for (const auto& [depth, seconds] : c.choice.medians)
        json.begin_object().integer("depth", depth).number("median_seconds", seconds).end_object();
      json.end_array();
      json.end_object();
    }
    json.end_array();
  } else {
    json.integer("depth", scale.depth);
  }
  json.integer("repeats", scale.repeats)
      .integer("positions", int64_t(scale.positions.size()))
      .string("game", std::string(game_info(scale.game).name));
  json.begin_array("rows");
  for (const auto& s : rows)
    json.begin_object()
        .string("engine", s.config.engine)
        .string("strategy", s.config.strategy)
        .string("cpu_model", s.cpu_model)
        .integer("threads", s.config.threads)
        .integer("depth", s.config.depth)
        .number("median_1thread_seconds", s.median_1thread_seconds)
        .number("speedup", s.speedup.estimate)
        .number("speedup_low", s.speedup.low)
        .number("speedup_high", s.speedup.high)
        .number("nps_ratio", s.nps_ratio)
        .number("overhead", s.overhead)
        .number("overhead_low", s.overhead_interval.low)
        .number("overhead_high", s.overhead_interval.high)
        .number("idle_percent", s.idle_percent)
        .number("lock_percent", s.lock_percent)
        .number("split_percent", s.split_percent)
        .number("splits_per_search", s.splits_per_search)
        .number("aborts_per_search", s.aborts_per_search)
        .number("wasted_per_search", s.wasted_per_search)
        .number("aborted_percent", s.aborted_percent)
        .number("failed_split_percent", s.failed_percent)
        .end_object();
  json.end_array();
  json.end_object();
  return json.text();
}

// A calibration search runs to depth unless it passes this many times the target: one position
// that explodes at a depth must not cost minutes (its capped time still counts, as a lower bound
// that puts it above the median's target).
constexpr double kCalibrationCap = 8.0;

// --seconds: sets the depth of every configuration to its engine's calibrated depth (one for
// all of Splitlab's strategies, whose 1-thread search is one and the same; one per reference
// engine, unless the user gave it). Searches go through the runners the experiment uses, at one
// thread; each is a row of calibration.csv, which a rerun reads back.
bool calibrate(const ScaleConfig& scale, const RunMetadata& metadata, std::vector<Config>& configs,
               std::vector<std::unique_ptr<SplitlabRunner>>& splitlab_runners,
               std::vector<std::unique_ptr<ReferenceRunner>>& reference_runners,
               const std::vector<bool>& skipped, std::vector<EngineCalibration>& calibrations,
               std::string& error) {
  namespace fs = std::filesystem;
  const std::string path = scale.out_dir + "/calibration.csv";
  std::map<std::string, CalibrationRow> done;
  if (!util::cut_partial_last_line(path, error)) return false;
  {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      CalibrationRow row;
      if (!line.empty() && line[0] != '#' && line != kCalibrationHeader &&
          calibration_from_csv(line, row))
        done[row.key()] = row;
    }
  }
  std::error_code ec;
  const bool fresh = !fs::exists(path, ec) || fs::file_size(path, ec) == 0;
  std::ofstream csv(path, std::ios::app);
  if (!csv) {
    error = "cannot write '" + path + "'";
    return false;
  }
  if (fresh) csv << run_metadata_comments(metadata) << kCalibrationHeader << '\n' << std::flush;
  bool metadata_written = fresh;
  std::vector<const ScalePosition*> sample;
  std::vector<std::string> sample_ids;
  for (size_t i : calibration_sample(scale.positions.size(), scale.calibration_positions)) {
    sample.push_back(&scale.positions[i]);
    sample_ids.push_back(scale.positions[i].id);
  }
  util::Progress progress("scale calibration");
  // Work is time: an engine's calibration costs about 2.5 targets a position (each depth about
  // half the next, and the last one past the target).
  std::set<std::string> engines;
  for (size_t c = 0; c < configs.size(); ++c)
    if (!skipped[c]) engines.insert(configs[c].engine);
  const double expected_seconds = 2.5 * scale.seconds * double(sample.size() * engines.size());
  double spent_seconds = 0;

  std::set<std::string> engines_done;
  for (size_t c = 0; c < configs.size(); ++c) {
    const std::string engine = configs[c].engine;
    if (skipped[c] || !engines_done.insert(engine).second) continue;
    EngineCalibration calibration;
    calibration.engine = engine;
    if (configs[c].reference && configs[c].reference->depth_given) {
      calibration.given = true;
      calibration.choice.depth = configs[c].depth;
      calibrations.push_back(calibration);
      continue;
    }
    // The engine's 1-thread search: Splitlab's baseline (configs[0]), or the reference at one
    // thread (a runner of its own when --threads leaves 1 out).
    Config one = configs[c];
    one.threads = 1;
    one.cap_seconds = kCalibrationCap * scale.seconds;
    std::unique_ptr<ReferenceRunner> own_reference;
    ReferenceRunner* reference = nullptr;
    SplitlabRunner* splitlab = nullptr;
    if (one.reference) {
      for (size_t k = 0; k < configs.size(); ++k)
        if (configs[k].engine == engine && configs[k].threads == 1) reference = reference_runners[k].get();
      if (!reference) {
        own_reference = std::make_unique<ReferenceRunner>(one, scale.hash_mb);
        if (!own_reference->error().empty()) {
          error = "calibrating " + engine + ": " + own_reference->error();
          return false;
        }
        reference = own_reference.get();
      }
    } else {
      one = configs[0];
      one.cap_seconds = kCalibrationCap * scale.seconds;
      splitlab = splitlab_runners[0].get();
    }
    auto search = [&](int depth, size_t index) {
      const ScalePosition& position = *sample[index];
      one.depth = depth;
      const Run run = reference ? reference->search(one, position) : splitlab->search(one, position);
      CalibrationRow row;
      row.seconds = run.seconds;
      row.nodes = run.nodes;
      row.capped = run.depth < depth;
      spent_seconds += run.seconds;
      progress.update(std::min(spent_seconds, 0.99 * expected_seconds), expected_seconds,
                      engine + " depth " + std::to_string(depth) + " " + position.id);
      return row;
    };
    auto record = [&](const CalibrationRow& row) {
      if (!metadata_written) csv << run_metadata_comments(metadata);
      metadata_written = true;
      csv << calibration_to_csv(row) << '\n' << std::flush;
    };
    calibration.choice = calibrate_depth(engine, scale.seconds, 60, sample_ids, done, search, record);
    std::string medians;
    for (const auto& [depth, seconds] : calibration.choice.medians)
      if (depth + 2 >= calibration.choice.depth) {
        char item[48];
        std::snprintf(item, sizeof item, "%s%d: %.3f s", medians.empty() ? "" : ", ", depth,
                      seconds);
        medians += item;
      }
    std::fprintf(stderr, "scale: %s at depth %d (1-thread median over %zu positions: %s)\n",
                 engine.c_str(), calibration.choice.depth, sample.size(), medians.c_str());
    calibrations.push_back(calibration);
  }
  for (auto& config : configs)
    for (const auto& calibration : calibrations)
      if (config.engine == calibration.engine) config.depth = calibration.choice.depth;
  return true;
}

// The configurations: one single-threaded baseline, each strategy at each thread count > 1,
// and each reference engine at every thread count. Every rank builds the same list from the
// same command line, so an index names one configuration on all of them.
std::vector<Config> make_configs(const ScaleConfig& scale) {
  std::vector<Config> configs;
  configs.push_back({"splitlab", "none", 1, scale.depth, parallel::SplitStrategy::kNone, nullptr});
  for (auto strategy : scale.strategies)
    for (int t : scale.threads)
      if (t > 1)
        configs.push_back({"splitlab", std::string(parallel::split_strategy_name(strategy)), t,
                           scale.depth, strategy, nullptr});
  for (const auto& ref : scale.references)
    for (int t : scale.threads)
      configs.push_back(
          {ref.name, ref.strategy, t, ref.depth, parallel::SplitStrategy::kNone, &ref});
  return configs;
}

// What searches the configurations on this machine: a Splitlab searcher per configuration
// (sharing one table) and a reference engine process per reference configuration.
struct Runners {
  hashing::TranspositionTable table;
  std::vector<std::unique_ptr<SplitlabRunner>> splitlab;
  std::vector<std::unique_ptr<ReferenceRunner>> reference;
  std::vector<std::string> not_started;  // Per configuration: why its engine did not start.

  bool start(const std::vector<Config>& configs, const ScaleConfig& scale, std::string& error) {
    if (!table.resize(scale.hash_mb, &error)) return false;
    table.set_scheme(hashing::TtEntryScheme::Xor);
    table.set_policy(hashing::TtReplacePolicy::Bucket);
    splitlab.resize(configs.size());
    reference.resize(configs.size());
    not_started.assign(configs.size(), "");
    for (size_t c = 0; c < configs.size(); ++c) {
      if (configs[c].reference) {
        reference[c] = std::make_unique<ReferenceRunner>(configs[c], scale.hash_mb);
        not_started[c] = reference[c]->error();
      } else {
        splitlab[c] = make_splitlab_runner(configs[c], scale, table);
      }
    }
    return true;
  }

  // One search of `position` by `config` (its depth already the one to search), as a row.
  Run search(const Config& config, size_t c, const ScalePosition& position, int repeat,
             const MachineInfo& machine) {
    Run run = config.reference ? reference[c]->search(config, position)
                               : splitlab[c]->search(config, position);
    run.engine = config.engine;
    run.strategy = config.strategy;
    run.threads = config.threads;
    run.repeat = repeat;
    run.position = position.id;
    run.limit_depth = config.depth;
    run.host = machine.hostname;
    run.cpu_model = machine.cpu_model;
    return run;
  }
};

std::vector<std::string> split_on(const std::string& text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

// A rank's work item: a repeat of a position, and the configurations (index:depth) it lacks.
std::string encode_item(int repeat, size_t position,
                        const std::vector<std::pair<size_t, int>>& todo) {
  std::string item = std::to_string(repeat) + "\t" + std::to_string(position) + "\t";
  for (size_t k = 0; k < todo.size(); ++k)
    item += (k ? "," : "") + std::to_string(todo[k].first) + ":" + std::to_string(todo[k].second);
  return item;
}

bool decode_item(const std::string& item, size_t configs, size_t positions, int& repeat,
                 size_t& position, std::vector<std::pair<size_t, int>>& todo) {
  const auto fields = split_on(item, '\t');
  int64_t r = 0, p = 0;
  if (fields.size() != 3 || !util::parse_int(fields[0], 0, 1000000, r) ||
      !util::parse_int(fields[1], 0, int64_t(positions) - 1, p))
    return false;
  repeat = int(r);
  position = size_t(p);
  todo.clear();
  for (const auto& pair : util::split_list(fields[2])) {
    const size_t colon = pair.find(':');
    int64_t c = 0, depth = 0;
    if (colon == std::string::npos ||
        !util::parse_int(pair.substr(0, colon), 0, int64_t(configs) - 1, c) ||
        !util::parse_int(pair.substr(colon + 1), 1, 200, depth))
      return false;
    todo.emplace_back(size_t(c), int(depth));
  }
  return !todo.empty();
}

// A rank other than 0: searches what rank 0 hands it and sends the rows back.
int run_scale_rank(const ScaleConfig& scale, ranks::World& world, std::string& error) {
  std::vector<Config> configs = make_configs(scale);
  Runners runners;
  if (!runners.start(configs, scale, error)) {
    ranks::refuse_work(world, error);
    return 2;
  }
  const MachineInfo machine = machine_info();
  const bool done = ranks::take_work(
      world,
      [&](const std::string& item, std::string& answer, std::string& why) {
        int repeat = 0;
        size_t position = 0;
        std::vector<std::pair<size_t, int>> todo;
        if (!decode_item(item, configs.size(), scale.positions.size(), repeat, position, todo)) {
          why = "a work item it cannot read ('" + item + "'): are all ranks the same build?";
          return false;
        }
        answer.clear();
        for (const auto& [c, depth] : todo) {
          if (!runners.not_started[c].empty()) {
            why = "cannot search with " + configs[c].label() + ": " + runners.not_started[c];
            return false;
          }
          Config config = configs[c];
          config.depth = depth;
          answer += to_csv(runners.search(config, c, scale.positions[position], repeat, machine));
          answer += '\n';
        }
        return true;
      },
      error);
  return done ? 0 : 2;
}

// Per configuration, over `runs` (all from one CPU model, or every row): speedup, overhead and
// the threads' shares of time, each position's N-thread median against its 1-thread median.
std::vector<Summary> summarise(const std::vector<Config>& configs, const std::vector<Run>& runs,
                               const std::string& cpu_model) {
  // Per configuration and position: the median time and nodes over the repeats.
  std::map<std::string, std::map<std::string, std::vector<const Run*>>> by_config;
  for (const auto& r : runs)
    by_config[r.engine + "|" + r.strategy + "|" + std::to_string(r.threads)][r.position].push_back(
        &r);
  auto medians = [&](const Config& c, std::map<std::string, std::pair<double, double>>& out) {
    for (const auto& [pos, list] :
         by_config[c.engine + "|" + c.strategy + "|" + std::to_string(c.threads)]) {
      std::vector<double> t, n;
      for (const Run* r : list) {
        t.push_back(r->seconds);
        n.push_back(double(r->nodes));
      }
      out[pos] = {median(t), median(n)};
    }
  };

  std::vector<Summary> summaries;
  for (const auto& c : configs) {
    if (by_config.count(c.engine + "|" + c.strategy + "|" + std::to_string(c.threads)) == 0)
      continue;
    // Splitlab's baseline is its single-threaded search; a reference engine's is itself at 1.
    Config base = c;
    if (c.engine == "splitlab") {
      base = configs[0];
    } else {
      base.threads = 1;
    }
    std::map<std::string, std::pair<double, double>> mine, ref;
    medians(c, mine);
    medians(base, ref);
    std::vector<double> speedups, overheads;
    double time_n = 0, nodes_n = 0, time_1 = 0, nodes_1 = 0;
    for (const auto& [pos, tn] : mine) {
      auto it = ref.find(pos);
      if (it == ref.end() || tn.first <= 0 || it->second.first <= 0) continue;
      speedups.push_back(it->second.first / tn.first);
      if (it->second.second > 0 && tn.second > 0)
        overheads.push_back(tn.second / it->second.second);
      time_n += tn.first;
      nodes_n += tn.second;
      time_1 += it->second.first;
      nodes_1 += it->second.second;
    }
    Summary s;
    s.config = c;
    s.cpu_model = cpu_model;
    s.positions = int(speedups.size());
    s.speedup = geometric_mean_interval(speedups);
    s.nps_ratio = time_n > 0 && nodes_1 > 0 ? (nodes_n / time_n) / (nodes_1 / time_1) : 0;
    s.overhead_interval = geometric_mean_interval(overheads);
    s.overhead = s.overhead_interval.estimate;
    double idle = 0, lock = 0, thread_time = 0, splits = 0, aborts = 0, wasted = 0, count = 0;
    double aborted_nodes = 0, all_nodes = 0, split_time = 0, failed = 0;
    for (const auto& r : runs) {
      if (r.engine != c.engine || r.strategy != c.strategy || r.threads != c.threads) continue;
      idle += r.idle_seconds;
      lock += r.lock_seconds;
      thread_time += r.thread_seconds;
      splits += double(r.splits);
      aborts += double(r.aborts);
      wasted += double(r.wasted);
      failed += double(r.failed_splits);
      aborted_nodes += double(r.aborted_nodes);
      all_nodes += double(r.nodes);
      split_time += r.split_seconds;
      ++count;
    }
    s.idle_percent = thread_time > 0 ? 100 * idle / thread_time : 0;
    s.lock_percent = thread_time > 0 ? 100 * lock / thread_time : 0;
    s.split_percent = thread_time > 0 ? 100 * split_time / thread_time : 0;
    s.aborted_percent = all_nodes > 0 ? 100 * aborted_nodes / all_nodes : 0;
    s.splits_per_search = count ? splits / count : 0;
    s.aborts_per_search = count ? aborts / count : 0;
    s.wasted_per_search = count ? wasted / count : 0;
    s.failed_percent = splits > 0 ? 100 * failed / splits : 0;
    std::vector<double> one_thread_seconds;
    for (const auto& [pos, tn] : ref) one_thread_seconds.push_back(tn.first);
    s.median_1thread_seconds = median(one_thread_seconds);
    summaries.push_back(s);
  }
  return summaries;
}

}  // namespace

int run_scale(const ScaleConfig& scale, std::string& error) {
  namespace fs = std::filesystem;
  if (scale.world && scale.world->rank() > 0) return run_scale_rank(scale, *scale.world, error);
  const bool over_ranks = scale.world && scale.world->size() > 1;
  std::error_code ec;
  fs::create_directories(scale.out_dir, ec);
  if (ec) {
    error = "cannot create '" + scale.out_dir + "': " + ec.message();
    return 2;
  }
  const std::string runs_path = scale.out_dir + "/runs.csv";
  const RunMetadata metadata = collect_run_metadata(scale.command_line, kBootstrapSeed);
  // A sanitizer or debug build searches several times slower: say so before and after.
  const std::string build_warning = timing_build_warning(metadata.build);
  if (!build_warning.empty()) std::fprintf(stderr, "scale: warning: %s\n", build_warning.c_str());

  // Runs already recorded (an interrupted experiment resumes), under the header line and the
  // metadata comments of the runs that measured them.
  std::map<std::string, Run> done;
  if (!util::cut_partial_last_line(runs_path, error) || !upgrade_runs_file(runs_path, error))
    return 2;
  {
    std::ifstream in(runs_path);
    std::string line;
    while (std::getline(in, line)) {
      Run r;
      if (!line.empty() && line[0] != '#' && line != kRunsHeader && from_csv(line, r))
        done[r.key()] = r;
    }
  }
  const bool fresh = !fs::exists(runs_path, ec) || fs::file_size(runs_path, ec) == 0;
  std::ofstream runs_csv(runs_path, std::ios::app);
  if (!runs_csv) {
    error = "cannot write '" + runs_path + "'";
    return 2;
  }
  if (fresh) runs_csv << run_metadata_comments(metadata) << kRunsHeader << '\n' << std::flush;
  // A resumed experiment names this run above the first row it adds.
  bool metadata_written = fresh;

  std::vector<Config> configs = make_configs(scale);
  Runners runners;
  if (!runners.start(configs, scale, error)) return 2;
  std::vector<bool> skipped(configs.size(), false);
  for (size_t c = 0; c < configs.size(); ++c)
    if (!runners.not_started[c].empty()) {
      std::fprintf(stderr, "scale: skipping %s: %s\n", configs[c].label().c_str(),
                   runners.not_started[c].c_str());
      skipped[c] = true;
    }
  std::vector<EngineCalibration> calibrations;
  // Over ranks, rank 0 calibrates on its machine while the others wait: the depths are the
  // experiment's, the same for every rank.
  if (scale.seconds > 0 && !calibrate(scale, metadata, configs, runners.splitlab, runners.reference,
                                      skipped, calibrations, error))
    return 2;

  // Configurations interleave position by position, so that drift in the machine's speed
  // touches them all alike.
  const double total = double(scale.repeats) * double(scale.positions.size()) * configs.size();
  double finished = 0;
  util::Progress progress("scale");
  std::vector<Run> runs;
  auto record = [&](const Run& run) {
    if (!metadata_written) runs_csv << run_metadata_comments(metadata);
    metadata_written = true;
    runs_csv << to_csv(run) << '\n' << std::flush;
    runs.push_back(run);
  };
  // Over ranks: each (repeat, position) with configurations still to search is one item.
  std::vector<std::string> items;
  std::vector<size_t> item_searches;
  const MachineInfo& machine = metadata.machine;
  for (int repeat = 0; repeat < scale.repeats; ++repeat) {
    for (size_t p = 0; p < scale.positions.size(); ++p) {
      const ScalePosition& position = scale.positions[p];
      std::vector<std::pair<size_t, int>> todo;
      for (size_t c = 0; c < configs.size(); ++c) {
        ++finished;
        if (skipped[c]) continue;
        Run probe;
        probe.engine = configs[c].engine;
        probe.strategy = configs[c].strategy;
        probe.threads = configs[c].threads;
        probe.repeat = repeat;
        probe.position = position.id;
        probe.limit_depth = configs[c].depth;
        if (auto it = done.find(probe.key()); it != done.end()) {
          runs.push_back(it->second);
          continue;
        }
        if (over_ranks) {
          todo.emplace_back(c, configs[c].depth);
          continue;
        }
        record(runners.search(configs[c], c, position, repeat, machine));
        progress.update(
            finished, total,
            configs[c].label() + " x" + std::to_string(configs[c].threads) + " " + position.id);
      }
      if (!todo.empty()) {
        items.push_back(encode_item(repeat, p, todo));
        item_searches.push_back(todo.size());
      }
    }
  }
  // Every other rank waits for work: it is told there is none even when nothing is left.
  if (over_ranks) {
    size_t searches_total = 0, searches_done = 0;
    for (size_t n : item_searches) searches_total += n;
    std::fprintf(stderr,
                 "scale: %zu searches (%zu positions' worth) over %d searching rank(s); rank 0 "
                 "hands them out and writes the files\n",
                 searches_total, items.size(), scale.world->size() - 1);
    const bool all = ranks::hand_out(
        *scale.world, items,
        [&](size_t index, const std::string& answer, int rank, std::string& why) {
          size_t rows = 0;
          for (const auto& line : split_on(answer, '\n')) {
            if (line.empty()) continue;
            Run run;
            if (!from_csv(line, run)) {
              why = "rank " + std::to_string(rank) + " sent a row that is not one: '" + line + "'";
              return false;
            }
            record(run);
            ++rows;
          }
          if (!runs_csv) {
            why = "cannot write '" + runs_path + "'";
            return false;
          }
          if (rows != item_searches[index]) {
            why = "rank " + std::to_string(rank) + " sent " + std::to_string(rows) + " rows for " +
                  std::to_string(item_searches[index]) + " searches";
            return false;
          }
          searches_done += rows;
          progress.update(double(searches_done), double(searches_total),
                          runs.back().position + " (rank " + std::to_string(rank) + ", " +
                              runs.back().host + ")");
          return true;
        },
        error);
    if (!all) return 2;
  }

  // One summary per CPU model among the rows (most runs have one): a speedup compares searches
  // on one kind of machine.
  std::map<std::string, std::vector<Run>> by_model;
  std::map<std::string, std::set<std::string>> hosts_of;
  for (const auto& r : runs) {
    by_model[r.cpu_model].push_back(r);
    if (!r.host.empty()) hosts_of[r.cpu_model].insert(r.host);
  }
  std::vector<Summary> summaries;
  std::string table_text;
  if (!build_warning.empty()) table_text += "warning: " + build_warning + "\n";
  if (scale.seconds > 0) {
    char line[200];
    std::snprintf(
        line, sizeof line,
        "equal time: each engine at the depth where its 1-thread search takes about "
        "%.3g s (calibrated on %d positions, calibration.csv)\n",
        scale.seconds,
        int(calibration_sample(scale.positions.size(), scale.calibration_positions).size()));
    table_text += line;
  }
  for (const auto& [model, model_runs] : by_model) {
    const auto rows = summarise(configs, model_runs, model);
    if (by_model.size() > 1) {
      std::string hosts;
      for (const auto& h : hosts_of[model]) hosts += (hosts.empty() ? "" : ", ") + h;
      table_text += "\nmachine: " + (model.empty() ? std::string("not recorded") : model) +
                    (hosts.empty() ? "" : " (" + hosts + ")") + "\n";
    }
    table_text += format_summary_table(rows, int(scale.positions.size()));
    summaries.insert(summaries.end(), rows.begin(), rows.end());
  }
  std::printf("\n%s", table_text.c_str());
  const std::string comments = run_metadata_comments(metadata);
  std::ofstream(scale.out_dir + "/summary.txt") << comments << table_text;
  std::ofstream(scale.out_dir + "/summary.csv") << comments << summary_csv(summaries);
  std::ofstream(scale.out_dir + "/summary.json")
      << summary_json(summaries, scale, calibrations, metadata);
  std::fprintf(stderr, "scale: results in %s (runs.csv, summary.csv, summary.json, summary.txt)\n",
               scale.out_dir.c_str());
  return 0;
}

}  // namespace splitlab::bench
