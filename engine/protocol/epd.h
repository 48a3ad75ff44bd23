// EPD lines: a position (the FEN's fields but the move counters: four for chess and xiangqi,
// as many as the game says; then optionally the two move counters) and operations, each
// "opcode operand ... ;". Reads both standard suites (bm, am, id) and the
// perft suites' form "FEN ;D1 20 ;D2 400".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace splitlab::protocol {

struct EpdOperation {
  std::string opcode;
  std::vector<std::string> operands;  // Quotes removed from quoted operands.
};

struct EpdRecord {
  std::string fen;  // The position's fields, and the move counters where given.
  std::vector<EpdOperation> operations;
  int line_number = 0;

  // The operation with this opcode, or nullptr.
  const EpdOperation* find(std::string_view opcode) const;
};

// Parses one line whose position has `position_fields` fields. Returns false with `error`
// naming the problem; the FEN itself is not validated here (the game's parser does that, with
// its own messages).
bool parse_epd_line(std::string_view line, EpdRecord& record, std::string& error,
                    int position_fields = kDefaultEpdPositionFields);

// Reads every non-blank, non-comment (#) line of a file. Returns false with `error` if the file
// cannot be read or a line is malformed (the message names the file and line).
bool read_epd_file(const std::string& path, std::vector<EpdRecord>& records, std::string& error,
                   int position_fields = kDefaultEpdPositionFields);

}  // namespace splitlab::protocol
