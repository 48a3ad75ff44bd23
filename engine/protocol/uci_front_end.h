// "splitlab uci": a chess UCI engine that becomes a xiangqi engine on
// "setoption name UCI_Variant value xiangqi", speaking UCI as Fairy-Stockfish does for xiangqi
// (ranks 1..10), so that the same binary can face Fairy-Stockfish under any UCI tool. A GUI sets
// the variant after "uci", so the game is switched at run time: the engine of the old game
// winds down (the setoption waits for a stopped search, and is refused during a running one, as
// every setoption is) and an engine of the new game takes over with every option set so far.
// Its position is the new game's start position, as after "ucinewgame".
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "engine/games/game_info.h"
#include "engine/protocol/uci.h"

namespace splitlab::protocol {

class UciFrontEnd {
 public:
  // `parallel` must outlive the front end.
  UciFrontEnd(std::ostream& out, const ParallelSearch& parallel);

  // Reads commands until "quit" or end of input.
  void run(std::istream& in);
  // Handles one line; returns false after "quit".
  bool handle(const std::string& line);
  // The game being played (UCI_Variant's value).
  GameId game() const { return game_; }

 private:
  void switch_to(GameId game);

  std::ostream& out_;
  const ParallelSearch& parallel_;
  GameId game_ = kDefaultGame;
  std::unique_ptr<LineEngine> engine_;
};

}  // namespace splitlab::protocol
