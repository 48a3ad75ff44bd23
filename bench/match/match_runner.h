// Runs a whole match: checks that every engine starts, schedules the games over --concurrency
// worker threads (each with its own engine processes) and, under an MPI launcher, over the other
// ranks' slots too (rank_player.h), prints cutechess's lines as games start
// and finish and the score blocks every --ratinginterval games, appends the PGN, keeps
// results.json and the resume state in --out, stops early when an SPRT decides, and reports
// the runner's own overhead.
#pragma once

#include <string>

#include "bench/match/game_runner.h"
#include "bench/match/match_options.h"
#include "bench/ranks/ranks.h"

namespace splitlab::bench::match {

// Returns the exit status: 0 when the match completed (or an SPRT stopped it), 2 with `error`
// set on bad input found only now (an openings file, an engine that does not start, a resume
// with other flags), 1 with `error` set when results cannot be written.
// `world`: the MPI job (null or a world of one: this machine alone). Rank 0 runs the match and
// writes every file; the other ranks play for it and return 0 when it has no more games.
int run_match(const MatchConfig& config, ranks::World* world, std::string& error);

// What every game of the match shares (event, variant, rules, adjudication).
GameContext game_context(const MatchConfig& config);

}  // namespace splitlab::bench::match
