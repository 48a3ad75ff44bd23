// Chess's referee (engine/core/referee.h): mate, stalemate, 3-fold repetition, fifty moves,
// insufficient material, in cutechess's words.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/chess/position.h"
#include "engine/core/referee.h"

namespace splitlab::chess {

class Referee final : public GameReferee {
 public:
  explicit Referee(const RefereeRules& = {}) {}
  bool reset(std::string_view fen, std::string& error) override;
  bool play(std::string_view uci, bool* irreversible = nullptr) override;
  std::optional<Outcome> outcome() const override;
  int side_to_move() const override { return position_.side_to_move(); }
  std::string fen() const override { return position_.fen(); }
  std::string_view standard_start() const override { return kStartFen; }
  bool has_san() const override { return true; }
  std::string san_of(std::string_view uci, std::string& error) const override;
  std::string move_of_san(std::string_view san, std::string& error) const override;
  const Position& position() const { return position_; }

 private:
  Position position_;
};

}  // namespace splitlab::chess
