#pragma once

#include <string>
#include <vector>

#include "bench/tt_study/tt_study.h"
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& tt_study_spec();

// `splitlab tt-study --games FILE.pgn [--first-move N] [--positions-per-game N]
//                    [--max-games N] [--depth N] [--plain-depth N] [--min-log2 N] [--max-log2 N]
//                    [--policies LIST] [--search full|plain|both] [--tables kept,cleared]
//                    [--tt-entry xor|bracket|locked|raw] [--out DIR]`
// See bench/tt_study.h. --depth is the full search's (default 7), --plain-depth the plain
// search's (default: --depth when that is given, else 5).
int tt_study_command(const std::vector<std::string>& args);

// The flags of `splitlab tt-study` read into `config`, with the games read and the positions
// selected. False with `error` naming what is wrong (a flag, a value, the PGN file or a game).
bool parse_tt_study_args(const std::vector<std::string>& args, bench::TtStudyConfig& config,
                         std::string& error);

}  // namespace splitlab::cli
