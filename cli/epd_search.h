// `splitlab epd`'s searches of one game (epd_command.cc): each record's position searched, the
// move played scored against its bm and am operations, a line and a row of --out each. Each
// game's registration instantiates solve_suite<G> (cli/game_registration.h).
#pragma once

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "cli/configure_parallel.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/core/game.h"
#include "engine/protocol/epd.h"
#include "engine/search/searcher.h"
#include "engine/util/progress.h"
#include "hashing/tt.h"

namespace splitlab::cli {
namespace epd_detail {

int fail(const std::string& message);

// What a run reads before its first search: the limits, the part of the suite, the suite.
struct EpdRun {
  std::string path;
  long long movetime = 0, depth = 0, part = 1, parts = 1;
  std::vector<protocol::EpdRecord> records;
};

}  // namespace epd_detail

struct EpdHook {
  using Fn = int (*)(const Flags& flags, const epd_detail::EpdRun& run,
                     hashing::TranspositionTable& table, std::ofstream& csv);
  static constexpr const char* kWhat = "epd command";
};

namespace epd_detail {

// The moves an operation names in the game's standard notation (chess: SAN); false with
// `error` if one is not legal here.
template <typename G>
bool parse_moves(const typename G::Position& pos, const protocol::EpdOperation* op,
                 std::vector<typename G::Move>& moves, std::string& error) {
  if (!op) return true;
  for (const auto& text : op->operands) {
    const typename G::Move m = parse_standard_move<G>(pos, text, error);
    if (m.is_none()) return false;
    moves.push_back(m);
  }
  return true;
}

// One record searched: whether the move played is a best move (and no avoid move), and what
// the record expected ("bm e4 am d4").
struct Solution {
  bool ok = false;
  std::string san, expected;
  search::SearchResult result;
};

template <typename G>
Solution solve(search::Searcher<G>& searcher, hashing::TranspositionTable& table,
               const protocol::EpdRecord& record, const typename G::Position& pos,
               const std::vector<typename G::Move>& best,
               const std::vector<typename G::Move>& avoid, long long movetime, long long depth) {
  table.clear();
  searcher.new_game();
  search::SearchLimits limits;
  limits.movetime_ms = movetime;
  if (depth) limits.depth = Depth(depth);
  searcher.arm();
  Solution s;
  s.result = searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
  std::string message;
  const typename G::Move played = G::parse_move(pos, s.result.best_move, message);
  s.ok = (best.empty() || std::find(best.begin(), best.end(), played) != best.end()) &&
         std::find(avoid.begin(), avoid.end(), played) == avoid.end();
  for (const auto& op : {record.find("bm"), record.find("am")}) {
    if (!op) continue;
    s.expected += (s.expected.empty() ? "" : " ") + op->opcode;
    for (const auto& m : op->operands) s.expected += " " + m;
  }
  s.san = played.is_none() ? "none" : standard_move_text<G>(pos, played);
  return s;
}

// A record's position and its bm and am moves; false (and a line on stderr) for a record that
// is skipped.
template <typename G>
bool read_record(const std::string& path, const protocol::EpdRecord& record,
                 typename G::Position& pos, std::vector<typename G::Move>& best,
                 std::vector<typename G::Move>& avoid) {
  std::string error;
  if (!G::parse_fen(record.fen, pos, error) ||
      !parse_moves<G>(pos, record.find("bm"), best, error) ||
      !parse_moves<G>(pos, record.find("am"), avoid, error)) {
    std::fprintf(stderr, "splitlab epd: %s:%d: skipped: %s\n", path.c_str(), record.line_number,
                 error.c_str());
    return false;
  }
  if (best.empty() && avoid.empty()) {
    std::fprintf(stderr, "splitlab epd: %s:%d: skipped: no bm or am operation\n", path.c_str(),
                 record.line_number);
    return false;
  }
  return true;
}

// Searches the run's records with the game's searcher, one line each and a row of --out.
template <typename G>
int solve_suite_of(const Flags& flags, const EpdRun& run, hashing::TranspositionTable& table,
                   std::ofstream& csv) {
  std::string error;
  search::Searcher<G> searcher(table);
  if (!configure_parallel(flags, searcher, error)) return fail(error);
  std::string limit_text;
  if (run.movetime) limit_text += ", movetime " + std::to_string(run.movetime) + " ms";
  if (run.depth) limit_text += ", depth " + std::to_string(run.depth);
  std::printf("epd: %s%s%s, %s\n", run.path.c_str(),
              run.parts > 1 ? (", part " + flags.get("part")).c_str() : "", limit_text.c_str(),
              describe_parallel(flags, G::kDefaultSearchFeatures).c_str());
  util::Progress progress("epd");
  int solved = 0, total = 0, skipped = 0;
  for (size_t i = 0; i < run.records.size(); ++i) {
    if (i % size_t(run.parts) != size_t(run.part - 1)) continue;
    const auto& record = run.records[i];
    const auto* id_op = record.find("id");
    const std::string id = id_op && !id_op->operands.empty()
                               ? id_op->operands[0]
                               : "line " + std::to_string(record.line_number);
    typename G::Position pos;
    std::vector<typename G::Move> best, avoid;
    if (!read_record<G>(run.path, record, pos, best, avoid)) {
      ++skipped;
      continue;
    }
    const Solution s = solve(searcher, table, record, pos, best, avoid, run.movetime, run.depth);
    solved += s.ok;
    ++total;
    std::printf("%-8s %-8s %-8s (%s)  score %-9s depth %2d  %d/%d\n", id.c_str(),
                s.ok ? "solved" : "missed", s.san.c_str(), s.expected.c_str(),
                score_to_uci(s.result.score).c_str(), s.result.depth, solved, total);
    std::fflush(stdout);
    if (csv.is_open())
      csv << '"' << id << "\"," << record.line_number << ',' << s.ok << ',' << s.san << ",\""
          << s.expected << "\"," << s.result.score << ',' << s.result.depth << ','
          << s.result.nodes << '\n' << std::flush;
    progress.update(double(i + 1), double(run.records.size()), id);
  }
  std::printf("Solved: %d/%d", solved, total);
  if (skipped) std::printf(" (%d lines skipped)", skipped);
  std::printf("\n");
  return 0;
}

}  // namespace epd_detail

template <typename G>
int solve_suite(const Flags& flags, const epd_detail::EpdRun& run,
                hashing::TranspositionTable& table, std::ofstream& csv) {
  return epd_detail::solve_suite_of<G>(flags, run, table, csv);
}

}  // namespace splitlab::cli
