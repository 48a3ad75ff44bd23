#pragma once

#include <string>
#include <vector>

#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& book_spec();

// `splitlab book make --pgn FILE.pgn --out BOOK.bin [--max-ply N] [--min-games K]`: a Polyglot
// book from games (engine/chess/polyglot.h). `splitlab book probe --book BOOK.bin [--fen FEN]
// [--moves "e2e4 e7e5"]`: the position's book moves with their weights, heaviest first.
int book_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
