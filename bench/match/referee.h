// Referees a chess game with Splitlab's own rules: it checks every move for legality and says
// when the game is over by the rules (mate, stalemate, 3-fold repetition, fifty moves,
// insufficient material), in cutechess's words.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/match/outcome.h"
#include "engine/chess/position.h"

namespace splitlab::bench::match {

class Referee {
 public:
  // Starts from `fen`; returns false with `error` if it is not a valid position.
  bool reset(std::string_view fen, std::string& error);

  // Plays a move given in UCI notation if it is legal here; returns false otherwise, with the
  // position unchanged. `irreversible` tells whether it was a capture or a pawn move.
  bool play(std::string_view uci, bool* irreversible = nullptr);

  // The end of the game by the rules, if the position after the last move is one.
  std::optional<Outcome> outcome() const;

  const chess::Position& position() const { return position_; }
  const std::string& start_fen() const { return start_fen_; }
  const std::vector<std::string>& moves() const { return moves_; }
  int plies() const { return int(moves_.size()); }
  // "position fen ... moves ..." (or "position startpos ...") for the engines.
  std::string position_command() const;

 private:
  chess::Position position_;
  std::string start_fen_;
  std::vector<std::string> moves_;
};

}  // namespace splitlab::bench::match
