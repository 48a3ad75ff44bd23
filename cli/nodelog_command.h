#pragma once

#include <string>
#include <vector>
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& nodelog_spec();

// `splitlab nodelog ONE.nodelog MANY.nodelog`: compares two node logs of one position (as
// `overhead --keep-node-logs` writes them: one thread's search, then a parallel search's) and
// prints where the second search's extra full-width nodes are (bench/overhead/node_log_compare.h).
int nodelog_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
