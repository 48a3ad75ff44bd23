// The per-thread statistics of a parallel search as a table (bench, scale) and as UCI
// "info string" lines.
#pragma once

#include <string>
#include <vector>

#include "engine/search/parallel_stats.h"
#include "engine/search/search_types.h"

namespace splitlab::parallel {

struct ThreadReport {
  uint64_t nodes = 0;
  search::ParallelThreadStats stats;
  search::SearchStats search;  // The thread's own search counters (node accounting among them).
};

// One line per thread and a total: nodes, splits (by predicted and actual type), failed
// split attempts, wasted splits, aborts, joins, help requests, adoptions, idle %, lock-wait %,
// split %, iterations the main thread took over from a helper and moves put off (ABDADA).
std::string thread_table(const std::vector<ThreadReport>& threads);
// The same, one "info string" line per thread.
std::vector<std::string> thread_info_lines(const std::vector<ThreadReport>& threads);

// The splits by draft and by the split node's predicted type on entry: made, finished as
// PV/Cut/All, abandoned, wasted and the share wasted, one line per draft and type with a
// split, and a line per type over every draft; "(no splits)" under the heading if none.
std::string split_draft_table(const search::SplitOutcomesByDraft& splits);

}  // namespace splitlab::parallel
