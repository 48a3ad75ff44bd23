#pragma once

#include <string>
#include <vector>
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& predictor_spec();

// `splitlab predictor [--suite bench|scaling|FILE.epd] [--depth N | --movetime MS]
//                     [--threads N] [--strategy none|ybwc|dts|lazy] [--out DIR] [--hash MB]
//                     [the other table and split flags of bench]`
// Measures the node-type predictor (engine/search/node_type.h) on a suite: each position is
// searched with a fresh table, as bench does, and the node types of every thread are counted
// per draft (the remaining depth of the node). Prints, and writes to DIR (default
// results/predictor):
//   node_types_by_draft.csv      draft, predicted, actual, nodes (one row per cell per draft)
//   first_move_cuts_by_draft.csv the Cut nodes of each draft and predicted type, and how many
//                                failed high on the first move searched
//   splits_by_draft.csv          splits by draft and predicted type: made, finished as
//                                PV/Cut/All, abandoned, wasted
//   summary.txt                  the same as readable tables
//   positions.csv, position_counts.csv  each position's result and counts, written as the run
//                                goes: a rerun with the same settings resumes after the last
//                                position recorded.
// `bench` is the 32 built-in positions of `splitlab bench`, `scaling` the default suite of
// `splitlab scale`. With one thread, --suite bench --depth N counts exactly the node-type
// table that `splitlab bench --depth N` prints.
int predictor_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
