#pragma once

#include <string>
#include <vector>
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& simulate_spec();

// `splitlab simulate [--strategies ybwc,dts,lazy,abdada] [--cpus 2,4,8,16,32,64] [--depth N]
//                    [--suite FILE.epd] [--positions N] [--costs FILE] [--hash MB] [--jobs J]
//                    [--timeline POSITION] [--out DIR] [--split-nodes S] [--min-split-depth N]
//                    [--max-helpers N] [--ordering O] [--features LIST]`:
// the same search on virtual CPUs, deterministic (bench/simulate/simulate.h). Chess.
// `splitlab simulate --calibrate [--suite F] [--positions N] [--depth N] [--repeats K]
//                    [--costs START] [--out DIR]`: this machine's costs, measured
// (bench/simulate/simulate_calibration.h), into DIR/calibrated-costs.txt.
int simulate_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
