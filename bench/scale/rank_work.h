// `scale` over MPI ranks (bench/ranks): rank 0 hands each (repeat, position) with the
// configurations it still lacks to the next free rank as one work item; the rank searches them
// and answers with their rows, one runs.csv line each.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "bench/ranks/work_queue.h"
#include "bench/scale/run_row.h"
#include "bench/scale/scale.h"

namespace splitlab::bench::scaling {

// A work item: a repeat of a position, and the configurations (index, depth) it lacks.
using ConfigDepths = std::vector<std::pair<size_t, int>>;
std::string encode_item(int repeat, size_t position, const ConfigDepths& todo);
// False for an item that names a configuration or position out of range, or is not one.
bool decode_item(const std::string& item, size_t configs, size_t positions, int& repeat,
                 size_t& position, ConfigDepths& todo);

// The rows of an answer; false with `bad_line` set at the first line that is not a row.
bool decode_rows(const std::string& answer, std::vector<Run>& rows, std::string& bad_line);

// A rank other than 0: searches what rank 0 hands it and sends the rows back. 0, or 2 with
// `error` set.
int run_scale_rank(const ScaleConfig& scale, ranks::World& world, std::string& error);

}  // namespace splitlab::bench::scaling
