// The games Splitlab plays, by number, for code that names a game without needing its rules
// (a PGN game's variant, a command's --game). The registry (games.h) lists their traits types
// in this order and checks that the two agree.
#pragma once

namespace splitlab {

enum class GameId { kChess, kXiangqi };

}  // namespace splitlab
