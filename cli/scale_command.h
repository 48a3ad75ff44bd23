#pragma once

#include <string>
#include <vector>

#include "bench/scale/scale.h"
#include "cli/flags.h"
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& scale_spec();

// Shared with the commands that take scale's flags (overhead):
// --seconds T (default 1.5) and --calibration-positions N (default 8), or --depth N instead
// (then `seconds` is 0); an error names the flag.
bool read_equal_time(const Flags& flags, double& seconds, int& calibration_positions,
                     std::string& error);
// --strategies LIST (the default: every strategy of the registry but "none").
bool read_strategies(const Flags& flags, std::vector<parallel::SplitStrategy>& strategies,
                     std::string& error);
// The declarations of the flags the three functions above and below read.
std::vector<util::FlagSpec> equal_time_flags();
util::FlagSpec strategies_flag();
// `chess_only`: the command plays chess alone (overhead, simulate), so its default names no
// xiangqi suite.
util::FlagSpec suite_flag(bool chess_only);
// --suite FILE.epd (positions named by their id, else "lineN"), or the game's default suite:
// the 160 middlegames of experiments/scaling-suite/ for chess, bench's 24 positions for xiangqi.
bool load_scale_suite(const Flags& flags, GameId game, std::vector<bench::ScalePosition>& positions,
                      std::string& error);

// `splitlab scale [--strategies ybwc,dts,lazy] [--threads 1,2] [--seconds T | --depth N]
//                 [--calibration-positions N] [--suite FILE.epd]
//                 [--repeats K] [--out DIR] [--hash MB] [--split-nodes pv-all|any]
//                 [--min-split-depth N] [--max-helpers N] [--ordering shared|copy|own]
//                 [--references glaurung,stockfish|none] [--glaurung-depth N]
//                 [--stockfish-depth N] [--engine NAME=PATH[,OPTION=VALUE...]]...`
// --engine adds a UCI engine of the user's (repeatable), searched like the references.
int scale_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
