// Runs a whole match: checks that every engine starts, schedules the games over --concurrency
// worker threads (each with its own engine processes), prints cutechess's lines as games start
// and finish and the score blocks every --ratinginterval games, appends the PGN, keeps
// results.json and the resume state in --out, stops early when an SPRT decides, and reports
// the runner's own overhead.
#pragma once

#include <string>

#include "bench/match/match_options.h"

namespace splitlab::bench::match {

// Returns the exit status: 0 when the match completed (or an SPRT stopped it), 2 with `error`
// set on bad input found only now (an openings file, an engine that does not start, a resume
// with other flags), 1 with `error` set when results cannot be written.
int run_match(const MatchConfig& config, std::string& error);

}  // namespace splitlab::bench::match
