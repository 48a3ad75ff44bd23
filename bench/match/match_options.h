// The command line of `splitlab match`, in cutechess-cli's words (with "--"; the single-dash
// spelling "-engine" is accepted too):
//   --engine name=A cmd=PATH [option.Threads=2 ...] [tc=10+0.1] ...   (repeated, engine_config.h)
//   --each tc=10+0.1 ...                 words every engine shares (an engine's own win)
//   --tournament round-robin|gauntlet    --rounds N  --games N  --repeat
//   --openings file=F [format=epd|pgn] [order=sequential|random] [plies=N] [start=K]
//   --seed S (or --srand S)  --pgnout FILE  --out DIR  --concurrency N  --ratinginterval N
//   --draw movenumber=N movecount=N score=CP  --resign movecount=N score=CP [twosided=true]
//   --maxmoves N  --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=logistic|normalized]
//   --event NAME  --variant standard|xiangqi  --recover (accepted: engines are always restarted)
//   --chase-rule on|off                  xiangqi: off rules a perpetual chase a draw, as
//                                        engines without the rule (Fairy-Stockfish 11.1) play
//   --affinity                           each game slot's engines on cores of their own
//   --instant-games                      no engines: each game ends at once (to measure the
//                                        runner and its MPI ranks alone)
// With --variant xiangqi every engine is given "UCI_Variant xiangqi" and must declare it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/match/adjudicator.h"
#include "bench/match/engine_config.h"
#include "bench/match/openings.h"
#include "bench/match/schedule.h"
#include "engine/games/game_id.h"
#include "bench/stats/match_stats.h"
#include "engine/util/flag_spec.h"

namespace splitlab::bench::match {

struct MatchConfig {
  std::vector<std::string> command_line;  // The arguments as given, after "match".
  std::vector<EngineConfig> engines;
  TournamentKind tournament = TournamentKind::kRoundRobin;
  int rounds = 1, games_per_encounter = 1;
  bool repeat = false;
  OpeningSettings openings;
  std::optional<uint64_t> seed;
  std::string pgn_out, out_dir, event = "?";
  GameId variant = kDefaultGame;
  bool chase_rule = true;
  int concurrency = 1;
  bool affinity = false;       // --affinity: slot k's engines run on cores of its own (affinity.h).
  bool instant_games = false;  // --instant-games: no engine runs; results come from instant_game.h.
  int rating_interval = 10;
  AdjudicationSettings adjudication;
  std::optional<SprtSettings> sprt;

  // The arguments that decide which games are played and how: a resumed match must give the
  // same (--concurrency, --affinity and --ratinginterval may change between runs).
  std::vector<std::string> resume_signature() const;
};

// Returns false with `error` naming the bad flag or word.
// Every flag of `splitlab match`, declared once: parse_match_args takes each flag's arity from
// here, and help prints it.
const std::vector<util::FlagSpec>& match_flags();

bool parse_match_args(const std::vector<std::string>& args, MatchConfig& config,
                      std::string& error);

// The files and folders a match's flags name (--pgnout, --out, --openings file=, each engine's
// cmd= and dir=), checked before anything is started or written (engine/util/paths.h): false
// with `error` naming the flag, the path and the reason. `splitlab match` calls it after
// parse_match_args (which reads the words alone, touching no file), on every MPI rank: the
// engines must be on each rank's machine, the files rank 0 alone reads or writes
// (`writes_results`) on rank 0's only.
bool check_match_paths(const MatchConfig& config, bool writes_results, std::string& error);

}  // namespace splitlab::bench::match
