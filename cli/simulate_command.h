#pragma once

#include <string>
#include <vector>

namespace splitlab::cli {

// `splitlab simulate [--strategies ybwc,dts,lazy,abdada] [--cpus 2,4,8,16,32,64] [--depth N]
//                    [--suite FILE.epd] [--positions N] [--costs FILE] [--hash MB] [--jobs J]
//                    [--timeline POSITION] [--out DIR] [--split-nodes S] [--min-split-depth N]
//                    [--max-helpers N] [--ordering O] [--features LIST]`:
// the same search on virtual CPUs, deterministic (bench/simulate.h). Chess.
int simulate_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
