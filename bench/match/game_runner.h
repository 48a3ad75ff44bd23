// Plays one game between two engine players: opening moves, then engine moves on the runner's
// clocks, refereed by Splitlab's rules and adjudicated as configured. A player that crashed,
// hung, moved illegally or lost on time is discarded, so that its next game starts it afresh.
#pragma once

#include <optional>
#include <string>

#include "bench/match/adjudicator.h"
#include "bench/match/engine_player.h"
#include "bench/match/game_record.h"
#include "bench/match/openings.h"
#include "bench/match/schedule.h"
#include "bench/match/time_control.h"
#include "engine/games/game_info.h"

namespace splitlab::bench::match {

// "wtime .. btime .. winc .. binc .. [movestogo ..]", "movetime ..", plus nodes/depth, for the
// side to move (`mover`: 0 White, 1 Black).
std::string go_arguments(const GameClock& white, const GameClock& black, int mover);

// The same for a UCCI engine (xiangqi): "time .. increment .. opptime .. oppincrement .. [movestogo
// ..]" in milliseconds, for the side to move, plus nodes/depth.
std::string ucci_go_arguments(const GameClock& white, const GameClock& black, int mover);
// A "position ... moves ..." command with its moves in the UCCI dialect of `game` (which speaks
// it: xiangqi's squares a0..i9), and a UCCI move in the runner's UCI text (a1..i10); "" if it
// is not a move.
std::string ucci_position_command(const GameInfo& game, const std::string& uci_command);
std::string move_from_ucci(const GameInfo& game, const std::string& ucci_move);

// "+0.31/14 0.52s" (score from the mover's view in pawns, "+M3"/"-M2" for mates, depth, time);
// just the time when the engine gave no score.
std::string move_comment(const std::string& uci_score, int depth, int64_t elapsed_us);
// A UCI score ("cp 31", "mate -2") in centipawns, mates as +-(100000 - plies to mate).
std::optional<int> score_in_centipawns(const std::string& uci_score);

struct GameContext {
  std::string event = "?";
  std::string site = "?";
  GameId variant = kDefaultGame;
  bool chase_rule = true;  // Xiangqi: whether a perpetual chase loses (--chase-rule).
  AdjudicationSettings adjudication;
};

GameRecord play_game(const ScheduledGame& game, const Opening& opening, const GameContext& context,
                     EnginePlayer& white, EnginePlayer& black);

// A record of `game` before it is played: which game it is, its opening and its players.
GameRecord record_before_play(const ScheduledGame& game, const Opening& opening,
                              const std::string& white, const std::string& black);

// The match log's line for a game lost on time: how long the losing move took against the clock
// it had (or the fixed move time), and how much of that the engine itself counted, e.g. "Game 209:
// White's last move took 175 ms with 91 ms left; its own last info time was 172 ms (3 ms it could
// not see)".
std::string describe_forfeit(const GameRecord& record);

}  // namespace splitlab::bench::match
