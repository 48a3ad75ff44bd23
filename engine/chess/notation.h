// Move notation: UCI long algebraic (e2e4, e7e8q, e1g1) and SAN (Nf3, exd6, O-O, e8=Q+).
#pragma once

#include <string>
#include <string_view>

#include "engine/chess/position.h"
#include "engine/chess/types.h"

namespace splitlab::chess {

std::string square_to_string(Square s);
// Parses "e4"; returns kNoSquare if it is not a square.
Square parse_square(std::string_view text);

std::string move_to_uci(Move m);
// The legal move written `text` in UCI notation, or Move::none() with `error` set.
Move parse_uci_move(const Position& pos, std::string_view text, std::string& error);

// SAN with the check (+) or mate (#) suffix; `m` must be legal in `pos`.
std::string move_to_san(const Position& pos, Move m);
// Accepts SAN as people and programs write it: with or without +/#/!/? suffixes, "x", "=",
// castling with O or 0. Returns Move::none() with `error` set if it names no legal move or
// more than one.
Move parse_san(const Position& pos, std::string_view text, std::string& error);

}  // namespace splitlab::chess
