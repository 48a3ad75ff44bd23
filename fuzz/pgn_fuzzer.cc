// libFuzzer target: PGN text (engine/protocol/pgn.h), chess and xiangqi games. A refusal names
// its reason; every game read is written back in export format and read again to the same game,
// start, moves and result (the writer and the reader agree on whatever the reader accepts and
// the writer takes); a xiangqi game's coordinate moves are played by xiangqi's rules up to the
// first one that is not legal, as the match runner's opening reader does.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/chess_game.h"
#include "engine/protocol/pgn.h"
#include "engine/xiangqi/xiangqi_game.h"

namespace {

using namespace splitlab;

void play_xiangqi(const protocol::PgnLine& line) {
  using G = xiangqi::XiangqiGame;
  G::Position pos;
  std::string error;
  if (!G::parse_fen(line.start_fen, pos, error)) {
    if (error.empty()) __builtin_trap();
    return;
  }
  for (const std::string& text : line.uci_moves) {
    const G::Move move = G::parse_move(pos, text, error);
    if (move.is_none()) return;
    G::make(pos, move);
  }
}

// The start as the game's reader sees it: the writer normalizes a chess FEN (its own fen()),
// and keeps a xiangqi FEN as given.
std::string start_of(const protocol::PgnLine& line) {
  if (line.game != GameId::kChess || line.start_fen.empty()) return line.start_fen;
  chess::ChessGame::Position pos;
  std::string error;
  if (!chess::ChessGame::parse_fen(line.start_fen, pos, error)) __builtin_trap();  // Read once.
  return chess::ChessGame::fen(pos);
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
    if (line.game != GameId::kChess) play_xiangqi(line);
    protocol::PgnGame game;
    game.tags = line.tags;
    game.start_fen = line.start_fen;
    game.coordinate_moves = line.game != GameId::kChess;
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
