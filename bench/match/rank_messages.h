// The messages of a match played over MPI ranks (bench/ranks): a playing rank's slot (one of its
// --concurrency games at once) asks rank 0 for work, rank 0 hands it a game pair (one game, or
// both games of a --repeat pair, so that a pair is played on one machine) with their openings,
// and the slot sends back each game as it ends, as the resume state records it.
#pragma once

#include <string>
#include <vector>

#include "bench/match/game_record.h"
#include "bench/match/openings.h"
#include "bench/match/schedule.h"

namespace splitlab::bench::match {

// MPI tags.
enum MatchTag : int {
  kWantGames = 1,     // rank -> 0: "slot"
  kGames = 2,         // 0 -> rank: a GameAssignment
  kNoMoreGames = 3,   // 0 -> rank: "slot"; the slot ends
  kFinishedGame = 4,  // rank -> 0: "slot" TAB the game's state line (ResultsStore::encode)
  kStop = 5,          // 0 -> rank: the match stops (an SPRT decided, a write failed): start no
                      // game not yet started; games in progress end and are sent as usual
  kDroppedGame = 6,   // rank -> 0: "slot" TAB game index: handed out, never started (kStop)
};

struct AssignedGame {
  ScheduledGame game;
  Opening opening;
};

struct GameAssignment {
  int slot = 0;
  std::vector<AssignedGame> games;  // Played in this order.
};

std::string encode_assignment(const GameAssignment& assignment);
bool decode_assignment(const std::string& payload, GameAssignment& assignment);

std::string encode_finished_game(int slot, const GameRecord& record);
bool decode_finished_game(const std::string& payload, int& slot, GameRecord& record);

// A payload that is only a slot number.
bool decode_slot(const std::string& payload, int& slot);

}  // namespace splitlab::bench::match
