// libFuzzer target: one EPD line (engine/protocol/epd.h), then its FEN by every game's parser.
// A refusal must name its reason; an accepted record has a FEN, which each game's parser takes
// or refuses with a reason.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <type_traits>

#include "engine/games/games.h"
#include "engine/protocol/epd.h"

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
  for_each_game([&]<typename G>(std::type_identity<G>) {
    error.clear();
    typename G::Position pos;
    if (!G::parse_fen(record.fen, pos, error) && error.empty()) __builtin_trap();
  });
  return 0;
}
