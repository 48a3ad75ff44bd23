// The positions of `splitlab tt-study`: from each game of a PGN file, a run of consecutive
// positions of its middlegame (both sides to move), so that each search follows the one before
// it in the same game, as in the replacement experiment of Breuker, Uiterwijk & van den Herik.
// A table kept between the searches of a series can then help the next search.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/games/game_id.h"
#include "engine/protocol/pgn.h"

namespace splitlab::bench {

struct SeriesSelection {
  int first_move = 12;          // The series starts at this full-move number (the FEN's count).
  int positions_per_game = 30;  // Consecutive positions, each one ply after the one before.
  int max_games = 10;           // Games taken, in file order; shorter games are passed over.
  GameId game = kDefaultGame;   // The game whose games are read (every game of the file).
};

// A position of a series: its FEN, and how many of the game's moves lead to it.
struct SeriesPosition {
  std::string fen;
  size_t ply = 0;
};

struct GameSeries {
  int game_number = 0;  // 1-based, in the file.
  std::string label;    // "White - Black, round R", for reports.
  GameId game = kDefaultGame;
  // The game from its start (empty: the standard start), up to its last position taken: each
  // position is searched with the game's moves before it, so that repetitions count as in a
  // real game (replay_series).
  std::string start_fen;
  std::vector<std::string> moves;
  std::vector<SeriesPosition> positions;
};

// Takes, from each game in order, `positions_per_game` consecutive positions starting at the
// first whose full-move number is at least `first_move` (each one a position where a move of
// the game was then played, so none is a finished game), until `max_games` series are taken.
// Games without that many positions are passed over. Returns false with `error` when a game
// cannot be replayed (a bad start FEN or move), naming the game.
bool select_series(const std::vector<protocol::PgnLine>& games, const SeriesSelection& selection,
                   std::vector<GameSeries>& series, std::string& error);

// A fingerprint of the selected positions (their FENs in order, FNV-1a): results made from
// other positions must not be mixed with these.
uint64_t series_fingerprint(const std::vector<GameSeries>& series);

size_t position_count(const std::vector<GameSeries>& series);

// The positions of a series as the game G's positions, each with the moves before it played
// (so that its history is the game's); checked when the series was selected.
template <typename G>
std::vector<typename G::Position> replay_series(const GameSeries& series) {
  std::vector<typename G::Position> positions;
  typename G::Position pos;
  std::string error;
  G::parse_fen(series.start_fen.empty() ? G::kStartFen : std::string_view(series.start_fen), pos,
               error);
  size_t ply = 0;
  for (const SeriesPosition& taken : series.positions) {
    for (; ply < taken.ply; ++ply) G::make(pos, G::parse_move(pos, series.moves[ply], error));
    positions.push_back(pos);
  }
  return positions;
}

}  // namespace splitlab::bench
