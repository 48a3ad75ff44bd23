// results.json: the run's metadata (run_metadata.h: command, commit, build, machine, start,
// seed), the configuration (the arguments and the parsed settings), one row per finished game,
// and the statistics of each pairing.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bench/match/engine_identity.h"
#include "bench/match/game_record.h"
#include "bench/match/match_options.h"
#include "bench/match/tally.h"
#include "bench/run_metadata.h"

namespace splitlab::bench::match {

struct MatchSummary {
  const MatchConfig* config = nullptr;
  const RunMetadata* metadata = nullptr;  // Its seed is the match's.
  const std::vector<EngineIdentity>* identities = nullptr;  // Per engine; may be null.
  size_t opening_count = 0;
  bool oversubscribed = false;
  int total_games = 0;
  bool complete = false;
  std::vector<Pairing> pairings;
  const MatchTally* tally = nullptr;
  const std::vector<GameRecord>* games = nullptr;  // Sorted by index.
  std::optional<SprtStatus> sprt;
  // The runner itself, this run: its ranks (1 without MPI), the games it finished, its wall
  // time so far and its process's CPU time (engines apart; over MPI, rank 0's), of which its
  // main thread's (over MPI: the schedule, the messages and the records) and its game threads'
  // (refereeing the engines; in one process also recording each game), these added as each
  // thread ends.
  int ranks = 1;
  int64_t games_this_run = 0;
  double runner_wall_seconds = 0, runner_cpu_seconds = 0;
  double main_thread_cpu_seconds = 0, game_threads_cpu_seconds = 0;
};

// The runner's own share of the games' wall time, in percent, summed over `games`: the time not
// spent waiting for a "bestmove" (wall - setup - think) over the time from the engines being
// ready to the result (wall - setup). Engine start-up and "ucinewgame" are the engines' time.
double runner_overhead_percent(const std::vector<GameRecord>& games);

std::string results_json(const MatchSummary& summary);

}  // namespace splitlab::bench::match
