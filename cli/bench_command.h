#pragma once

#include <string>
#include <vector>

#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& bench_spec();

// `splitlab bench [--depth N] [--hash MB] [--tt-entry S] [--tt-replace P] [--threads N]
//                 [--strategy none|ybwc|dts|lazy] [--split-nodes pv-all|any]
//                 [--min-split-depth N] [--max-helpers N] [--ordering shared|copy|own]
//                 [--positions FILE.epd]`
// Searches the built-in middlegame positions (or a file's) to a fixed depth, one after another
// with a fresh table, and ends with "Nodes searched: N" and "Nodes/second: N". In one thread
// the node count is a signature: identical on every run of the same build.
int bench_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
