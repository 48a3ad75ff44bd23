// `splitlab perft`'s counting for one game (perft_command.cc): one position, the positions of
// standard input, or a suite. Each game's registration instantiates run_perft<G>
// (cli/game_registration.h).
#pragma once

#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "bench/run_metadata.h"
#include "cli/flags.h"
#include "cli/position_input.h"
#include "engine/core/perft.h"
#include "engine/protocol/epd.h"
#include "engine/util/progress.h"

namespace splitlab::cli {

struct PerftHook {
  using Fn = int (*)(const Flags& flags, const std::vector<std::string>& args);
  static constexpr const char* kWhat = "perft command";
};

namespace perft_detail {

constexpr int kMaxPerftDepth = 20;

int fail(const std::string& message);

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// --depth, which counting needs: false with `error` naming what is wrong.
bool read_depth(const Flags& flags, const char* without, long long& depth, std::string& error);

// The counts of one position: each root move's with --divide (then a blank line), then "Nodes
// searched: N".
template <Game G>
uint64_t print_counts(typename G::Position& pos, int depth, bool divide) {
  uint64_t nodes = 0;
  if (divide) {
    for (const auto& [move, count] : perft_divide<G>(pos, depth)) {
      std::printf("%s: %llu\n", G::move_to_text(move).c_str(), (unsigned long long)count);
      nodes += count;
    }
    std::printf("\n");
  } else {
    nodes = perft<G>(pos, depth);
  }
  std::printf("Nodes searched: %llu\n", (unsigned long long)nodes);
  std::fflush(stdout);
  return nodes;
}

template <Game G>
int run_single(const Flags& flags) {
  std::string error;
  long long depth = 0;
  if (!read_depth(flags, "(or give --suite FILE)", depth, error)) return fail(error);
  typename G::Position pos;
  if (!set_up_position<G>(flags.get("fen"), flags.get("moves"), pos, error)) return fail(error);

  const auto start = std::chrono::steady_clock::now();
  const uint64_t nodes = print_counts<G>(pos, int(depth), flags.has("divide"));
  const double seconds = seconds_since(start);
  std::fprintf(stderr, "perft %lld: %.3f s, %.0f nodes/s\n", depth, seconds,
               seconds > 0 ? nodes / seconds : 0.0);
  return 0;
}

// --stdin: the counts of each position of standard input, one answer a line as it arrives.
template <Game G>
int run_stdin(const Flags& flags) {
  std::string error;
  long long depth = 0;
  if (!read_depth(flags, "with --stdin", depth, error)) return fail(error);
  if (flags.has("fen") || flags.has("moves") || flags.has("suite"))
    return fail("--stdin reads its positions from standard input: give no --fen, --moves or "
                "--suite");
  const bool divide = flags.has("divide");
  if (!answer_input_positions<G>(
          [&](typename G::Position& pos) { print_counts<G>(pos, int(depth), divide); }, error))
    return fail(error);
  return 0;
}

struct SuiteCheck {
  size_t record;
  int depth;
  uint64_t expected;
};

// Runs every "D<depth> <count>" operation of the suite up to --max-depth. Results are printed
// (and appended to --out) as each check finishes, so an interrupted run keeps what it computed.
template <Game G>
int run_suite(const Flags& flags, const std::vector<std::string>& args) {
  std::string error;
  long long max_depth = 0;
  if (!flags.get_int("max-depth", 1, kMaxPerftDepth, kMaxPerftDepth, max_depth, error))
    return fail(error);
  std::vector<protocol::EpdRecord> records;
  if (!protocol::read_epd_file(flags.get("suite"), records, error, epd_position_fields<G>())) return fail(error);

  std::vector<typename G::Position> positions(records.size());
  std::vector<SuiteCheck> checks;
  double total_work = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    const auto& record = records[i];
    if (!G::parse_fen(record.fen, positions[i], error))
      return fail(flags.get("suite") + ":" + std::to_string(record.line_number) + ": " + error);
    for (const auto& op : record.operations) {
      if (op.opcode.size() < 2 || op.opcode[0] != 'D' || op.operands.size() != 1) continue;
      int depth = 0;
      unsigned long long expected = 0;
      if (std::sscanf(op.opcode.c_str() + 1, "%d", &depth) != 1 ||
          std::sscanf(op.operands[0].c_str(), "%llu", &expected) != 1)
        return fail(flags.get("suite") + ":" + std::to_string(record.line_number) +
                    ": bad perft operation '" + op.opcode + "'");
      if (depth > max_depth) continue;
      checks.push_back({i, depth, expected});
      total_work += double(expected);
    }
  }
  if (checks.empty()) return fail("the suite has no D<depth> <count> operations to check");

  std::ofstream csv;
  if (flags.has("out")) {
    csv.open(flags.get("out"));
    if (!csv) return fail("cannot write '" + flags.get("out") + "'");
    // The run's metadata first (command, commit, build and instruction set, machine, start),
    // as "# key: value" lines, then the header.
    csv << bench::run_metadata_comments(bench::collect_run_metadata(
               bench::splitlab_command_line("perft", args), std::nullopt))
        << "line,fen,depth,expected,nodes,ok,seconds\n"
        << std::flush;
  }

  util::Progress progress("perft suite");
  int failed = 0;
  double done_work = 0;
  uint64_t total_nodes = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const auto& check : checks) {
    const auto& record = records[check.record];
    const auto check_start = std::chrono::steady_clock::now();
    const uint64_t nodes = perft<G>(positions[check.record], check.depth);
    const double seconds = seconds_since(check_start);
    const bool ok = nodes == check.expected;
    failed += !ok;
    total_nodes += nodes;
    std::printf("%-4s line %3d D%-2d %12llu  %s\n", ok ? "ok" : "FAIL", record.line_number,
                check.depth, (unsigned long long)nodes, record.fen.c_str());
    if (!ok)
      std::printf("     expected %llu\n", (unsigned long long)check.expected);
    std::fflush(stdout);
    if (csv.is_open())
      csv << record.line_number << ",\"" << record.fen << "\"," << check.depth << ','
          << check.expected << ',' << nodes << ',' << (ok ? 1 : 0) << ',' << seconds << '\n'
          << std::flush;
    done_work += double(check.expected);
    progress.update(done_work, total_work, "line " + std::to_string(record.line_number));
  }
  const double seconds = seconds_since(start);
  std::printf("Suite: %zu checks, %zu passed, %d failed; %llu nodes in %.2f s (%.0f nodes/s)\n",
              checks.size(), checks.size() - failed, failed, (unsigned long long)total_nodes,
              seconds, seconds > 0 ? total_nodes / seconds : 0.0);
  return failed ? 1 : 0;
}

template <Game G>
int run(const Flags& flags, const std::vector<std::string>& args) {
  if (flags.has("stdin")) return run_stdin<G>(flags);
  return flags.has("suite") ? run_suite<G>(flags, args) : run_single<G>(flags);
}

}  // namespace perft_detail

template <Game G>
int run_perft(const Flags& flags, const std::vector<std::string>& args) {
  return perft_detail::run<G>(flags, args);
}

}  // namespace splitlab::cli
