#include "engine/protocol/epd.h"

#include <fstream>
#include <sstream>

namespace splitlab::protocol {

namespace {

bool is_integer(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// Splits an operation's text into words, keeping "quoted strings" whole (without the quotes).
bool split_operands(std::string_view text, std::vector<std::string>& words, std::string& error) {
  size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    if (text[i] == '"') {
      const size_t close = text.find('"', i + 1);
      if (close == std::string_view::npos) {
        error = "unterminated quoted string";
        return false;
      }
      words.emplace_back(text.substr(i + 1, close - i - 1));
      i = close + 1;
      continue;
    }
    size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    words.emplace_back(text.substr(i, end - i));
    i = end;
  }
  return true;
}

}  // namespace

const EpdOperation* EpdRecord::find(std::string_view opcode) const {
  for (const auto& op : operations)
    if (op.opcode == opcode) return &op;
  return nullptr;
}

bool parse_epd_line(std::string_view line, EpdRecord& record, std::string& error,
                    int position_fields) {
  record = EpdRecord();
  // The position is the first `position_fields` words; the move counters follow when both are
  // integers.
  size_t i = 0;
  auto next_word = [&](size_t& pos) {
    while (pos < line.size() && std::isspace(static_cast<unsigned char>(line[pos]))) ++pos;
    size_t end = pos;
    while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end])) &&
           line[end] != ';')
      ++end;
    std::string word(line.substr(pos, end - pos));
    pos = end;
    return word;
  };
  for (int k = 0; k < position_fields; ++k) {
    std::string word = next_word(i);
    if (word.empty()) {
      error = position_fields == kDefaultEpdPositionFields
                  ? "EPD line needs the four FEN fields (placement, side, castling, en passant)"
                  : "EPD line needs the position's " + std::to_string(position_fields) +
                        " fields";
      return false;
    }
    if (!record.fen.empty()) record.fen += ' ';
    record.fen += word;
  }
  {
    size_t probe = i;
    std::string halfmove = next_word(probe);
    std::string fullmove = next_word(probe);
    if (is_integer(halfmove) && is_integer(fullmove)) {
      record.fen += ' ' + halfmove + ' ' + fullmove;
      i = probe;
    }
  }

  // Operations are separated by ';' outside quotes.
  std::string_view rest = line.substr(i);
  size_t start = 0;
  bool in_quotes = false;
  for (size_t k = 0; k <= rest.size(); ++k) {
    if (k < rest.size() && rest[k] == '"') in_quotes = !in_quotes;
    if (k < rest.size() && (rest[k] != ';' || in_quotes)) continue;
    std::vector<std::string> words;
    if (!split_operands(rest.substr(start, k - start), words, error)) {
      error = "EPD operation: " + error;
      return false;
    }
    if (!words.empty()) {
      EpdOperation op;
      op.opcode = words[0];
      op.operands.assign(words.begin() + 1, words.end());
      record.operations.push_back(std::move(op));
    }
    start = k + 1;
  }
  if (in_quotes) {
    error = "EPD operation has an unterminated quoted string";
    return false;
  }
  return true;
}

bool read_epd_file(const std::string& path, std::vector<EpdRecord>& records, std::string& error,
                   int position_fields) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open EPD file '" + path + "'";
    return false;
  }
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    if (line.back() == '\r') line.pop_back();
    EpdRecord record;
    std::string line_error;
    if (!parse_epd_line(line, record, line_error, position_fields)) {
      error = path + ":" + std::to_string(line_number) + ": " + line_error;
      return false;
    }
    record.line_number = line_number;
    records.push_back(std::move(record));
  }
  if (in.bad()) {
    error = "error while reading '" + path + "'";
    return false;
  }
  return true;
}

}  // namespace splitlab::protocol
