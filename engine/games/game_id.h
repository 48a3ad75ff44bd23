// A game by number, for code that names a game without needing its rules (a PGN game's
// variant, a command's --game). The number is the game's place in the registry's list
// (engine/games/games.h): no code outside a game's folder names a particular game, so a new
// game is its folder and one line in that list. kDefaultGame is the first game listed, the one
// a command plays when none is named, and a PGN game without a Variant tag.
#pragma once

#include <cstdint>

namespace splitlab {

enum class GameId : uint8_t {};

inline constexpr GameId kDefaultGame = GameId(0);

}  // namespace splitlab
