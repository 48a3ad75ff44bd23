// The tuner's data: quiet positions taken from the project's own games (make_positions), one
// EPD line each with the game's result and number, read back as traced training positions.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/protocol/pgn.h"
#include "experiments/strength/tuner/texel.h"

namespace splitlab::tuner {

struct ExtractSettings {
  int per_game = 12;   // At most this many positions from one game, chosen at random.
  int skip_plies = 0;  // Plies at the start of each game not to take from.
};

// The quiet positions of one game (chess, or xiangqi when the PGN's Variant tag says so), as
// EPD lines `FEN c9 "RESULT"; c8 "GAME";`: positions not in
// check whose move in the game was neither a capture nor a promotion (a position in the middle
// of an exchange is evaluated wrongly by any static evaluation and teaches the fit nothing).
// A game without a decisive or drawn result gives none, and so does one decided off the board
// (a Termination tag other than "normal" or "adjudication": time forfeit, rules infraction). Returns false with `error` naming the
// ply and move when the game's moves are not legal.
bool extract_positions(const protocol::PgnLine& game, int game_number,
                       const ExtractSettings& settings, std::mt19937_64& rng,
                       std::vector<std::string>& epd_lines, std::string& error);

// One line of such a file as a traced training position of `game`'s evaluation; false with
// `error` saying what was wrong (the FEN, a missing or malformed c9 result or c8 game number).
bool parse_training_line(std::string_view line, TuningPosition& out, std::string& error,
                         GameId game = tuned_chess());

// Every line of a file (blank lines and lines starting with '#' skipped); `error` names the file
// and line of the first bad one.
bool read_training_file(const std::string& path, std::vector<TuningPosition>& out,
                        std::string& error, GameId game = tuned_chess());

}  // namespace splitlab::tuner
