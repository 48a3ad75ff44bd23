#include "engine/core/outcome.h"

#include <utility>

namespace splitlab {

const char* termination_tag(Termination t) {
  switch (t) {
    case Termination::kNormal:
      return "normal";
    case Termination::kAdjudication:
      return "adjudication";
    case Termination::kTimeForfeit:
      return "time forfeit";
    case Termination::kIllegalMove:
      return "illegal move";
    case Termination::kDisconnection:
      return "abandoned";
    case Termination::kStall:
      return "stalled connection";
  }
  return "unterminated";
}

std::string color_name(int side) { return side == 0 ? "White" : "Black"; }

Outcome win_for(int winner, std::string reason, Termination termination) {
  return {winner == 0 ? "1-0" : "0-1", std::move(reason), termination};
}

Outcome loss_for(int loser, std::string reason, Termination termination) {
  return win_for(1 - loser, std::move(reason), termination);
}

Outcome draw_by(std::string reason, Termination termination) {
  return {"1/2-1/2", std::move(reason), termination};
}

}  // namespace splitlab
