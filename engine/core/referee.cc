#include "engine/core/referee.h"

#include <sstream>

namespace splitlab {

std::string GameReferee::position_command() const {
  std::string command = start_fen_ == standard_start() ? std::string("position startpos")
                                                       : "position fen " + start_fen_;
  if (!moves_.empty()) {
    command += " moves";
    for (const auto& m : moves_) command += " " + m;
  }
  return command;
}

std::string GameReferee::san_of(std::string_view move, std::string& error) const {
  error = "no standard algebraic notation in this game ('" + std::string(move) + "')";
  return "";
}

std::string GameReferee::move_of_san(std::string_view san, std::string& error) const {
  error = "no standard algebraic notation in this game ('" + std::string(san) + "')";
  return "";
}

int GameReferee::move_number() const {
  std::istringstream fields(start_fen_);
  std::string board, side, skip;
  int first = 1;
  fields >> board >> side >> skip >> skip >> skip >> first;
  if (!fields || first < 1) first = 1;
  const int plies_from_white = plies() + (side == "b" ? 1 : 0);
  return first + plies_from_white / 2;
}

}  // namespace splitlab
