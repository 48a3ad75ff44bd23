#pragma once

#include <string>
#include <vector>

namespace splitlab::cli {

// `splitlab overhead [--strategies ybwc,dts,lazy] [--threads N] [--seconds T | --depth N]
//                    [--calibration-positions N] [--suite FILE.epd] [--positions N]
//                    [--repeats K] [--hash MB] [--out DIR] [--split-nodes S]
//                    [--min-split-depth N] [--max-helpers N] [--ordering O]
//                    [--features LIST]`:
// where the N-thread search's extra nodes go (bench/overhead.h). Chess.
int overhead_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
