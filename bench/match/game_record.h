// What the match keeps of one finished game: the row of results.json and of the resume state.
#pragma once

#include <cstdint>
#include <string>

namespace splitlab::bench::match {

struct GameRecord {
  int index = 0, round = 0, pairing = 0, pair = -1;
  int opening_index = 0;  // 0-based index into the openings.
  std::string opening_id, opening_fen;
  std::string white, black;
  std::string result;       // "1-0", "0-1", "1/2-1/2"
  std::string reason;       // cutechess's sentence: "White mates", "Black loses on time", ...
  std::string termination;  // The PGN Termination tag.
  int plies = 0;            // Every move of the game, opening moves included.
  int64_t time_used_ms[2] = {0, 0};        // White, Black: go -> bestmove, as the runner measured.
  int64_t engine_reported_ms[2] = {0, 0};  // White, Black: the engines' own "info time" sums.
  // White, Black: the lowest clock a move was started on (-1 without a clock), and the most a
  // move was charged beyond the engine's own last "info time" in it (-1 if it never reported
  // one). For an engine that reports its time as it answers, as Splitlab does, that excess is
  // delay the engine could not see: the pipe, the scheduler, a stolen virtual CPU. Both say
  // where a time loss came from.
  int64_t lowest_clock_ms[2] = {-1, -1};
  int64_t largest_unseen_delay_ms[2] = {-1, -1};
  // The move that lost on time (all -1 for any other end): the clock it started on, how long it
  // took as the runner measured, and the engine's last "info time" in it (-1 if it sent none).
  // The runner's time beyond the engine's is delay outside it; the engine's own time beyond its
  // clock is time it spent itself (or lost to a stall it could not prevent).
  int64_t forfeit_clock_ms = -1, forfeit_move_ms = -1, forfeit_engine_ms = -1;
  double wall_ms = 0;   // The whole game, engine start-up and "ucinewgame" included.
  double setup_ms = 0;  // The part of it until both engines were ready (start-up, newgame).
  double think_ms = 0;  // Sum of every go -> bestmove interval of both engines.
  std::string pgn;      // The game in PGN export format.
  std::string host;     // The machine that played it (an MPI rank's, or this one's).
  std::string cpus;     // The cores its engines were pinned to with --affinity ("0-3"), else "".
};

// The score of `record` for the engine named `engine` (1, 0.5 or 0).
double score_for(const GameRecord& record, const std::string& engine);

}  // namespace splitlab::bench::match
