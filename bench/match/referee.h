// Referees a game with Splitlab's own rules: it checks every move for legality and says when the
// game is over by the rules, in cutechess's words. Chess: mate, stalemate, 3-fold repetition,
// fifty moves, insufficient material. Xiangqi (White is Red): a side without a legal move loses
// (mated or stalemated); at the third occurrence of a position a side that gave check with
// every move of the cycle, while the other did not, loses (perpetual check); so does a side that
// chased the same piece with every move (perpetual chase, engine/xiangqi/chase.h) unless the
// chase rule is off, as in Fairy-Stockfish before 2022; any other repetition draws; 50 moves
// (100 plies) without a capture draw, as Fairy-Stockfish rules it. Moves are UCI text as the
// engines send them (xiangqi: a1..i10).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/match/outcome.h"
#include "bench/match/variant.h"
#include "engine/chess/position.h"
#include "engine/xiangqi/position.h"

namespace splitlab::bench::match {

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

  const std::string& start_fen() const { return start_fen_; }
  const std::vector<std::string>& moves() const { return moves_; }
  int plies() const { return int(moves_.size()); }
  // "position fen ... moves ..." (or "position startpos ...") for the engines.
  std::string position_command() const;

 protected:
  std::string start_fen_;
  std::vector<std::string> moves_;
};

// The chess referee.
class Referee final : public GameReferee {
 public:
  bool reset(std::string_view fen, std::string& error) override;
  bool play(std::string_view uci, bool* irreversible = nullptr) override;
  std::optional<Outcome> outcome() const override;
  int side_to_move() const override { return position_.side_to_move(); }
  std::string_view standard_start() const override { return chess::kStartFen; }
  const chess::Position& position() const { return position_; }

 private:
  chess::Position position_;
};

class XiangqiReferee final : public GameReferee {
 public:
  // With `chase_rule` false a perpetual chase is an ordinary repetition: a draw.
  explicit XiangqiReferee(bool chase_rule = true) : chase_rule_(chase_rule) {}
  bool reset(std::string_view fen, std::string& error) override;
  bool play(std::string_view move, bool* irreversible = nullptr) override;
  std::optional<Outcome> outcome() const override;
  int side_to_move() const override { return position_.side_to_move(); }
  std::string_view standard_start() const override { return xiangqi::kStartFen; }
  const xiangqi::Position& position() const { return position_; }

 private:
  xiangqi::Position position_;
  std::vector<uint64_t> keys_;  // After each ply, the start position first.
  bool chase_rule_;
};

// `chase_rule` applies to xiangqi only.
std::unique_ptr<GameReferee> make_referee(Variant variant, bool chase_rule = true);

}  // namespace splitlab::bench::match
