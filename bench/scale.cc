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
#include "bench/run_metadata.h"
#include "bench/statistics.h"
#include "cli/progress.h"
#include "engine/chess/chess_game.h"
#include "engine/xiangqi/xiangqi_game.h"
#include "engine/protocol/uci_client.h"
#include "engine/search/searcher.h"
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
  int depth = 0;
  double seconds = 0;
  uint64_t nodes = 0;
  double idle_seconds = 0, lock_seconds = 0, thread_seconds = 0;
  uint64_t splits = 0, aborts = 0, wasted = 0, help_requests = 0;
  uint64_t aborted_nodes = 0;  // Nodes of moves thrown away by cutoffs at split points.
  uint64_t failed_splits = 0;  // Tries to split that booked nobody.
  double split_seconds = 0;    // Threads' time spent making, joining and leaving splits.
  std::string bestmove;

  std::string key() const {
    return engine + "|" + strategy + "|" + std::to_string(threads) + "|" +
           std::to_string(repeat) + "|" + position;
  }
};

constexpr char kRunsHeader[] =
    "engine,strategy,threads,repeat,position,depth,seconds,nodes,idle_seconds,lock_seconds,"
    "thread_seconds,splits,aborts,wasted,help_requests,aborted_nodes,split_seconds,bestmove,"
    "failed_splits";

std::string to_csv(const Run& r) {
  std::ostringstream out;
  out.precision(9);
  out << r.engine << ',' << r.strategy << ',' << r.threads << ',' << r.repeat << ','
      << r.position << ',' << r.depth << ',' << r.seconds << ',' << r.nodes << ','
      << r.idle_seconds << ',' << r.lock_seconds << ',' << r.thread_seconds << ',' << r.splits
      << ',' << r.aborts << ',' << r.wasted << ',' << r.help_requests << ',' << r.aborted_nodes
      << ',' << r.split_seconds << ',' << r.bestmove << ',' << r.failed_splits;
  return out.str();
}

bool from_csv(const std::string& line, Run& r) {
  std::vector<std::string> f;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) f.push_back(field);
  // 18 fields: written before failed splits were counted.
  if (f.size() != 18 && f.size() != 19) return false;
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
  } catch (...) {
    return false;
  }
  return true;
}

// A configuration: Splitlab with a strategy and thread count, or a reference engine.
struct Config {
  std::string engine, strategy;
  int threads = 1;
  int depth = 0;
  search::SplitStrategy split_strategy = search::SplitStrategy::kNone;
  const ReferenceEngine* reference = nullptr;
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
    search::SplitSettings settings = scale.split;
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
  if (scale.game == ScaleGame::kXiangqi)
    return std::make_unique<GameRunner<xiangqi::XiangqiGame>>(config, scale, table);
  return std::make_unique<GameRunner<chess::ChessGame>>(config, scale, table);
}

class ReferenceRunner {
 public:
  ReferenceRunner(const Config& config, size_t hash_mb) {
    if (!engine_.start({config.reference->path}, error_)) return;
    if (!config.reference->uci_variant.empty())
      engine_.send("setoption name UCI_Variant value " + config.reference->uci_variant);
    for (const char* ponder : {"Ponder", "OwnBook", "Use Search Log"})
      if (engine_.has_option(ponder)) engine_.send(std::string("setoption name ") + ponder + " value false");
    engine_.send("setoption name Threads value " + std::to_string(config.threads));
    engine_.send("setoption name Hash value " + std::to_string(hash_mb));
    if (!engine_.sync()) error_ = config.reference->path + " did not answer isready";
  }
  const std::string& error() const { return error_; }

  Run search(const Config& config, const ScalePosition& position) {
    Run run;
    engine_.send("ucinewgame");
    engine_.send("position fen " + position.fen);
    engine_.sync();
    const auto result = protocol::uci_go(engine_, "depth " + std::to_string(config.depth),
                                         std::chrono::minutes(10));
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
  int positions = 0;
};

std::string format_summary_table(const std::vector<Summary>& rows, int positions) {
  std::string out;
  char line[320];
  std::snprintf(line, sizeof line,
                "%-22s %7s %20s %9s %24s %7s %7s %7s %9s %8s %8s %8s %8s\n", "configuration",
                "threads", "speedup (95% CI)", "NPS x", "overhead % (95% CI)", "idle", "lock",
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
                  "%-22s %7d %20s %9.2f %24s %6.1f%% %6.2f%% %6.2f%% %9.0f %7.2f%% %8.1f %8.1f "
                  "%7.1f%%\n",
                  s.config.label().c_str(), s.config.threads, ci, s.nps_ratio, overhead,
                  s.idle_percent, s.lock_percent, s.split_percent, s.splits_per_search,
                  s.failed_percent, s.aborts_per_search, s.wasted_per_search,
                  s.aborted_percent);
    out += line;
  }
  out += "speedup: time to depth at 1 thread / at N threads per position, geometric mean over " +
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
         "aborts_per_search,wasted_per_search,split_percent,aborted_percent,failed_split_percent\n";
  for (const auto& s : rows)
    csv << s.config.engine << ',' << s.config.strategy << ',' << s.config.threads << ','
        << s.positions << ',' << s.speedup.estimate << ',' << s.speedup.low << ',' << s.speedup.high
        << ',' << s.nps_ratio << ',' << s.overhead << ',' << s.overhead_interval.low << ','
        << s.overhead_interval.high << ',' << s.idle_percent << ',' << s.lock_percent << ','
        << s.splits_per_search << ',' << s.aborts_per_search << ',' << s.wasted_per_search << ','
        << s.split_percent << ',' << s.aborted_percent << ',' << s.failed_percent << '\n';
  return csv.str();
}

std::string summary_json(const std::vector<Summary>& rows, const ScaleConfig& scale,
                         const RunMetadata& metadata) {
  JsonWriter json;
  json.begin_object();
  write_run_metadata(json, metadata);
  json.integer("depth", scale.depth)
      .integer("repeats", scale.repeats)
      .integer("positions", int64_t(scale.positions.size()))
      .string("game", scale.game == ScaleGame::kXiangqi ? "xiangqi" : "chess");
  json.begin_array("rows");
  for (const auto& s : rows)
    json.begin_object()
        .string("engine", s.config.engine)
        .string("strategy", s.config.strategy)
        .integer("threads", s.config.threads)
        .integer("depth", s.config.depth)
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

}  // namespace

int run_scale(const ScaleConfig& scale, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(scale.out_dir, ec);
  if (ec) {
    error = "cannot create '" + scale.out_dir + "': " + ec.message();
    return 2;
  }
  const std::string runs_path = scale.out_dir + "/runs.csv";
  const RunMetadata metadata = collect_run_metadata(scale.command_line, kBootstrapSeed);

  // Runs already recorded (an interrupted experiment resumes), under the header line and the
  // metadata comments of the runs that measured them.
  std::map<std::string, Run> done;
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

  // The configurations: one single-threaded baseline, each strategy at each thread count > 1,
  // and each reference engine at every thread count.
  std::vector<Config> configs;
  configs.push_back({"splitlab", "none", 1, scale.depth, search::SplitStrategy::kNone, nullptr});
  for (auto strategy : scale.strategies)
    for (int t : scale.threads)
      if (t > 1)
        configs.push_back({"splitlab", std::string(parallel::split_strategy_name(strategy)), t,
                           scale.depth, strategy, nullptr});
  for (const auto& ref : scale.references)
    for (int t : scale.threads)
      configs.push_back({ref.name, ref.strategy, t, ref.depth, search::SplitStrategy::kNone, &ref});

  hashing::TranspositionTable table;
  if (!table.resize(scale.hash_mb, &error)) return 2;
  table.set_scheme(hashing::TtEntryScheme::Xor);
  table.set_policy(hashing::TtReplacePolicy::Bucket);

  std::vector<std::unique_ptr<SplitlabRunner>> splitlab_runners(configs.size());
  std::vector<std::unique_ptr<ReferenceRunner>> reference_runners(configs.size());
  std::vector<bool> skipped(configs.size(), false);
  for (size_t c = 0; c < configs.size(); ++c) {
    if (configs[c].reference) {
      reference_runners[c] = std::make_unique<ReferenceRunner>(configs[c], scale.hash_mb);
      if (!reference_runners[c]->error().empty()) {
        std::fprintf(stderr, "scale: skipping %s: %s\n", configs[c].label().c_str(),
                     reference_runners[c]->error().c_str());
        skipped[c] = true;
      }
    } else {
      splitlab_runners[c] = make_splitlab_runner(configs[c], scale, table);
    }
  }

  // Configurations interleave position by position, so that drift in the machine's speed
  // touches them all alike.
  const double total = double(scale.repeats) * double(scale.positions.size()) * configs.size();
  double finished = 0;
  cli::Progress progress("scale");
  std::vector<Run> runs;
  for (int repeat = 0; repeat < scale.repeats; ++repeat) {
    for (const auto& position : scale.positions) {
      for (size_t c = 0; c < configs.size(); ++c) {
        ++finished;
        if (skipped[c]) continue;
        Run probe;
        probe.engine = configs[c].engine;
        probe.strategy = configs[c].strategy;
        probe.threads = configs[c].threads;
        probe.repeat = repeat;
        probe.position = position.id;
        if (auto it = done.find(probe.key()); it != done.end()) {
          runs.push_back(it->second);
          continue;
        }
        Run run = configs[c].reference ? reference_runners[c]->search(configs[c], position)
                                       : splitlab_runners[c]->search(configs[c], position);
        run.engine = probe.engine;
        run.strategy = probe.strategy;
        run.threads = probe.threads;
        run.repeat = repeat;
        run.position = position.id;
        if (!metadata_written) runs_csv << run_metadata_comments(metadata);
        metadata_written = true;
        runs_csv << to_csv(run) << '\n' << std::flush;
        runs.push_back(run);
        progress.update(finished, total,
                        configs[c].label() + " x" + std::to_string(configs[c].threads) + " " +
                            position.id);
      }
    }
  }

  // Per configuration and position: the median time and nodes over the repeats.
  std::map<std::string, std::map<std::string, std::vector<const Run*>>> by_config;
  for (const auto& r : runs)
    by_config[r.engine + "|" + r.strategy + "|" + std::to_string(r.threads)][r.position]
        .push_back(&r);
  auto medians = [&](const Config& c, std::map<std::string, std::pair<double, double>>& out) {
    for (const auto& [pos, list] : by_config[c.engine + "|" + c.strategy + "|" +
                                             std::to_string(c.threads)]) {
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
      if (it->second.second > 0 && tn.second > 0) overheads.push_back(tn.second / it->second.second);
      time_n += tn.first;
      nodes_n += tn.second;
      time_1 += it->second.first;
      nodes_1 += it->second.second;
    }
    Summary s;
    s.config = c;
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
    summaries.push_back(s);
  }

  const std::string table_text = format_summary_table(summaries, int(scale.positions.size()));
  std::printf("\n%s", table_text.c_str());
  const std::string comments = run_metadata_comments(metadata);
  std::ofstream(scale.out_dir + "/summary.txt") << comments << table_text;
  std::ofstream(scale.out_dir + "/summary.csv") << comments << summary_csv(summaries);
  std::ofstream(scale.out_dir + "/summary.json") << summary_json(summaries, scale, metadata);
  std::fprintf(stderr, "scale: results in %s (runs.csv, summary.csv, summary.json, summary.txt)\n",
               scale.out_dir.c_str());
  return 0;
}

}  // namespace splitlab::bench
