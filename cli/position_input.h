// Positions as the commands read them: --fen and --moves, or one position a line on standard
// input (`perft --stdin`, `book probe --stdin`) written as UCI's `position` command writes them,
// "startpos|fen FEN [moves M1 M2 ...]". A test or a script that asks about many positions then
// starts the binary once instead of once a position (a sanitized start costs about 0.15 s).
#pragma once

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "engine/core/game.h"

namespace splitlab::cli {

// A position line read: its FEN ("" for the game's start) and its moves' text.
struct PositionLine {
  std::string fen;
  std::string moves;
};

// Reads "[position] startpos|fen FEN [moves M1 M2 ...]"; false with `error` naming what is wrong.
bool parse_position_line(std::string_view line, PositionLine& out, std::string& error);

// The position of `fen` ("": the game's start) after `moves` (the game's move text, one word
// each); false with `error` naming the FEN's fault or the move that is not legal there.
template <Game G>
bool set_up_position(const std::string& fen, const std::string& moves, typename G::Position& pos,
                     std::string& error) {
  if (!G::parse_fen(fen.empty() ? std::string(G::kStartFen) : fen, pos, error)) return false;
  std::istringstream words(moves);
  for (std::string text; words >> text;) {
    const auto move = G::parse_move(pos, text, error);
    if (move.is_none()) return false;
    G::make(pos, move);
  }
  return true;
}

// Calls answer(pos) for the position of each line of standard input, as it arrives, and flushes
// what it printed, so that a program on the other end of a pipe can ask one position at a time.
// Empty lines are skipped. At a line that names no position, stops with `error` naming the line
// ("line 3: ..."), after the answers before it; returns whether every line was answered.
template <Game G, typename Answer>
bool answer_input_positions(Answer&& answer, std::string& error) {
  std::string text;
  for (int number = 1; std::getline(std::cin, text); ++number) {
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    PositionLine line;
    typename G::Position pos;
    if (!parse_position_line(text, line, error) ||
        !set_up_position<G>(line.fen, line.moves, pos, error)) {
      error = "standard input, line " + std::to_string(number) + ": " + error;
      return false;
    }
    answer(pos);
    std::fflush(stdout);
  }
  return true;
}

}  // namespace splitlab::cli
