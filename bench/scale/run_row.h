// A row of scale's runs.csv: one search of one position by one configuration, and its CSV form
// (read back when an interrupted experiment resumes, or when a rank sends its rows to rank 0).
#pragma once

#include <cstdint>
#include <string>

#include "bench/resumable_csv.h"

namespace splitlab::bench::scaling {

struct Run {
  std::string engine;    // "splitlab" or a reference engine's name.
  std::string strategy;  // Splitlab's strategy; the engine's own for references.
  int threads = 1;
  int repeat = 0;
  std::string position;
  int depth = 0;        // Reached (as the engine reports it).
  int limit_depth = 0;  // Asked for: with --seconds, the engine's calibrated depth.
  double seconds = 0;
  uint64_t nodes = 0;
  double idle_seconds = 0, lock_seconds = 0, thread_seconds = 0;
  uint64_t splits = 0, aborts = 0, wasted = 0, help_requests = 0;
  uint64_t aborted_nodes = 0;  // Nodes of moves thrown away by cutoffs at split points.
  uint64_t failed_splits = 0;  // Tries to split that booked nobody.
  double split_seconds = 0;    // Threads' time spent making, joining and leaving splits.
  std::string bestmove;
  std::string host, cpu_model;  // Where it was measured (empty in rows written before ranks).

  // A row measured at another depth (a resumed run whose calibration moved) is not this run's.
  std::string key() const;
};

inline constexpr char kRunsHeader[] =
    "engine,strategy,threads,repeat,position,depth,seconds,nodes,idle_seconds,lock_seconds,"
    "thread_seconds,splits,aborts,wasted,help_requests,aborted_nodes,split_seconds,bestmove,"
    "failed_splits,limit_depth,host,cpu_model";

// A name as a field of a row that is split at commas: no comma, quote or line break in it.
std::string csv_text(std::string text);

std::string to_csv(const Run& r);
// Reads a row of today's form or of an older build's (fewer columns: see the definition).
bool from_csv(const std::string& line, Run& r);

// runs.csv's form: a file begun by an older build, whose header has fewer columns, is rewritten
// under today's header with each row in today's form (the columns it lacked take the values
// from_csv gives them), so that the rows a resume adds have as many fields as every row above.
ResumableCsv::Form runs_file_form();

}  // namespace splitlab::bench::scaling
