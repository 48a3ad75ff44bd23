// How a game ended: the result, cutechess's sentence for it ("White mates", "Black loses on
// time") and the PGN Termination tag it implies. Sides are numbered as every game's Color:
// 0 moves first (White; Red in xiangqi, which cutechess also calls White), 1 is Black.
#pragma once

#include <string>

namespace splitlab {

enum class Termination {
  kNormal,        // by the rules: mate, stalemate, repetition, fifty moves, material
  kAdjudication,  // draw/resign adjudication, maximum moves
  kTimeForfeit,
  kIllegalMove,
  kDisconnection,  // the engine exited (crashed)
  kStall,          // the engine stopped answering and was killed
};

// The PGN Termination tag's value: "normal", "adjudication", "time forfeit", "illegal move",
// "abandoned", "stalled connection".
const char* termination_tag(Termination t);

struct Outcome {
  std::string result;  // "1-0", "0-1" or "1/2-1/2"
  std::string reason;  // "White mates", "Draw by 3-fold repetition", ...
  Termination termination = Termination::kNormal;
};

std::string color_name(int side);  // "White" or "Black"
Outcome win_for(int winner, std::string reason, Termination termination);
Outcome loss_for(int loser, std::string reason, Termination termination);
Outcome draw_by(std::string reason, Termination termination);

}  // namespace splitlab
