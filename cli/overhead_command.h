#pragma once

#include <string>
#include <vector>
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& overhead_spec();

// `splitlab overhead [--strategies ybwc,dts,lazy] [--threads N] [--seconds T | --depth N]
//                    [--calibration-positions N] [--suite FILE.epd] [--positions N]
//                    [--repeats K] [--hash MB] [--out DIR] [--split-nodes S]
//                    [--min-split-depth N] [--max-helpers N] [--ordering O]
//                    [--features LIST] [--node-log] [--keep-node-logs]`:
// where the N-thread search's extra nodes go (bench/overhead/overhead.h). Chess.
// --node-log also compares each N-thread search with one thread's node by node
// (bench/overhead/node_log_compare.h); --keep-node-logs writes the logs to OUT/nodelogs/ as well.
int overhead_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
