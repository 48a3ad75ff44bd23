// libFuzzer target: one EPD line (engine/protocol/epd.h), then its FEN by chess's and xiangqi's
// parsers. A refusal must name its reason; an accepted record has a FEN, which both games'
// parsers take or refuse with a reason.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/chess/chess_game.h"
#include "engine/protocol/epd.h"
#include "engine/xiangqi/xiangqi_game.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace splitlab;
  if (size > 4096) return 0;
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  protocol::EpdRecord record;
  std::string error;
  if (!protocol::parse_epd_line(line, record, error)) {
    if (error.empty()) __builtin_trap();
    return 0;
  }
  // The FEN is four or six words, none of them holding an operation's ';'. (An opcode may be
  // empty: a quoted first word, `"" x;`, is taken as the opcode, which EPD does not allow but
  // epd.h does not promise to refuse.)
  if (record.fen.empty() || record.fen.find(';') != std::string::npos) __builtin_trap();
  for (const protocol::EpdOperation& op : record.operations)
    if (record.find(op.opcode) == nullptr) __builtin_trap();
  error.clear();
  chess::ChessGame::Position chess_pos;
  if (!chess::ChessGame::parse_fen(record.fen, chess_pos, error) && error.empty()) __builtin_trap();
  error.clear();
  xiangqi::XiangqiGame::Position xiangqi_pos;
  if (!xiangqi::XiangqiGame::parse_fen(record.fen, xiangqi_pos, error) && error.empty())
    __builtin_trap();
  return 0;
}
