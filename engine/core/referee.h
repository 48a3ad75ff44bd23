// A game's referee: it checks every move for legality and says when the game is over by the
// rules, in cutechess's words. Each game has its own (engine/chess/referee.h,
// engine/xiangqi/referee.h), named by its traits as G::Referee and made through the game
// registry (engine/games/games.h); the match runner plays every game through one. Moves are UCI
// text as the engines send them (xiangqi: a1..i10).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/outcome.h"

namespace splitlab {

// The rules a match may switch (the others are the game's).
struct RefereeRules {
  // Xiangqi: a perpetual chase loses (false: it is an ordinary repetition, as in
  // Fairy-Stockfish before 2022). Other games ignore it.
  bool chase_rule = true;
};

class GameReferee {
 public:
  virtual ~GameReferee() = default;

  // Starts from `fen`; returns false with `error` if it is not a valid position.
  virtual bool reset(std::string_view fen, std::string& error) = 0;
  // Plays a move if it is legal here; returns false otherwise, with the position unchanged.
  // `irreversible` tells whether it resets the draw counter (a capture, or a chess pawn move).
  virtual bool play(std::string_view move, bool* irreversible = nullptr) = 0;
  // The end of the game by the rules, if the position after the last move is one.
  virtual std::optional<Outcome> outcome() const = 0;
  // 0 for White (Red), 1 for Black.
  virtual int side_to_move() const = 0;
  // The game's standard start position, in the form reset() stores.
  virtual std::string_view standard_start() const = 0;
  // The position now, as the game writes its FEN.
  virtual std::string fen() const = 0;
  // PGN's standard algebraic notation, in a game that has one (chess): the SAN of a legal move
  // here, or the move text of a SAN move here; "" with `error` naming the fault otherwise.
  // Neither plays the move. A game without SAN (has_san() false) has its PGN moves written in
  // coordinates, as its engines send them.
  virtual bool has_san() const { return false; }
  virtual std::string san_of(std::string_view move, std::string& error) const;
  virtual std::string move_of_san(std::string_view san, std::string& error) const;
  // The number PGN gives the move to be played ("12" in "12. e4" and in "12... e5"): from the
  // start FEN's side and move number fields (1 and White when it has none) and the moves since.
  int move_number() const;

  const std::string& start_fen() const { return start_fen_; }
  const std::vector<std::string>& moves() const { return moves_; }
  int plies() const { return int(moves_.size()); }
  // "position fen ... moves ..." (or "position startpos ...") for the engines.
  std::string position_command() const;

 protected:
  std::string start_fen_;
  std::vector<std::string> moves_;
};

}  // namespace splitlab
