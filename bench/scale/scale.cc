#include "bench/scale/scale.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "bench/resumable_csv.h"
#include "bench/run_metadata.h"
#include "bench/scale/configs.h"
#include "bench/scale/engine_depths.h"
#include "bench/scale/rank_work.h"
#include "bench/scale/run_row.h"
#include "bench/scale/runners.h"
#include "bench/scale/summary.h"
#include "bench/stats/statistics.h"
#include "engine/util/progress.h"

namespace splitlab::bench {

namespace {

using scaling::Config;
using scaling::Run;

// One experiment on rank 0 (or this process alone): the searches still to do and the rows.
struct Experiment {
  const ScaleConfig& scale;
  RunMetadata metadata;
  std::vector<Config> configs;
  scaling::Runners runners;
  std::vector<bool> skipped;
  std::vector<EngineCalibration> calibrations;
  ResumableCsv runs_csv;
  std::map<std::string, Run> done;  // Rows already in runs.csv, by key.
  std::vector<Run> runs;            // Every row of this experiment, found or searched.
  util::Progress progress{"scale"};
  // Over ranks: each (repeat, position) with configurations still to search is one item.
  std::vector<std::string> items;
  std::vector<size_t> item_searches;

  bool record(const Run& run) {
    runs.push_back(run);
    return runs_csv.append(scaling::to_csv(run));
  }
};

// Opens runs.csv (an interrupted experiment resumes from its rows), starts the engines and, with
// --seconds, calibrates their depths. False with `error` set.
bool start(Experiment& x, std::string& error) {
  const ScaleConfig& scale = x.scale;
  x.configs = scaling::make_configs(scale);
  if (!x.runners.start(x.configs, scale, error)) return false;
  ResumableCsv::Form form = scaling::runs_file_form();
  form.run_comments = scaling::reference_comments(x.runners.identities);
  if (!x.runs_csv.open(scale.out_dir + "/runs.csv", form, x.metadata, error)) return false;
  x.done = rows_by_key<Run>(x.runs_csv, scaling::from_csv);
  x.skipped.assign(x.configs.size(), false);
  for (size_t c = 0; c < x.configs.size(); ++c)
    if (!x.runners.not_started[c].empty()) {
      std::fprintf(stderr, "scale: skipping %s: %s\n", x.configs[c].label().c_str(),
                   x.runners.not_started[c].c_str());
      x.skipped[c] = true;
    }
  // Over ranks, rank 0 calibrates on its machine while the others wait: the depths are the
  // experiment's, the same for every rank.
  return scale.seconds <= 0 ||
         scaling::calibrate_engine_depths(scale, x.metadata, x.configs, x.runners, x.skipped,
                                          x.calibrations, error);
}

// Every search of the experiment not yet in runs.csv: searched here, or (over ranks) made into
// work items. Configurations interleave position by position, so that drift in the machine's
// speed touches them all alike.
bool search_here_or_plan(Experiment& x, bool over_ranks, std::string& error) {
  const ScaleConfig& scale = x.scale;
  const double total = double(scale.repeats) * double(scale.positions.size()) * x.configs.size();
  double finished = 0;
  for (int repeat = 0; repeat < scale.repeats; ++repeat) {
    for (size_t p = 0; p < scale.positions.size(); ++p) {
      const ScalePosition& position = scale.positions[p];
      scaling::ConfigDepths todo;
      for (size_t c = 0; c < x.configs.size(); ++c) {
        ++finished;
        if (x.skipped[c]) continue;
        const Config& config = x.configs[c];
        Run probe;
        probe.engine = config.engine;
        probe.strategy = config.strategy;
        probe.threads = config.threads;
        probe.repeat = repeat;
        probe.position = position.id;
        probe.limit_depth = config.depth;
        if (auto it = x.done.find(probe.key()); it != x.done.end()) {
          x.runs.push_back(it->second);
        } else if (over_ranks) {
          todo.emplace_back(c, config.depth);
        } else {
          if (!x.record(x.runners.search(config, c, position, repeat, x.metadata.machine))) {
            error = "cannot write '" + x.runs_csv.path() + "'";
            return false;
          }
          x.progress.update(finished, total,
                            config.label() + " x" + std::to_string(config.threads) + " " +
                                position.id);
        }
      }
      if (!todo.empty()) {
        x.items.push_back(scaling::encode_item(repeat, p, todo));
        x.item_searches.push_back(todo.size());
      }
    }
  }
  return true;
}

// Rank 0 hands the items out and writes each rank's rows as they come. Every other rank waits
// for work: it is told there is none even when nothing is left.
bool hand_out_items(Experiment& x, std::string& error) {
  size_t searches_total = 0, searches_done = 0;
  for (size_t n : x.item_searches) searches_total += n;
  std::fprintf(stderr,
               "scale: %zu searches (%zu positions' worth) over %d searching rank(s); rank 0 "
               "hands them out and writes the files\n",
               searches_total, x.items.size(), x.scale.world->size() - 1);
  return ranks::hand_out(
      *x.scale.world, x.items,
      [&](size_t index, const std::string& answer, int rank, std::string& why) {
        std::vector<Run> rows;
        std::string bad_line;
        if (!scaling::decode_rows(answer, rows, bad_line)) {
          why = "rank " + std::to_string(rank) + " sent a row that is not one: '" + bad_line + "'";
          return false;
        }
        for (const Run& run : rows)
          if (!x.record(run)) {
            why = "cannot write '" + x.runs_csv.path() + "'";
            return false;
          }
        if (rows.size() != x.item_searches[index]) {
          why = "rank " + std::to_string(rank) + " sent " + std::to_string(rows.size()) +
                " rows for " + std::to_string(x.item_searches[index]) + " searches";
          return false;
        }
        searches_done += rows.size();
        if (!rows.empty())
          x.progress.update(double(searches_done), double(searches_total),
                            rows.back().position + " (rank " + std::to_string(rank) + ", " +
                                rows.back().host + ")");
        return true;
      },
      error);
}

// The report: one summary per CPU model among the rows (most runs have one), as a speedup
// compares searches on one kind of machine; printed, and written to the summary files.
void write_report(const Experiment& x, const std::string& build_warning) {
  const ScaleConfig& scale = x.scale;
  std::map<std::string, std::vector<Run>> by_model;
  std::map<std::string, std::set<std::string>> hosts_of;
  for (const auto& r : x.runs) {
    by_model[r.cpu_model].push_back(r);
    if (!r.host.empty()) hosts_of[r.cpu_model].insert(r.host);
  }
  std::vector<scaling::Summary> summaries;
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
    const auto rows = scaling::summarise(x.configs, model_runs, model);
    if (by_model.size() > 1) {
      std::string hosts;
      for (const auto& h : hosts_of[model]) hosts += (hosts.empty() ? "" : ", ") + h;
      table_text += "\nmachine: " + (model.empty() ? std::string("not recorded") : model) +
                    (hosts.empty() ? "" : " (" + hosts + ")") + "\n";
    }
    table_text += scaling::format_summary_table(rows, int(scale.positions.size()));
    summaries.insert(summaries.end(), rows.begin(), rows.end());
  }
  table_text += scaling::format_split_rules(x.configs, scale.split);
  std::printf("\n%s", table_text.c_str());
  const std::string comments =
      run_metadata_comments(x.metadata) + scaling::reference_comments(x.runners.identities);
  std::ofstream(scale.out_dir + "/summary.txt") << comments << table_text;
  std::ofstream(scale.out_dir + "/summary.csv") << comments << scaling::summary_csv(summaries);
  std::ofstream(scale.out_dir + "/summary.json") << scaling::summary_json(
      summaries, scale, x.calibrations, x.runners.identities, x.metadata);
  std::fprintf(stderr, "scale: results in %s (runs.csv, summary.csv, summary.json, summary.txt)\n",
               scale.out_dir.c_str());
}

}  // namespace

int run_scale(const ScaleConfig& scale, std::string& error) {
  if (scale.world && scale.world->rank() > 0)
    return scaling::run_scale_rank(scale, *scale.world, error);
  const bool over_ranks = scale.world && scale.world->size() > 1;
  std::error_code ec;
  std::filesystem::create_directories(scale.out_dir, ec);
  if (ec) {
    error = "cannot create '" + scale.out_dir + "': " + ec.message();
    return 2;
  }
  Experiment x{scale, collect_run_metadata(scale.command_line, kBootstrapSeed)};
  // A sanitizer or debug build searches several times slower: say so before and after.
  const std::string build_warning = timing_build_warning(x.metadata.build);
  if (!build_warning.empty()) std::fprintf(stderr, "scale: warning: %s\n", build_warning.c_str());
  if (!start(x, error) || !search_here_or_plan(x, over_ranks, error)) return 2;
  if (over_ranks && !hand_out_items(x, error)) return 2;
  write_report(x, build_warning);
  return 0;
}

}  // namespace splitlab::bench
