#pragma once

#include <string>
#include <vector>
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& epd_spec();

// `splitlab epd FILE --movetime MS [--hash MB] [--tt-entry S] [--tt-replace P] [--out CSV]`
// Solves a test suite: a position is solved when the engine's move is one of its `bm` moves
// and none of its `am` moves. Prints each result as it comes, then "Solved: S/T".
int epd_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
