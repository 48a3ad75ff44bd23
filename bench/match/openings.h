// Opening positions for a match: an EPD file (one position a line), a PGN file (the main line of
// each game, cut to `plies` moves), or the compiled-in default book; and the order in which they
// are used (sequential or a seeded shuffle, starting at the K-th, 1-based as in cutechess).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/games/game_id.h"

namespace splitlab::bench::match {

struct Opening {
  std::string id;                  // The EPD "id" operand, else the 1-based number in the file.
  std::string fen;                 // The start position, in full six-field FEN.
  std::vector<std::string> moves;  // UCI moves played from `fen` before the engines take over.
};

struct OpeningSettings {
  std::string file;    // Empty: the default book.
  std::string format;  // "epd" or "pgn"; empty: from the file's extension.
  bool random_order = false;
  int plies = -1;  // PGN: at most this many moves of each line; -1: all.
  int start = 1;   // Begin at this opening (1-based).
};

// Parses the key=value words of --openings (file= format= order= plies= start=).
bool parse_opening_settings(const std::vector<std::string>& words, OpeningSettings& out,
                            std::string& error);

// EPD text (one position a line; blank and '#' lines skipped). Every FEN is checked by the
// variant's rules; `source` names the text in errors ("book.epd:12: ...").
bool parse_epd_openings(std::string_view text, const std::string& source,
                        std::vector<Opening>& openings, std::string& error,
                        GameId variant = kDefaultGame);
// PGN text: each game's start position and main line, at most `plies` moves (-1: all). For a
// variant with SAN moves (chess); every game of the text must be of it.
bool parse_pgn_openings(std::string_view text, const std::string& source, int plies,
                        std::vector<Opening>& openings, std::string& error,
                        GameId variant = kDefaultGame);
// Loads the file named by `settings` (or the variant's default openings, GameInfo's
// default_openings, compiled in: bench/book/default_book.h); errors name the file.
bool load_openings(const OpeningSettings& settings, std::vector<Opening>& openings,
                   std::string& error, GameId variant = kDefaultGame);

// The order of use: indexes into the openings, a seeded shuffle when `random_order`, rotated so
// that it begins at the `start`-th (1-based) entry. The same seed gives the same order on every
// machine (the shuffle does not depend on the standard library's distributions).
std::vector<size_t> opening_order(size_t count, bool random_order, uint64_t seed, int start);

}  // namespace splitlab::bench::match
