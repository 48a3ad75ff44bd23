#include "bench/simulate/simulate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <type_traits>

#include "bench/resumable_csv.h"
#include "bench/run_metadata.h"
#include "bench/simulate/virtual_cpus.h"
#include "bench/stats/statistics.h"
#include "bench/simulate/simulated_search.h"
#include "engine/games/game_hooks.h"
#include "engine/util/files.h"
#include "engine/util/progress.h"
#include "hashing/tt.h"
#include "parallel/options.h"

namespace splitlab::bench {
namespace {

using parallel::CpuAccount;
using parallel::SplitStrategy;
using parallel::VirtualCpus;
using parallel::WaitReason;

constexpr const char* kRunsHeader =
    "strategy,cpus,position,depth,virtual_ps,nodes,qnodes,move,score,busy_ps,no_work_ps,"
    "helpers_wait_ps,lock_wait_ps,locks,lock_waits,probes,probe_misses,wakes,wakes_from_sleep,"
    "splits,failed_splits,wasted_splits,joins,aborts,aborted_nodes,cut_waste_nodes,"
    "help_requests,deferred_moves,postponed_moves,switches,late_joins,solution_ps";

bool from_csv(const std::string& line, Row& r);
std::string to_csv(const Row& r);

std::string to_csv(const Row& r) {
  std::ostringstream o;
  o << r.strategy << ',' << r.cpus << ',' << r.position << ',' << r.depth << ',' << r.virtual_ps
    << ',' << r.nodes << ',' << r.qnodes << ',' << r.move << ',' << r.score;
  for (uint64_t v : {r.busy_ps, r.no_work_ps, r.helpers_ps, r.lock_wait_ps, r.locks, r.lock_waits,
                     r.probes, r.probe_misses, r.wakes, r.wakes_from_sleep, r.splits,
                     r.failed_splits, r.wasted_splits, r.joins, r.aborts, r.aborted_nodes,
                     r.cut_waste_nodes, r.help_requests, r.deferred_moves, r.postponed_moves,
                     r.switches, r.late_joins})
    o << ',' << v;
  o << ',' << r.solution_ps;
  return o.str();
}

bool from_csv(const std::string& line, Row& r) {
  std::vector<std::string> f;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) f.push_back(field);
  if (f.size() < 30 || f.size() > 32) return false;
  try {
    size_t i = 0;
    r.strategy = f[i++];
    r.cpus = std::stoi(f[i++]);
    r.position = f[i++];
    r.depth = std::stoi(f[i++]);
    r.virtual_ps = std::stoull(f[i++]);
    r.nodes = std::stoull(f[i++]);
    r.qnodes = std::stoull(f[i++]);
    r.move = f[i++];
    r.score = std::stoi(f[i++]);
    for (uint64_t* v : {&r.busy_ps, &r.no_work_ps, &r.helpers_ps, &r.lock_wait_ps, &r.locks,
                        &r.lock_waits, &r.probes, &r.probe_misses, &r.wakes, &r.wakes_from_sleep,
                        &r.splits, &r.failed_splits, &r.wasted_splits, &r.joins, &r.aborts,
                        &r.aborted_nodes, &r.cut_waste_nodes, &r.help_requests,
                        &r.deferred_moves, &r.postponed_moves, &r.switches})
      *v = std::stoull(f[i++]);
    r.late_joins = i < f.size() ? std::stoull(f[i]) : 0;
    r.solution_ps = i + 1 < f.size() ? std::stoll(f[i + 1]) : -1;
  } catch (...) {
    return false;
  }
  return true;
}

// runs.csv: a file begun by an older build is rewritten under today's header, each row in
// today's form (the columns it lacked take from_csv's values). A new file names its costs: a
// costs change starts afresh in another directory, which its header makes plain.
ResumableCsv::Form runs_file_form(const parallel::CostModel& costs, int64_t quantum_ns) {
  ResumableCsv::Form form;
  form.header = kRunsHeader;
  form.header_prefix = "strategy,cpus,";
  form.upgrade = [](std::string& line) {
    Row r;
    if (!from_csv(line, r)) return false;
    line = to_csv(r);
    return true;
  };
  std::istringstream lines(format_costs(costs));
  for (std::string cost; std::getline(lines, cost);) form.preamble += "# cost " + cost + "\n";
  if (quantum_ns > 0) form.preamble += "# quantum " + std::to_string(quantum_ns) + " ns\n";
  return form;
}

Row simulate_search(const SimulateConfig& config, const ScalePosition& position,
                    SplitStrategy strategy, int cpus, std::vector<parallel::TimelineEvent>* timeline,
                    double& host_seconds) {
  return PerGame<SimulatedSearchHook>::of(config.game)(config, position, strategy, cpus, timeline,
                                                       host_seconds);
}

bool write_timeline(const std::string& path, const std::vector<parallel::TimelineEvent>& events,
                    std::string& error) {
  std::ostringstream out;
  out << "cpu,start_ns,end_ns,activity\n";
  out.precision(12);
  for (const auto& e : events)
    out << e.cpu << ',' << double(e.start_ps) / 1000 << ',' << double(e.end_ps) / 1000 << ','
        << parallel::activity_name(e.activity) << '\n';
  return util::write_file_atomically(path, out.str(), error);
}

// The per strategy and CPU count figures, pooled over the positions.
struct Cell {
  std::string strategy;
  int cpus = 0;
  int positions = 0;
  Interval speedup;
  Interval overhead_ratio;  // Nodes against one CPU's, per position (as scale's overhead).
  double overhead = 0, nps_ratio = 0;  // overhead: pooled over the positions.
  double busy = 0, no_work = 0, helpers = 0, lock_wait = 0;  // Shares of cpus x time.
  double splits = 0, failed_splits = 0, wasted_splits = 0, joins = 0, aborts = 0;  // Per search.
  double help_requests = 0, deferred_moves = 0, postponed_moves = 0, late_joins = 0;
  double aborted_share = 0, probe_miss_share = 0;
  // Time to solution, over the positions with bm moves: how many there are, how many one CPU
  // and N CPUs solve, and over those both solve, one CPU's time over N's (geometric mean) and
  // the ratio of the summed times (Kerrigan's measure).
  int solvable = 0, solved_one = 0, solved_many = 0;
  Interval solution_speedup;
  double solution_time_ratio = 0;
};

std::vector<Cell> summarise(const SimulateConfig& config, const std::map<std::string, Row>& rows) {
  std::vector<Cell> cells;
  std::vector<std::pair<std::string, int>> configs;
  configs.emplace_back("none", 1);
  for (auto s : config.strategies)
    for (int n : config.cpus) configs.emplace_back(std::string(parallel::split_strategy_name(s)), n);
  for (const auto& [strategy, n] : configs) {
    Cell c;
    c.strategy = strategy;
    c.cpus = n;
    std::vector<double> speedups, nps, node_ratios, solution_speedups;
    double nodes_one = 0, nodes_many = 0, cpu_time = 0, solution_one = 0, solution_many = 0;
    for (const ScalePosition& p : config.positions) {
      auto key_of = [&](const std::string& row_strategy, int cpus) {
        Row r;
        r.strategy = row_strategy;
        r.cpus = cpus;
        r.position = p.id;
        r.depth = config.depth;
        return r.key();
      };
      const auto one = rows.find(key_of("none", 1));
      const auto many = rows.find(key_of(strategy, n));
      if (one == rows.end() || many == rows.end()) continue;
      const Row& a = one->second;
      const Row& b = many->second;
      ++c.positions;
      speedups.push_back(double(a.virtual_ps) / double(b.virtual_ps));
      node_ratios.push_back(double(b.nodes) / double(a.nodes));
      nps.push_back((double(b.nodes) / double(b.virtual_ps)) / (double(a.nodes) / double(a.virtual_ps)));
      nodes_one += double(a.nodes);
      nodes_many += double(b.nodes);
      cpu_time += double(n) * double(b.virtual_ps);
      c.busy += double(b.busy_ps);
      c.no_work += double(b.no_work_ps);
      c.helpers += double(b.helpers_ps);
      c.lock_wait += double(b.lock_wait_ps);
      c.splits += double(b.splits);
      c.failed_splits += double(b.failed_splits);
      c.wasted_splits += double(b.wasted_splits);
      c.joins += double(b.joins);
      c.late_joins += double(b.late_joins);
      c.aborts += double(b.aborts);
      c.help_requests += double(b.help_requests);
      c.deferred_moves += double(b.deferred_moves);
      c.postponed_moves += double(b.postponed_moves);
      c.aborted_share += double(b.aborted_nodes);
      c.probe_miss_share += b.probes ? double(b.probe_misses) / double(b.probes) : 0;
      if (!p.bm.empty()) {
        ++c.solvable;
        c.solved_one += a.solution_ps >= 0;
        c.solved_many += b.solution_ps >= 0;
        if (a.solution_ps > 0 && b.solution_ps > 0) {
          solution_speedups.push_back(double(a.solution_ps) / double(b.solution_ps));
          solution_one += double(a.solution_ps);
          solution_many += double(b.solution_ps);
        }
      }
    }
    if (!solution_speedups.empty()) {
      c.solution_speedup = geometric_mean_interval(solution_speedups);
      c.solution_time_ratio = solution_one / solution_many;
    }
    if (c.positions > 0) {
      c.speedup = geometric_mean_interval(speedups);
      c.overhead_ratio = geometric_mean_interval(node_ratios);
      c.nps_ratio = geometric_mean(nps);
      c.overhead = nodes_many / nodes_one - 1;
      for (double* share : {&c.busy, &c.no_work, &c.helpers, &c.lock_wait}) *share /= cpu_time;
      for (double* per : {&c.splits, &c.failed_splits, &c.wasted_splits, &c.joins, &c.aborts,
                          &c.help_requests, &c.deferred_moves, &c.postponed_moves, &c.probe_miss_share,
                          &c.late_joins})
        *per /= c.positions;
      c.aborted_share /= nodes_many;
    }
    cells.push_back(c);
  }
  return cells;
}

// Time to solution, for suites with bm moves (issue 71): what time to depth misses in a
// strategy that searches wider.
std::string format_solutions(const std::vector<Cell>& cells) {
  std::ostringstream out;
  char line[256];
  out << "\nTime to solution (positions with bm): the virtual time from which the best move is a "
         "bm move to the end of the search; speedup = one CPU's time / N CPUs', over the "
         "positions both solve\n\n";
  std::snprintf(line, sizeof line, "%-8s %5s %8s %8s %8s %22s %12s\n", "strategy", "cpus",
                "with bm", "solved 1", "solved N", "speedup [95%]", "sum ratio");
  out << line;
  for (const Cell& c : cells) {
    if (c.solvable == 0) continue;
    char interval[64] = "-";
    if (c.solution_time_ratio > 0)
      std::snprintf(interval, sizeof interval, "%.2f [%.2f, %.2f]", c.solution_speedup.estimate,
                    c.solution_speedup.low, c.solution_speedup.high);
    std::snprintf(line, sizeof line, "%-8s %5d %8d %8d %8d %22s %12.2f\n", c.strategy.c_str(),
                  c.cpus, c.solvable, c.solved_one, c.solved_many, interval,
                  c.solution_time_ratio);
    out << line;
  }
  return out.str();
}

std::string format_summary(const SimulateConfig& config, const std::vector<Cell>& cells) {
  std::ostringstream out;
  char line[512];
  std::snprintf(line, sizeof line,
                "simulate: %zu positions, depth %d, costs from %s%s\n"
                "speedup = one CPU's virtual time to depth / N CPUs'; overhead = extra nodes "
                "(geometric mean over positions, as scale's; pooled in summary.csv); shares of "
                "N x time\n\n",
                config.positions.size(), config.depth, config.costs_source.c_str(),
                config.quantum_ns > 0
                    ? (", quantum " + std::to_string(config.quantum_ns) + " ns").c_str()
                    : "");
  out << line;
  std::snprintf(line, sizeof line, "%-8s %5s %5s %22s %24s %6s %6s %7s %7s %6s %8s %8s %8s\n",
                "strategy", "cpus", "pos", "speedup [95%]", "overhead % [95%]", "nps", "busy", "starved",
                "owners", "locks", "splits", "joins", "aborted");
  out << line;
  for (const Cell& c : cells) {
    if (c.positions == 0) continue;
    char interval[64], overhead[64];
    std::snprintf(interval, sizeof interval, "%.2f [%.2f, %.2f]", c.speedup.estimate, c.speedup.low,
                  c.speedup.high);
    std::snprintf(overhead, sizeof overhead, "%.1f [%.1f, %.1f]", 100 * (c.overhead_ratio.estimate - 1),
                  100 * (c.overhead_ratio.low - 1), 100 * (c.overhead_ratio.high - 1));
    std::snprintf(line, sizeof line,
                  "%-8s %5d %5d %22s %24s %6.2f %5.1f%% %6.1f%% %6.1f%% %5.2f%% %8.0f %8.0f %7.2f%%\n",
                  c.strategy.c_str(), c.cpus, c.positions, interval, overhead, c.nps_ratio,
                  100 * c.busy, 100 * c.no_work, 100 * c.helpers, 100 * c.lock_wait, c.splits,
                  c.joins, 100 * c.aborted_share);
    out << line;
  }
  // The split rules each splitting strategy ran with at each count (those left at 0 are the
  // strategy's for the count: parallel::rules_for_threads).
  out << "\n";
  for (auto strategy : config.strategies) {
    if (!parallel::strategy_entry(strategy).splits) continue;
    for (int cpus : config.cpus) {
      if (cpus <= 1) continue;
      parallel::SplitSettings settings = config.split;
      settings.strategy = strategy;
      out << "split rules: " << parallel::split_strategy_name(strategy) << " x" << cpus << ": "
          << parallel::describe_split_rules(parallel::rules_for_threads(settings, cpus)) << "\n";
    }
  }
  out << "\nHyatt's DTS on a Cray C916 (1994): 2.0, 3.7, 6.6, 11.1 at 2, 4, 8, 16 CPUs.\n";
  if (std::any_of(cells.begin(), cells.end(), [](const Cell& c) { return c.solvable > 0; }))
    out << format_solutions(cells);
  return out.str();
}

std::string format_summary_csv(const std::vector<Cell>& cells) {
  std::ostringstream out;
  out.precision(6);
  out << "strategy,cpus,positions,speedup,speedup_low,speedup_high,overhead_geomean,"
         "overhead_low,overhead_high,overhead_pooled,nps_ratio,busy_share,"
         "no_work_share,helpers_wait_share,lock_wait_share,splits,failed_splits,wasted_splits,"
         "joins,aborts,help_requests,deferred_moves,postponed_moves,aborted_node_share,"
         "probe_miss_share,late_joins,with_bm,solved_one,solved_many,solution_speedup,"
         "solution_speedup_low,solution_speedup_high,solution_time_ratio\n";
  for (const Cell& c : cells) {
    if (c.positions == 0) continue;
    out << c.strategy << ',' << c.cpus << ',' << c.positions << ',' << c.speedup.estimate << ','
        << c.speedup.low << ',' << c.speedup.high << ',' << c.overhead_ratio.estimate - 1 << ','
        << c.overhead_ratio.low - 1 << ',' << c.overhead_ratio.high - 1 << ',' << c.overhead << ','
        << c.nps_ratio << ','
        << c.busy << ',' << c.no_work << ',' << c.helpers << ',' << c.lock_wait << ',' << c.splits
        << ',' << c.failed_splits << ',' << c.wasted_splits << ',' << c.joins << ',' << c.aborts
        << ',' << c.help_requests << ',' << c.deferred_moves << ',' << c.postponed_moves << ','
        << c.aborted_share << ',' << c.probe_miss_share << ',' << c.late_joins << ','
        << c.solvable << ',' << c.solved_one << ',' << c.solved_many << ','
        << c.solution_speedup.estimate << ',' << c.solution_speedup.low << ','
        << c.solution_speedup.high << ',' << c.solution_time_ratio << '\n';
  }
  return out.str();
}

// One search of the plan: one CPU first, then each strategy at each count.
struct PlannedSearch {
  SplitStrategy strategy;
  int cpus;
};

// A position's searches not yet in runs.csv, simulated (and, for the timeline position, its
// timelines written). False with `error` if a timeline cannot be written.
bool simulate_position(const SimulateConfig& config, const ScalePosition& position,
                       const std::vector<PlannedSearch>& plan,
                       const std::map<std::string, Row>& done, std::vector<Row>& rows,
                       std::vector<std::pair<Row, double>>& speeds, std::string& error) {
  for (const PlannedSearch& s : plan) {
    Row probe;
    probe.strategy = s.cpus > 1 ? std::string(parallel::split_strategy_name(s.strategy)) : "none";
    probe.cpus = s.cpus;
    probe.position = position.id;
    probe.depth = config.depth;
    if (done.count(probe.key())) continue;
    std::vector<parallel::TimelineEvent> events;
    const bool timeline = position.id == config.timeline_position;
    double host = 0;
    Row row = simulate_search(config, position, s.strategy, s.cpus, timeline ? &events : nullptr,
                              host);
    if (timeline) {
      const std::string path = config.out_dir + "/timeline-" + probe.strategy + "-" +
                               std::to_string(s.cpus) + ".csv";
      if (!write_timeline(path, events, error)) return false;
    }
    speeds.emplace_back(row, host);
    rows.push_back(std::move(row));
  }
  return true;
}

// Every position's searches on config.jobs host threads. Positions go to the jobs in suite
// order and their rows are written in suite order too (runs.csv and speed.csv), so the files
// are the same whatever --jobs is. `all` gets every row, resumed or new.
bool simulate_positions(const SimulateConfig& config, const std::vector<PlannedSearch>& plan,
                        const std::map<std::string, Row>& done, ResumableCsv& runs,
                        std::ofstream& speed, std::map<std::string, Row>& all,
                        std::string& error) {
  const size_t count = config.positions.size();
  std::vector<std::vector<Row>> results(count);
  std::vector<std::vector<std::pair<Row, double>>> speeds(count);
  std::vector<char> finished(count, 0);
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable position_done;
  std::string job_error;
  auto job = [&] {
    while (true) {
      const size_t p = next.fetch_add(1);
      if (p >= count) return;
      std::vector<Row> rows;
      std::vector<std::pair<Row, double>> position_speeds;
      std::string e;
      const bool ok =  // `done` is read-only by now.
          simulate_position(config, config.positions[p], plan, done, rows, position_speeds, e);
      std::lock_guard lock(mutex);
      if (!ok) job_error = e;
      results[p] = std::move(rows);
      speeds[p] = std::move(position_speeds);
      finished[p] = 1;
      position_done.notify_all();
    }
  };
  std::vector<std::thread> threads;
  const int jobs = std::max(1, std::min<int>(config.jobs, int(count)));
  for (int j = 0; j < jobs; ++j) threads.emplace_back(job);

  util::Progress progress("simulate");
  all = done;
  for (size_t p = 0; p < count; ++p) {
    std::unique_lock lock(mutex);
    position_done.wait(lock, [&] { return finished[p] != 0; });
    for (const Row& r : results[p]) {
      runs.append(to_csv(r));
      all[r.key()] = r;
    }
    for (const auto& [r, host] : speeds[p])
      speed << r.strategy << ',' << r.cpus << ',' << r.position << ',' << r.nodes << ',' << host
            << ',' << (host > 0 ? double(r.nodes) / host : 0) << '\n';
    speed << std::flush;
    lock.unlock();
    progress.update(double(p + 1), double(count), config.positions[p].id);
  }
  for (auto& t : threads) t.join();
  error = job_error;
  return job_error.empty();
}

}  // namespace

void add_accounts(VirtualCpus& virtual_cpus, int cpus,
                  const std::vector<parallel::ThreadReport>& reports, Row& row) {
  row.switches = virtual_cpus.switches();
  for (int i = 0; i < cpus; ++i) {
    const CpuAccount& a = virtual_cpus.account(i);
    row.busy_ps += a.busy_ps;
    row.no_work_ps += a.idle_ps[int(WaitReason::kNoWork)];
    row.helpers_ps += a.idle_ps[int(WaitReason::kHelpers)];
    row.lock_wait_ps += a.lock_wait_ps;
    row.locks += a.locks;
    row.lock_waits += a.lock_waits;
    row.probes += a.probes;
    row.probe_misses += a.probe_misses;
    row.wakes += a.wakes;
    row.wakes_from_sleep += a.wakes_from_sleep;
  }
  for (const auto& t : reports) {
    row.nodes += t.search.nodes;
    row.qnodes += t.search.qnodes;
    row.splits += t.stats.splits;
    row.failed_splits += t.stats.failed_splits;
    row.wasted_splits += t.stats.wasted_splits;
    row.joins += t.stats.joins;
    row.late_joins += t.stats.late_joins;
    row.aborts += t.stats.aborts;
    row.aborted_nodes += t.stats.aborted_nodes;
    row.cut_waste_nodes += t.stats.cut_waste_nodes;
    row.help_requests += t.stats.help_requests;
    row.deferred_moves += t.stats.deferred_moves;
    row.postponed_moves += t.stats.postponed_moves;
  }
}

int run_simulate(const SimulateConfig& config, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(config.out_dir, ec);
  if (ec) {
    error = "cannot create '" + config.out_dir + "': " + ec.message();
    return 2;
  }
  {
    hashing::TranspositionTable probe_table;
    if (!probe_table.resize(config.hash_mb, &error)) return 2;
  }
  const RunMetadata metadata = collect_run_metadata(config.command_line, kBootstrapSeed);
  const std::string costs_text =
      "# costs from " + config.costs_source + "\n" + format_costs(config.costs) +
      (config.quantum_ns > 0 ? "# quantum " + std::to_string(config.quantum_ns) + " ns\n" : "");
  if (!util::write_file_atomically(config.out_dir + "/costs.txt", costs_text, error)) return 2;

  // Resume: the rows already in runs.csv (only those made with these costs).
  ResumableCsv runs;
  if (!runs.open(config.out_dir + "/runs.csv", runs_file_form(config.costs, config.quantum_ns),
                 metadata, error))
    return 2;
  const std::map<std::string, Row> done = rows_by_key<Row>(runs, from_csv);
  std::ofstream speed(config.out_dir + "/speed.csv", std::ios::app);
  speed << "# host seconds: the one figure that varies between runs\n"
           "strategy,cpus,position,nodes,host_seconds,simulated_nodes_per_second\n";

  std::vector<PlannedSearch> plan = {{SplitStrategy::kNone, 1}};
  for (auto s : config.strategies)
    for (int n : config.cpus) plan.push_back({s, n});
  std::map<std::string, Row> all;
  if (!simulate_positions(config, plan, done, runs, speed, all, error)) return 2;

  const std::vector<Cell> cells = summarise(config, all);
  const std::string summary = format_summary(config, cells);
  std::fputs(summary.c_str(), stdout);
  if (!util::write_file_atomically(config.out_dir + "/summary.txt", summary, error) ||
      !util::write_file_atomically(config.out_dir + "/summary.csv", format_summary_csv(cells),
                                   error))
    return 2;
  return 0;
}

}  // namespace splitlab::bench
