// The words after "go", as UCI and UCCI write them, read into the limits of one search. The
// moves after "searchmoves" are kept as written: only the engine, which knows the position and
// the dialect's move text, can read them (GameEngine::cmd_go).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/protocol/dialect.h"
#include "engine/search/search_types.h"

namespace splitlab::protocol {

struct GoCommand {
  search::SearchLimits limits;  // Its searchmoves left empty (see `searchmoves`).
  bool ponder = false;
  std::vector<std::string> searchmoves;  // As the GUI wrote them, in order.
};

// Reads `args`. `side_to_move` (0 or 1) places UCCI's own and opponent's clocks ("time",
// "opptime"); UCI names its clocks by colour. False, with `error` naming the word and what it
// needed ("go: 'depth' needs an integer from 1 to 127, not 'x'"), at the first bad word.
bool parse_go(std::string_view args, Dialect dialect, int side_to_move, GoCommand& out,
              std::string& error);

}  // namespace splitlab::protocol
