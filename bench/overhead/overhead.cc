#include "bench/overhead/overhead.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include "bench/overhead/decomposition.h"
#include "bench/overhead/node_log_compare.h"
#include "bench/overhead/report.h"
#include "bench/overhead/rows.h"
#include "bench/overhead/runner.h"
#include "bench/resumable_csv.h"
#include "bench/run_metadata.h"
#include "bench/scale/scale_calibration.h"
#include "bench/stats/statistics.h"
#include "engine/util/progress.h"

namespace splitlab::bench {
namespace {

using overhead::NodeLogRow;
using overhead::Row;

// One run of the experiment: its searchers, its files and the rows found or searched.
struct OverheadRun {
  const OverheadConfig& config;
  RunMetadata metadata;
  hashing::TranspositionTable table;
  std::vector<std::unique_ptr<overhead::Runner>> runners;  // The 1-thread search first.
  std::vector<std::string> names;                          // Each runner's strategy.
  int depth = 0;
  CalibrationChoice calibration;
  ResumableCsv runs_csv, node_log_csv;
  std::map<std::string, Row> done, rows;  // Read back from runs.csv; this run's, by key.
  std::map<std::string, NodeLogRow> logs_done, log_rows;
  std::string node_log_dir;

  int threads_of(size_t c) const { return c == 0 ? 1 : config.threads; }
};

bool start_runners(OverheadRun& run, std::string& error) {
  const OverheadConfig& config = run.config;
  if (!run.table.resize(config.hash_mb, &error)) return false;
  // As scale: the same table scheme and policy, so that the figures are comparable.
  run.table.set_scheme(hashing::TtEntryScheme::Xor);
  run.table.set_policy(hashing::TtReplacePolicy::Bucket);
  run.names = {"none"};
  run.runners.push_back(overhead::make_runner(config.game, parallel::SplitStrategy::kNone, 1,
                                              config.split, config.features, run.table));
  for (auto strategy : config.strategies) {
    run.names.emplace_back(parallel::split_strategy_name(strategy));
    run.runners.push_back(overhead::make_runner(config.game, strategy, config.threads,
                                                config.split, config.features, run.table));
  }
  return true;
}

// --seconds: the depth where one thread takes about the target time (scale_calibration.h),
// its searches kept in calibration.csv for a rerun.
bool calibrate(OverheadRun& run, std::string& error) {
  const OverheadConfig& config = run.config;
  ResumableCsv csv;
  ResumableCsv::Form form;
  form.header = kCalibrationHeader;
  if (!csv.open(config.out_dir + "/calibration.csv", form, run.metadata, error)) return false;
  const auto done = rows_by_key<CalibrationRow>(csv, calibration_from_csv);
  std::vector<const ScalePosition*> sample;
  std::vector<std::string> ids;
  for (size_t i : calibration_sample(config.positions.size(), config.calibration_positions)) {
    sample.push_back(&config.positions[i]);
    ids.push_back(config.positions[i].id);
  }
  util::Progress progress("overhead calibration");
  double spent = 0;
  const double expected = 2.5 * config.seconds * double(sample.size());
  run.calibration = calibrate_depth(
      "splitlab", config.seconds, 60, ids, done,
      [&](int d, size_t index) {
        const Row r = run.runners[0]->search(*sample[index], d, 8 * config.seconds);
        spent += r.seconds;
        progress.update(std::min(spent, 0.99 * expected), expected,
                        "depth " + std::to_string(d) + " " + sample[index]->id);
        CalibrationRow row;
        row.seconds = r.seconds;
        row.nodes = r.nodes;
        row.capped = r.depth < d;
        return row;
      },
      [&](const CalibrationRow& row) { csv.append(calibration_to_csv(row)); });
  run.depth = run.calibration.depth;
  std::fprintf(stderr, "overhead: depth %d (1-thread median %.3f s over %zu positions)\n",
               run.depth, run.calibration.median_seconds, sample.size());
  return true;
}

// runs.csv, and with --node-log nodelog.csv (and the folder of kept logs).
bool open_files(OverheadRun& run, std::string& error) {
  const OverheadConfig& config = run.config;
  ResumableCsv::Form runs_form;
  runs_form.header = overhead::runs_header();
  if (!run.runs_csv.open(config.out_dir + "/runs.csv", runs_form, run.metadata, error))
    return false;
  run.done = rows_by_key<Row>(run.runs_csv, overhead::from_csv);
  run.node_log_dir = config.out_dir + "/nodelogs";
  if (!config.node_log) return true;
  ResumableCsv::Form logs_form;
  logs_form.header = overhead::node_log_header();
  if (!run.node_log_csv.open(config.out_dir + "/nodelog.csv", logs_form, run.metadata, error))
    return false;
  run.logs_done = rows_by_key<NodeLogRow>(run.node_log_csv, overhead::node_log_from_csv);
  if (config.keep_node_logs) {
    std::error_code ec;
    std::filesystem::create_directories(run.node_log_dir, ec);
    if (ec) {
      error = "cannot create '" + run.node_log_dir + "': " + ec.message();
      return false;
    }
  }
  return true;
}

// --keep-node-logs: writes one search's log to OUT/nodelogs/.
bool keep_log(const OverheadRun& run, const search::NodeLog& log, const ScalePosition& position,
              size_t c, int repeat, std::string& error) {
  if (!run.config.keep_node_logs) return true;
  const int threads = run.threads_of(c);
  NodeLogHeader header{position.id, position.fen, run.names[c], threads, run.depth};
  const std::string path = run.node_log_dir + "/" + position.id + "." + run.names[c] + ".x" +
                           std::to_string(threads) + ".r" + std::to_string(repeat) + ".nodelog";
  return write_node_log(path, header, log.merged(), error);
}

// The N-thread log of configuration c against the position's 1-thread log, as a row of
// nodelog.csv.
void record_comparison(OverheadRun& run, const Row& probe, const search::NodeLog& one_log,
                       const search::NodeLog& many_log) {
  NodeLogRow compared;
  compared.strategy = probe.strategy;
  compared.threads = probe.threads;
  compared.repeat = probe.repeat;
  compared.position = probe.position;
  compared.depth = probe.depth;
  compared.comparison = compare_node_logs(one_log.merged(), many_log.merged());
  run.node_log_csv.append(overhead::to_csv(compared));
  run.log_rows[compared.key()] = compared;
}

// Every configuration's search of one position, unless its row is already in runs.csv (and,
// with --node-log, its comparison in nodelog.csv). Configurations interleave position by
// position, so that drift in the machine's speed touches them all alike.
bool search_position(OverheadRun& run, int repeat, const ScalePosition& position,
                     util::Progress& progress, double& finished, double total,
                     std::string& error) {
  const bool logging = run.config.node_log;
  // The position's 1-thread node log, once searched (again, if its row was resumed: the
  // 1-thread search is deterministic, so the log is the one its row counted).
  search::NodeLog one_log;
  bool one_logged = false;
  for (size_t c = 0; c < run.runners.size(); ++c) {
    ++finished;
    Row probe;
    probe.strategy = run.names[c];
    probe.threads = run.threads_of(c);
    probe.repeat = repeat;
    probe.position = position.id;
    probe.depth = run.depth;  // Asked for; a search always completes it (no time limit).
    auto logged = run.logs_done.end();
    if (logging && c > 0) {
      logged = run.logs_done.find(probe.key());
      if (logged != run.logs_done.end()) run.log_rows[probe.key()] = logged->second;
    }
    if (auto it = run.done.find(probe.key());
        it != run.done.end() && (c == 0 || !logging || logged != run.logs_done.end())) {
      run.rows[probe.key()] = it->second;
      continue;
    }
    search::NodeLog many_log;
    search::NodeLog* log = nullptr;
    if (logging) {
      if (c > 0 && !one_logged) {
        run.runners[0]->search(position, run.depth, 0, &one_log);
        if (!keep_log(run, one_log, position, 0, repeat, error)) return false;
        one_logged = true;
      }
      log = c == 0 ? &one_log : &many_log;
    }
    Row row = run.runners[c]->search(position, run.depth, 0, log);
    if (logging && c == 0) {
      one_logged = true;
      if (!keep_log(run, one_log, position, 0, repeat, error)) return false;
    }
    if (logging && c > 0) {
      if (!keep_log(run, many_log, position, c, repeat, error)) return false;
      record_comparison(run, probe, one_log, many_log);
    }
    row.strategy = probe.strategy;
    row.threads = probe.threads;
    row.repeat = repeat;
    row.position = position.id;
    row.depth = run.depth;
    run.runs_csv.append(overhead::to_csv(row));
    run.rows[row.key()] = row;
    progress.update(finished, total,
                    run.names[c] + " x" + std::to_string(row.threads) + " " + position.id);
  }
  return true;
}

// Per strategy: its searches against one thread's on the positions and repeats both have.
std::vector<overhead::StrategySummary> summarise(const OverheadRun& run) {
  const OverheadConfig& config = run.config;
  std::vector<overhead::StrategySummary> summaries;
  for (size_t c = 1; c < run.runners.size(); ++c) {
    overhead::StrategySummary s;
    s.strategy = run.names[c];
    s.threads = config.threads;
    std::vector<double> ratios;
    for (int repeat = 0; repeat < config.repeats; ++repeat)
      for (const auto& position : config.positions) {
        Row key;
        key.repeat = repeat;
        key.position = position.id;
        key.depth = run.depth;
        key.strategy = "none";
        key.threads = 1;
        auto one = run.rows.find(key.key());
        key.strategy = run.names[c];
        key.threads = config.threads;
        auto many = run.rows.find(key.key());
        if (one == run.rows.end() || many == run.rows.end() || one->second.nodes == 0) continue;
        s.one.add(one->second);
        s.many.add(many->second);
        if (auto logged = run.log_rows.find(key.key()); logged != run.log_rows.end()) {
          s.node_log += logged->second.comparison;
          ++s.node_logs;
        }
        ratios.push_back(double(many->second.nodes) / double(one->second.nodes));
      }
    s.searches = s.many.searches;
    if (ratios.empty()) continue;
    s.node_ratio = geometric_mean_interval(ratios);
    overhead::decompose(s);
    summaries.push_back(s);
  }
  return summaries;
}

void write_report(const OverheadRun& run, const std::string& build_warning) {
  const OverheadConfig& config = run.config;
  const auto summaries = summarise(run);
  char heading[200];
  std::snprintf(heading, sizeof heading, "overhead: %zu positions at depth %d%s\n\n",
                config.positions.size(), run.depth,
                config.seconds > 0 ? " (where one thread takes about the target time)" : "");
  const std::string report = (build_warning.empty() ? "" : "warning: " + build_warning + "\n") +
                             heading + overhead::format_report(summaries);
  std::printf("\n%s", report.c_str());
  const std::string comments = run_metadata_comments(run.metadata);
  std::ofstream(config.out_dir + "/summary.txt") << comments << report;
  std::ofstream(config.out_dir + "/summary.csv") << comments << overhead::summary_csv(summaries);
  std::ofstream(config.out_dir + "/summary.json") << overhead::summary_json(
      summaries, config, run.depth, config.seconds > 0 ? &run.calibration : nullptr,
      run.metadata);
  std::fprintf(stderr,
               "overhead: results in %s (runs.csv, summary.txt, summary.csv, summary.json)\n",
               config.out_dir.c_str());
}

}  // namespace

int run_overhead(const OverheadConfig& config, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(config.out_dir, ec);
  if (ec) {
    error = "cannot create '" + config.out_dir + "': " + ec.message();
    return 2;
  }
  OverheadRun run{config, collect_run_metadata(config.command_line, kBootstrapSeed)};
  run.depth = config.depth;
  const std::string build_warning = timing_build_warning(run.metadata.build);
  if (!build_warning.empty())
    std::fprintf(stderr, "overhead: warning: %s\n", build_warning.c_str());
  if (!start_runners(run, error)) return 2;
  if (config.seconds > 0 && !calibrate(run, error)) return 2;
  if (!open_files(run, error)) return 2;
  util::Progress progress("overhead");
  const double total =
      double(config.repeats) * double(config.positions.size()) * double(run.runners.size());
  double finished = 0;
  for (int repeat = 0; repeat < config.repeats; ++repeat)
    for (const auto& position : config.positions)
      if (!search_position(run, repeat, position, progress, finished, total, error)) return 2;
  write_report(run, build_warning);
  return 0;
}

}  // namespace splitlab::bench
