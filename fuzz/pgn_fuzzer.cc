// libFuzzer target: PGN text (engine/protocol/pgn.h), games of every game of the registry. A
// refusal names its reason; every game read is written back in export format and read again to
// the same game, start, moves and result (the writer and the reader agree on whatever the reader
// accepts and the writer takes); the coordinate moves of a game without SAN (xiangqi) are played
// by its referee up to the first one that is not legal, as the match runner's opening reader does.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/games/game_info.h"
#include "engine/protocol/pgn.h"

namespace {

using namespace splitlab;

void play_coordinates(GameReferee& referee, const protocol::PgnLine& line) {
  std::string error;
  if (!referee.reset(line.start_fen, error)) {
    if (error.empty()) __builtin_trap();
    return;
  }
  for (const std::string& text : line.uci_moves)
    if (!referee.play(text)) return;
}

// The start as the game's reader sees it: the writer normalizes the FEN of a game with SAN (its
// referee's), and keeps a coordinate game's FEN as given.
std::string start_of(const protocol::PgnLine& line) {
  const std::unique_ptr<GameReferee> referee = make_referee(line.game);
  if (!referee->has_san() || line.start_fen.empty()) return line.start_fen;
  std::string error;
  if (!referee->reset(line.start_fen, error)) __builtin_trap();  // Read once.
  return referee->start_fen();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<protocol::PgnLine> games;
  std::string error;
  if (!protocol::read_pgn(text, games, error)) {
    if (error.empty()) __builtin_trap();  // A refusal must say why.
    return 0;
  }
  for (const protocol::PgnLine& line : games) {
    const std::unique_ptr<GameReferee> referee = make_referee(line.game);
    if (!referee->has_san()) play_coordinates(*referee, line);
    protocol::PgnGame game;
    game.tags = line.tags;
    game.game = line.game;
    game.start_fen = line.start_fen;
    game.coordinate_moves = !referee->has_san();
    for (const std::string& move : line.uci_moves) game.moves.push_back({move, ""});
    game.result = line.result;
    std::string written;
    if (!protocol::write_pgn(game, written, error)) {
      if (error.empty()) __builtin_trap();
      continue;  // A tag or value the writer refuses (it is stricter than the reader).
    }
    std::vector<protocol::PgnLine> again;
    if (!protocol::read_pgn(written, again, error) || again.size() != 1 ||
        again[0].game != line.game || start_of(again[0]) != start_of(line) ||
        again[0].uci_moves != line.uci_moves || again[0].result != line.result)
      __builtin_trap();
  }
  return 0;
}
