#pragma once

#include <string>
#include <vector>

namespace splitlab::cli {

// `splitlab scale [--strategies ybwc,dts,lazy] [--threads 1,2] [--depth N] [--suite FILE.epd]
//                 [--repeats K] [--out DIR] [--hash MB] [--split-nodes pv-all|any]
//                 [--min-split-depth N] [--max-helpers N] [--ordering shared|copy|own]
//                 [--references glaurung,stockfish|none] [--glaurung-depth N]
//                 [--stockfish-depth N]`
int scale_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
