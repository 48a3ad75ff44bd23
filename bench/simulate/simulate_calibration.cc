#include "bench/simulate/simulate_calibration.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <thread>
#include <type_traits>

#include "bench/simulate/virtual_cpus.h"
#include "bench/stats/statistics.h"
#include "bench/simulate/calibration_search.h"
#include "engine/games/game_hooks.h"
#include "engine/util/progress.h"
#include "hashing/tt.h"
#include "parallel/parker.h"

namespace splitlab::bench {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The costs are measured on the positions' game's search.
CalibrationSearch search_once(const CalibrationConfig& config, hashing::TranspositionTable& table,
                              const std::string& fen, int threads, parallel::VirtualCpus* cpus) {
  return PerGame<CalibrationSearchHook>::of(config.game)(config, table, fen, threads, cpus);
}

struct WakeFigures {
  double sleeper_ns = 0, ring_sleeper_ns = 0, spinner_ns = 0, ring_ns = 0;
};

// Two threads and a Parker: how long a sleeper takes to run again after a ring (and what the
// ring costs its caller), how long a spinner takes to see a store, what a ring costs when
// nobody sleeps. Medians of `rounds` each.
WakeFigures measure_wakes(int rounds) {
  WakeFigures w;
  parallel::Parker parker;
  std::atomic<int> phase{0};
  std::atomic<int64_t> seen_at{0};
  auto now_ns = [] {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
  };
  std::vector<double> sleeper, ring_cost, spinner;
  std::thread waiter([&] {
    for (int r = 0; r < rounds; ++r) {
      // A sleeper: parked until rung.
      const auto ticket = parker.ticket();
      phase.store(2 * r + 1, std::memory_order_release);
      while (parker.ticket() == ticket) parker.park(ticket);
      seen_at.store(now_ns(), std::memory_order_release);
      // A spinner: sees the next phase as soon as it is stored.
      while (phase.load(std::memory_order_acquire) != 2 * r + 2) parallel::spin_pause();
      seen_at.store(now_ns(), std::memory_order_release);
    }
  });
  for (int r = 0; r < rounds; ++r) {
    while (phase.load(std::memory_order_acquire) != 2 * r + 1) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::microseconds(300));  // Asleep by now.
    seen_at.store(0, std::memory_order_relaxed);
    const int64_t rung = now_ns();
    parker.ring();
    const int64_t returned = now_ns();
    while (seen_at.load(std::memory_order_acquire) == 0) std::this_thread::yield();
    sleeper.push_back(double(seen_at.load() - rung));
    ring_cost.push_back(double(returned - rung));
    std::this_thread::sleep_for(std::chrono::microseconds(50));  // It spins meanwhile.
    seen_at.store(0, std::memory_order_relaxed);
    const int64_t stored = now_ns();
    phase.store(2 * r + 2, std::memory_order_release);
    while (seen_at.load(std::memory_order_acquire) == 0) parallel::spin_pause();
    spinner.push_back(double(seen_at.load() - stored));
  }
  waiter.join();
  // A ring nobody waits for: an atomic add and a load.
  parallel::Parker idle;
  const int kRings = 1 << 20;
  const auto start = Clock::now();
  for (int i = 0; i < kRings; ++i) idle.ring();
  w.ring_ns = seconds_since(start) * 1e9 / kRings;
  w.sleeper_ns = median(sleeper);
  w.ring_sleeper_ns = std::max(0.0, median(ring_cost) - w.ring_ns);
  w.spinner_ns = median(spinner);
  return w;
}

// Each position's real 1-thread time (the fastest of the repeats) against one virtual CPU's on
// the starting costs, and a real 2-thread search's split and join time.
struct CalibrationTimes {
  double real_total = 0, virtual_total = 0, split_seconds = 0;
  uint64_t nodes_total = 0, split_events = 0;
  std::vector<double> ratios;  // each position's real over virtual time
};

bool time_positions(const CalibrationConfig& config, CalibrationTimes& times, std::string& error) {
  hashing::TranspositionTable table;
  if (!table.resize(config.hash_mb, &error)) return false;
  table.set_scheme(hashing::TtEntryScheme::Xor);
  table.set_policy(hashing::TtReplacePolicy::Bucket);
  const int64_t lines = int64_t(config.hash_mb * hashing::TranspositionTable::kBytesPerMegabyte /
                                hashing::TranspositionTable::kBucketBytes);
  parallel::VirtualCpus one_cpu(config.start, 1, lines);

  util::Progress progress("calibrate");
  const size_t count = config.positions.size();
  for (size_t p = 0; p < count; ++p) {
    const std::string& fen = config.positions[p].fen;
    double best = 1e300;
    CalibrationSearch real;
    for (int r = 0; r < config.repeats; ++r) {
      real = search_once(config, table, fen, 1, nullptr);
      best = std::min(best, real.seconds);
    }
    const CalibrationSearch simulated = search_once(config, table, fen, 1, &one_cpu);
    if (simulated.nodes != real.nodes) {
      error = "position " + config.positions[p].id + ": one virtual CPU searched " +
              std::to_string(simulated.nodes) + " nodes, the real thread " +
              std::to_string(real.nodes) + " (the simulator must search the same tree)";
      return false;
    }
    const CalibrationSearch two = search_once(config, table, fen, 2, nullptr);
    times.real_total += best;
    times.virtual_total += simulated.seconds;
    times.nodes_total += real.nodes;
    times.ratios.push_back(best / simulated.seconds);
    times.split_seconds += two.split_seconds;
    times.split_events += two.split_events;
    progress.update(double(p + 1), double(count), config.positions[p].id);
  }
  return true;
}

}  // namespace

bool calibrate_costs(const CalibrationConfig& config, std::string& costs_file, std::string& error) {
  CalibrationTimes times;
  if (!time_positions(config, times, error)) return false;
  const size_t count = config.positions.size();
  const double scale = times.real_total / times.virtual_total;
  std::vector<double> residuals;
  for (double r : times.ratios) residuals.push_back(r / scale);
  std::sort(residuals.begin(), residuals.end());
  const WakeFigures wakes = measure_wakes(200);

  parallel::CostModel c = config.start;
  for (double* work : {&c.interior_node, &c.quiescence_node, &c.evaluation, &c.probe_cached,
                       &c.probe_uncached, &c.store, &c.copy_position, &c.lock})
    *work *= scale;
  const double per_split_event =
      times.split_events ? times.split_seconds * 1e9 / double(times.split_events) : 0;
  if (times.split_events) {
    c.split = std::max(0.0, per_split_event - c.copy_position);
    c.join = std::max(0.0, per_split_event - 2 * c.copy_position);
  }
  c.wake_sleeping = wakes.sleeper_ns;
  c.ring_sleeper = wakes.ring_sleeper_ns;
  c.wake_spinning = wakes.spinner_ns;
  c.ring = wakes.ring_ns;

  std::ostringstream out;
  char line[400];
  std::snprintf(line, sizeof line,
                "# splitlab simulate --calibrate: %zu positions, depth %d, fastest of %d real "
                "1-thread searches each\n"
                "# work costs: the starting costs x %.4f (real / virtual time, pooled over %.0f "
                "M nodes: %.1f ns a node); each position's ratio to it: min %.3f, median %.3f, "
                "max %.3f\n",
                count, config.depth, config.repeats, scale, double(times.nodes_total) / 1e6,
                times.real_total * 1e9 / double(times.nodes_total), residuals.front(),
                median(residuals), residuals.back());
  out << line;
  std::snprintf(line, sizeof line,
                "# split, join: 2-thread YBWC split seconds per split or join, %.0f ns over %llu "
                "(less the position copies)\n"
                "# wakes (Parker, 200 rounds, medians): sleeper %.0f ns, ring of a sleeper %.0f "
                "ns, spinner %.0f ns, ring of nobody %.1f ns\n",
                per_split_event, (unsigned long long)times.split_events, wakes.sleeper_ns,
                wakes.ring_sleeper_ns, wakes.spinner_ns, wakes.ring_ns);
  out << line;
  out << parallel::format_costs(c);
  costs_file = out.str();
  return true;
}

}  // namespace splitlab::bench
