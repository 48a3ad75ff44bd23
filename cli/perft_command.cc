#include "cli/perft_command.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>

#include "bench/run_metadata.h"
#include "cli/flags.h"
#include "cli/position_input.h"
#include "cli/search_flags.h"
#include "cli/perft_run.h"
#include "engine/games/game_hooks.h"
#include "engine/core/perft.h"
#include "engine/protocol/epd.h"
#include "engine/util/errors.h"
#include "engine/util/progress.h"

namespace splitlab::cli {
namespace perft_detail {

int fail(const std::string& message) { return util::command_error("perft", message); }

bool read_depth(const Flags& flags, const char* without, long long& depth, std::string& error) {
  if (!flags.has("depth")) {
    error = std::string("--depth is required ") + without;
    return false;
  }
  return flags.get_int("depth", 1, kMaxPerftDepth, 1, depth, error);
}


}  // namespace perft_detail

using perft_detail::fail;
using perft_detail::kMaxPerftDepth;

const util::CommandSpec& perft_spec() {
  static const util::CommandSpec spec = [] {
    util::CommandSpec c;
    c.name = "perft";
    c.brief = "counts the legal move tree; checks a perft suite";
    c.summary =
        "Counts the leaves of the legal move tree of one position to --depth (ends with 'Nodes "
        "searched: N'), or checks every ;D<depth> <count> of an EPD suite with --suite (exit 1 "
        "on any mismatch)";
    c.flags = {game_flag(),
               util::text_flag("fen", "FEN", "the position", "the game's start position"),
               util::text_flag("moves", "\"M1 M2 ...\"", "moves played from it first (UCI "
                                                         "text; UCCI's for xiangqi)"),
               util::int_flag("depth", "N", "the depth to count to (required without --suite)",
                              1, kMaxPerftDepth, 1),
               util::switch_flag("divide", "first list each root move's count"),
               util::switch_flag("stdin", "count each position of standard input, one a line "
                                          "('startpos|fen FEN [moves ...]'), answering each as it "
                                          "comes"),
               util::path_flag("suite", "FILE.epd", "check every depth count of a suite",
                               util::PathKind::kInputFile),
               util::int_flag("max-depth", "N", "with --suite, skip the counts deeper than N", 1,
                              kMaxPerftDepth, kMaxPerftDepth),
               util::path_flag("out", "FILE.csv", "with --suite, also write a row per check",
                               util::PathKind::kOutputFile)};
    c.flags[3].default_text = "";
    return c;
  }();
  return spec;
}

int perft_command(const std::vector<std::string>& args) {
  Flags flags(perft_spec().flags);
  std::string error;
  if (!flags.parse(args, error)) return fail(error);
  GameId game = kDefaultGame;
  if (flags.has("game") && !parse_game(flags.get("game"), game, error)) return fail(error);
  return PerGame<PerftHook>::of(game)(flags, args);
}

}  // namespace splitlab::cli
