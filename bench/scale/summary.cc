#include "bench/scale/summary.h"

#include <cstdio>
#include <map>
#include <sstream>

#include "bench/json_writer.h"
#include "engine/games/game_info.h"

namespace splitlab::bench::scaling {

namespace {

std::string config_key(const std::string& engine, const std::string& strategy, int threads) {
  return engine + "|" + strategy + "|" + std::to_string(threads);
}

// Per position: the median time and the median nodes over the repeats.
using PositionMedians = std::map<std::string, std::pair<double, double>>;

PositionMedians position_medians(const std::vector<const Run*>& rows) {
  std::map<std::string, std::vector<const Run*>> by_position;
  for (const Run* r : rows) by_position[r->position].push_back(r);
  PositionMedians out;
  for (const auto& [position, list] : by_position) {
    std::vector<double> t, n;
    for (const Run* r : list) {
      t.push_back(r->seconds);
      n.push_back(double(r->nodes));
    }
    out[position] = {median(t), median(n)};
  }
  return out;
}

// Speedup, NPS ratio and overhead of `mine` against `base`, paired by position.
void add_ratios(const PositionMedians& mine, const PositionMedians& base, Summary& s) {
  std::vector<double> speedups, overheads;
  double time_n = 0, nodes_n = 0, time_1 = 0, nodes_1 = 0;
  for (const auto& [pos, tn] : mine) {
    auto it = base.find(pos);
    if (it == base.end() || tn.first <= 0 || it->second.first <= 0) continue;
    speedups.push_back(it->second.first / tn.first);
    if (it->second.second > 0 && tn.second > 0) overheads.push_back(tn.second / it->second.second);
    time_n += tn.first;
    nodes_n += tn.second;
    time_1 += it->second.first;
    nodes_1 += it->second.second;
  }
  s.positions = int(speedups.size());
  s.speedup = geometric_mean_interval(speedups);
  s.nps_ratio = time_n > 0 && nodes_1 > 0 ? (nodes_n / time_n) / (nodes_1 / time_1) : 0;
  s.overhead_interval = geometric_mean_interval(overheads);
  s.overhead = s.overhead_interval.estimate;
  std::vector<double> one_thread_seconds;
  for (const auto& [pos, tn] : base) one_thread_seconds.push_back(tn.first);
  s.median_1thread_seconds = median(one_thread_seconds);
}

// The threads' shares of time and the splits per search, pooled over the configuration's rows.
void add_thread_shares(const std::vector<const Run*>& rows, Summary& s) {
  double idle = 0, lock = 0, thread_time = 0, splits = 0, aborts = 0, wasted = 0;
  double aborted_nodes = 0, all_nodes = 0, split_time = 0, failed = 0;
  for (const Run* r : rows) {
    idle += r->idle_seconds;
    lock += r->lock_seconds;
    thread_time += r->thread_seconds;
    splits += double(r->splits);
    aborts += double(r->aborts);
    wasted += double(r->wasted);
    failed += double(r->failed_splits);
    aborted_nodes += double(r->aborted_nodes);
    all_nodes += double(r->nodes);
    split_time += r->split_seconds;
  }
  const double count = double(rows.size());
  s.idle_percent = thread_time > 0 ? 100 * idle / thread_time : 0;
  s.lock_percent = thread_time > 0 ? 100 * lock / thread_time : 0;
  s.split_percent = thread_time > 0 ? 100 * split_time / thread_time : 0;
  s.aborted_percent = all_nodes > 0 ? 100 * aborted_nodes / all_nodes : 0;
  s.splits_per_search = count ? splits / count : 0;
  s.aborts_per_search = count ? aborts / count : 0;
  s.wasted_per_search = count ? wasted / count : 0;
  s.failed_percent = splits > 0 ? 100 * failed / splits : 0;
}

}  // namespace

std::vector<Summary> summarise(const std::vector<Config>& configs, const std::vector<Run>& runs,
                               const std::string& cpu_model) {
  std::map<std::string, std::vector<const Run*>> by_config;
  for (const auto& r : runs) by_config[config_key(r.engine, r.strategy, r.threads)].push_back(&r);
  std::vector<Summary> summaries;
  for (const auto& c : configs) {
    const auto rows = by_config.find(config_key(c.engine, c.strategy, c.threads));
    if (rows == by_config.end()) continue;
    // Splitlab's baseline is its single-threaded search; a reference engine's is itself at 1.
    Config base = c;
    if (c.engine == "splitlab") {
      base = configs[0];
    } else {
      base.threads = 1;
    }
    Summary s;
    s.config = c;
    s.cpu_model = cpu_model;
    add_ratios(position_medians(rows->second),
               position_medians(by_config[config_key(base.engine, base.strategy, base.threads)]),
               s);
    add_thread_shares(rows->second, s);
    summaries.push_back(s);
  }
  return summaries;
}

std::string format_summary_table(const std::vector<Summary>& rows, int positions) {
  std::string out;
  char line[320];
  std::snprintf(line, sizeof line,
                "%-22s %7s %5s %6s %20s %9s %24s %7s %7s %7s %9s %8s %8s %8s %8s\n",
                "configuration", "threads", "depth", "1T s", "speedup (95% CI)", "NPS x",
                "overhead % (95% CI)", "idle", "lock", "split", "splits", "failed", "aborts",
                "wasted", "aborted");
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
                  s.median_1thread_seconds, ci, s.nps_ratio, overhead, s.idle_percent,
                  s.lock_percent, s.split_percent, s.splits_per_search, s.failed_percent,
                  s.aborts_per_search, s.wasted_per_search, s.aborted_percent);
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

std::string format_split_rules(const std::vector<Config>& configs,
                               const parallel::SplitSettings& split) {
  std::string out;
  for (const Config& c : configs) {
    if (c.engine != "splitlab" || c.threads <= 1) continue;
    parallel::SplitSettings settings = split;
    settings.strategy = c.split_strategy;
    out += "split rules: " + c.strategy + " x" + std::to_string(c.threads) + ": " +
           parallel::describe_split_rules(parallel::rules_for_threads(settings, c.threads)) +
           "\n";
  }
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

namespace {

void write_calibrations(JsonWriter& json, const ScaleConfig& scale,
                        const std::vector<EngineCalibration>& calibrations) {
  json.number("seconds", scale.seconds)
      .integer("calibration_positions", scale.calibration_positions);
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
}

}  // namespace

std::string reference_comments(const std::vector<ReferenceIdentity>& references) {
  std::string text;
  for (const auto& r : references)
    text += "# reference: " + r.name + " = " + r.id_name + ", " + r.path + ", sha256 " +
            (r.sha256.empty() ? "unreadable" : r.sha256) + "\n";
  return text;
}

std::string summary_json(const std::vector<Summary>& rows, const ScaleConfig& scale,
                         const std::vector<EngineCalibration>& calibrations,
                         const std::vector<ReferenceIdentity>& references,
                         const RunMetadata& metadata) {
  JsonWriter json;
  json.begin_object();
  write_run_metadata(json, metadata);
  json.begin_array("references");
  for (const auto& r : references)
    json.begin_object()
        .string("name", r.name)
        .string("path", r.path)
        .string("id_name", r.id_name)
        .string("sha256", r.sha256)
        .end_object();
  json.end_array();
  if (scale.seconds > 0) {
    write_calibrations(json, scale, calibrations);
  } else {
    json.integer("depth", scale.depth);
  }
  json.integer("repeats", scale.repeats)
      .integer("positions", int64_t(scale.positions.size()))
      .string("game", std::string(game_info(scale.game).name));
  json.begin_array("rows");
  for (const auto& s : rows) {
    // The split rules a Splitlab configuration ran with ("" for the others).
    std::string rules;
    if (s.config.engine == "splitlab" && s.config.threads > 1) {
      parallel::SplitSettings settings = scale.split;
      settings.strategy = s.config.split_strategy;
      rules = parallel::describe_split_rules(
          parallel::rules_for_threads(settings, s.config.threads));
    }
    json.begin_object()
        .string("engine", s.config.engine)
        .string("split_rules", rules)
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
  }
  json.end_array();
  json.end_object();
  return json.text();
}

}  // namespace splitlab::bench::scaling
