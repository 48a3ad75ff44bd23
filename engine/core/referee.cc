#include "engine/core/referee.h"

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

}  // namespace splitlab
