// Xiangqi's referee (engine/core/referee.h; White is Red): a side without a legal move loses
// (mated or stalemated); at the third occurrence of a position a side that gave check with
// every move of the cycle, while the other did not, loses (perpetual check); so does a side that
// chased the same piece with every move (perpetual chase, chase.h) unless the chase rule is
// off, as in Fairy-Stockfish before 2022; any other repetition draws; 50 moves (100 plies)
// without a capture draw, as Fairy-Stockfish rules it. Moves are UCI text with ranks 1..10, as
// Fairy-Stockfish and `splitlab uci` send them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/referee.h"
#include "engine/xiangqi/position.h"

namespace splitlab::xiangqi {

class Referee final : public GameReferee {
 public:
  explicit Referee(const RefereeRules& rules = {}) : chase_rule_(rules.chase_rule) {}
  bool reset(std::string_view fen, std::string& error) override;
  bool play(std::string_view move, bool* irreversible = nullptr) override;
  std::optional<Outcome> outcome() const override;
  int side_to_move() const override { return position_.side_to_move(); }
  std::string fen() const override { return position_.fen(); }
  std::string_view standard_start() const override { return kStartFen; }
  const Position& position() const { return position_; }

 private:
  Position position_;
  std::vector<uint64_t> keys_;  // After each ply, the start position first.
  bool chase_rule_;
};

}  // namespace splitlab::xiangqi
