#include "cli/epd_command.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <type_traits>

#include "bench/run_metadata.h"
#include "cli/configure_parallel.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/core/game.h"
#include "engine/games/games.h"
#include "engine/protocol/epd.h"
#include "engine/search/searcher.h"
#include "engine/util/errors.h"
#include "hashing/tt.h"
#include "engine/util/progress.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) { return util::command_error("epd", message); }

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

}  // namespace

const util::CommandSpec& epd_spec() {
  static const util::CommandSpec spec = [] {
    util::CommandSpec c;
    c.name = "epd";
    c.brief = "solves a bm/am test suite such as Win At Chess";
    c.operands = "FILE";
    c.operand_paths = {util::PathKind::kInputFile};
    c.summary =
        "Solves a bm/am test suite (EPD; chess's moves in SAN) and prints 'Solved: S/T'; give "
        "--movetime, "
        "--depth or both (whichever ends a search first); a line it cannot use is skipped and "
        "named on stderr";
    c.flags = {
        game_flag(),
        util::int_flag("movetime", "MS", "the time for each position", 1, 3600 * 1000, 1000),
        util::int_flag("depth", "N", "the depth of each search (alone, a 1-thread run repeats "
                                     "exactly on any machine)", 1, kMaxPly - 1, 0)};
    c.flags[1].default_text = "";  // One of the two limits is required.
    c.flags[2].default_text = "";
    c.flags.push_back(util::path_flag("out", "FILE.csv",
                                      "also write a row per position: id, line, solved, move, "
                                      "expected, score, depth, nodes",
                                      util::PathKind::kOutputFile));
    c.flags.push_back(util::text_flag("part", "K/N",
                                      "take every Nth position from the Kth, so that N "
                                      "processes share a suite", "1/1",
                                      "1 <= K <= N <= 1024"));
    util::add_flags(c.flags, table_flags(64));
    util::add_flags(c.flags, parallel_flags());
    return c;
  }();
  return spec;
}

namespace {

// --part K/N: the records whose index is K-1 modulo N, so that N processes side by side (one per
// core) share a suite and their rows, keyed by line, merge back into one run.
bool read_part(const Flags& flags, long long& part, long long& parts, std::string& error) {
  part = parts = 1;
  if (!flags.has("part")) return true;
  const std::string text = flags.get("part");
  const size_t slash = text.find('/');
  char* end = nullptr;
  if (slash != std::string::npos) {
    part = std::strtoll(text.c_str(), &end, 10);
    if (end != text.c_str() + slash) part = 0;
    parts = std::strtoll(text.c_str() + slash + 1, &end, 10);
    if (*end != '\0' || slash + 1 == text.size()) parts = 0;
  }
  if (slash == std::string::npos || parts < 1 || parts > 1024 || part < 1 || part > parts) {
    error = "--part wants K/N with 1 <= K <= N <= 1024, not '" + text + "'";
    return false;
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

// What a run reads before its first search: the limits, the part of the suite, the suite.
struct EpdRun {
  std::string path;
  long long movetime = 0, depth = 0, part = 1, parts = 1;
  std::vector<protocol::EpdRecord> records;
};

// Searches the run's records with the game's searcher, one line each and a row of --out.
template <typename G>
int solve_suite(const Flags& flags, const EpdRun& run, hashing::TranspositionTable& table,
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

}  // namespace

int epd_command(const std::vector<std::string>& args) {
  if (args.empty() || args[0].rfind("--", 0) == 0)
    return fail("usage: splitlab epd FILE --movetime MS | --depth N");
  EpdRun run;
  run.path = args[0];
  Flags flags(epd_spec().flags);
  std::string error;
  if (!flags.parse({args.begin() + 1, args.end()}, error) ||
      !check_operand_paths(epd_spec(), {run.path}, error))
    return fail(error);
  GameId game = kDefaultGame;
  if (flags.has("game") && !parse_game(flags.get("game"), game, error)) return fail(error);
  // A time per position, a depth, or both (whichever ends first). A depth alone makes a
  // single-threaded run repeat exactly on any machine and under any build, sanitizers too.
  if (!flags.has("movetime") && !flags.has("depth"))
    return fail("--movetime MS or --depth N is required");
  if (flags.has("movetime") && !flags.get_int("movetime", run.movetime, error)) return fail(error);
  if (flags.has("depth") && !flags.get_int("depth", run.depth, error)) return fail(error);
  if (!read_part(flags, run.part, run.parts, error)) return fail(error);
  hashing::TranspositionTable table;
  if (!configure_table(flags, 64, table, error)) return fail(error);
  if (!protocol::read_epd_file(run.path, run.records, error)) return fail(error);

  std::ofstream csv;
  if (flags.has("out")) {
    csv.open(flags.get("out"));
    if (!csv) return fail("cannot write '" + flags.get("out") + "'");
    // The run's metadata first (command, commit, build and instruction set, machine, start),
    // as "# key: value" lines, then the header.
    csv << bench::run_metadata_comments(bench::collect_run_metadata(
               bench::splitlab_command_line("epd", args), std::nullopt))
        << "id,line,solved,move,expected,score,depth,nodes\n"
        << std::flush;
  }
  return with_game(game, [&]<typename G>(std::type_identity<G>) {
    return solve_suite<G>(flags, run, table, csv);
  });
}

}  // namespace splitlab::cli
