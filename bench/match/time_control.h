// Time controls in cutechess's words and the runner's clocks.
//
//   tc=40/60+0.6   40 moves in 60 s, then 60 s more for the next 40, plus 0.6 s per move
//   tc=10+0.1      10 s for the game plus 0.1 s per move; minutes may be written 1:30
//   tc=inf         no clock (a search limit must come from nodes= or depth=)
//   st=0.5         0.5 s per move ("go movetime 500")
//   nodes=N, depth=N  search limits, alone or beside a clock
//   timemargin=MS  how far past its clock a move may come before it loses on time (default 0,
//                  as in cutechess: an engine keeps its own safety margin, like Move Overhead)
//
// The clock belongs to the runner: it times each move from writing "go" to reading "bestmove",
// subtracts it, and adds the increment (and a new period's time after the last move of a period).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace splitlab::bench::match {

struct TimeControl {
  // A clock: moves_per_period 0 is sudden death; base_ms < 0 means no clock (tc=inf).
  int moves_per_period = 0;
  int64_t base_ms = -1;
  int64_t increment_ms = 0;
  int64_t move_time_ms = 0;  // st=: a fixed time per move (no clock).
  int64_t nodes = 0;         // 0: no node limit.
  int depth = 0;             // 0: no depth limit.
  int64_t margin_ms = 0;

  bool has_clock() const { return base_ms >= 0; }
  // Whether a search ends on its own (a clock, a move time, nodes or depth).
  bool is_limited() const { return has_clock() || move_time_ms > 0 || nodes > 0 || depth > 0; }
  // Cutechess's spelling of the clock part: "40/60+0.6", "10+0.1", "0.5/move", "inf".
  std::string to_string() const;
};

// Parses the value of tc= ("40/60+0.6", "10+0.1", "1:30", "inf"). Returns false with `error`
// naming the value and what was expected.
bool parse_tc(const std::string& text, TimeControl& tc, std::string& error);
// Parses st= (seconds per move, e.g. "0.5").
bool parse_st(const std::string& text, TimeControl& tc, std::string& error);
// Parses a non-negative decimal number of seconds into milliseconds ("0.6" -> 600).
bool parse_seconds(const std::string& text, int64_t& ms);

// One side's clock during a game.
class GameClock {
 public:
  explicit GameClock(const TimeControl& tc);

  const TimeControl& control() const { return tc_; }
  int64_t time_left_ms() const { return time_left_ms_; }
  // Moves left in the current period, for "movestogo" (0 in sudden death).
  int moves_to_go() const;
  // How long the engine may take for this move before it loses on time (margin included), or
  // nothing if there is no deadline.
  std::optional<int64_t> deadline_ms() const;
  // Charges a move that took `elapsed_ms`. Returns false if it came too late (the side loses
  // on time); otherwise adds the increment, and a new period's time when one begins.
  bool charge(int64_t elapsed_ms);
  int moves_made() const { return moves_made_; }

 private:
  TimeControl tc_;
  int64_t time_left_ms_ = 0;
  int moves_made_ = 0;
};

}  // namespace splitlab::bench::match
