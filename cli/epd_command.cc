#include "cli/epd_command.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>

#include "bench/run_metadata.h"
#include "cli/epd_search.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/games/game_hooks.h"
#include "engine/protocol/epd.h"
#include "engine/util/errors.h"
#include "hashing/tt.h"

namespace splitlab::cli {
namespace epd_detail {

int fail(const std::string& message) { return util::command_error("epd", message); }

}  // namespace epd_detail

using epd_detail::EpdRun;
using epd_detail::fail;

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
  if (!protocol::read_epd_file(run.path, run.records, error,
                               game_info(game).epd_position_fields)) return fail(error);

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
  return PerGame<EpdHook>::of(game)(flags, run, table, csv);
}

}  // namespace splitlab::cli
