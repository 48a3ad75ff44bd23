// What a GUI reading the engine's output may rely on, whatever it was sent: engine_lines_fuzzer
// checks it on every input, so the target finds wrong output as well as crashes.
#pragma once

#include <string>

namespace splitlab::fuzz {

// `output`: everything the engine printed for one input, in which `go_commands` go lines
// reached it (before any quit). Empty when the output holds, otherwise what broke:
// - each line starts with a word of the dialect's replies (UCI: id, option, uciok, readyok,
//   info, bestmove; UCCI the same with ucciok, and nobestmove, pophash and bye);
// - no go is answered twice: at most go_commands answers (bestmove or nobestmove);
// - a go is answered, or the engine says why not: at least go_commands less its refusals of a
//   go (lines "info string error: go...") answers; another error excuses no go.
std::string engine_output_problem(const std::string& output, bool ucci, int go_commands);

}  // namespace splitlab::fuzz
