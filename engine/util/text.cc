#include "engine/util/text.h"

#include <charconv>

namespace splitlab::util {

bool parse_int(std::string_view text, int64_t min, int64_t max, int64_t& value) {
  int64_t parsed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return false;
  if (parsed < min || parsed > max) return false;
  value = parsed;
  return true;
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> items;
  if (text.empty()) return items;
  size_t begin = 0;
  for (;;) {
    const size_t comma = text.find(',', begin);
    items.emplace_back(text.substr(begin, comma == std::string_view::npos ? comma : comma - begin));
    if (comma == std::string_view::npos) return items;
    begin = comma + 1;
  }
}

std::string trim(std::string_view text) {
  const size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return "";
  const size_t e = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(b, e - b + 1));
}

}  // namespace splitlab::util
