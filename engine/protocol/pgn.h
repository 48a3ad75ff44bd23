// PGN (Portable Game Notation, 1994 standard): the match runner writes its games in export
// format, and reads opening lines from any PGN that people or other programs write.
// Moves are UCI text on our side ("e1g1", "e7e8q") and SAN in the file ("O-O", "e8=Q+").
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/games/game_id.h"

namespace splitlab::protocol {

struct PgnMove {
  std::string uci;
  std::string comment;  // Without braces, e.g. "+0.31/14 0.52s"; may be empty.
};

struct PgnGame {
  // The Seven Tag Roster (Event Site Date Round White Black Result) is written first in standard
  // order ("?" or "????.??.??" for a missing one), then the other tags in their given order.
  // FEN and SetUp come from start_fen alone: such tags here are ignored.
  std::vector<std::pair<std::string, std::string>> tags;
  std::string start_fen;  // Empty: the standard start; else FEN and SetUp "1" tags are written.
  std::vector<PgnMove> moves;  // UCI notation, legal from the start position.
  // The game, whose referee checks the moves and writes them in SAN (engine/core/referee.h).
  GameId game = kDefaultGame;
  // A game without SAN (xiangqi, with a "Variant" tag): the moves are written as given, in
  // coordinates, from `start_fen` (required; its side and move number fields count the moves).
  bool coordinate_moves = false;
  std::string result;          // "1-0", "0-1", "1/2-1/2" or "*".
  // Optional, e.g. "White wins on time": joined to the last move's comment when it has one
  // ("{+M1/127 0.00s, White mates}", one comment as cutechess writes), else a comment of its own.
  std::string final_comment;
};

// Appends `game` in export format (standard section 8): tag pairs with `"` and `\` escaped, a
// blank line, SAN moves with check (+) and mate (#) suffixes, move numbers ("12." and "12..."
// at a black start or after a comment), lines under 80 characters, the result, a blank line.
// Returns false and leaves `out` unchanged with `error` naming the problem: the first illegal
// move (its ply and text), a bad start FEN or result, a comment holding '}', a bad tag.
bool write_pgn(const PgnGame& game, std::string& out, std::string& error);

struct PgnLine {
  std::vector<std::pair<std::string, std::string>> tags;  // As read, FEN and SetUp included.
  std::string start_fen;                                  // The FEN tag; empty: the standard start.
  // The main line, legal from the start. In a game without SAN (xiangqi) the moves are kept as
  // written (coordinates, checked for form only): the caller plays them by the game's rules.
  std::vector<std::string> uci_moves;
  GameId game = kDefaultGame;  // From the Variant tag (none: the default game, chess).
  std::string result;  // The termination marker; "*" when the game has none.
};

// Reads every game of a PGN text into `games` (cleared first): tag pairs, brace and semicolon
// comments, nested variations (skipped), NAGs ($n, !, ?!, ...), move numbers ("12.", "12...",
// "12.e4"), results, `%` escape lines, FEN start positions, LF or CRLF line ends. SAN moves are
// converted to UCI by playing them. A game without a result ends at the next tag section or at
// the end of the text. Returns false with `error` naming the game number, line and bad token.
bool read_pgn(std::string_view text, std::vector<PgnLine>& games, std::string& error);

// read_pgn() on a file's contents; `error` also names the file.
bool read_pgn_file(const std::string& path, std::vector<PgnLine>& games, std::string& error);

}  // namespace splitlab::protocol
