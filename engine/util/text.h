// Reading numbers and lists out of text (UCI option values, command-line flags, experiment
// specs): one set of rules, so that every reader refuses the same malformed input.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace splitlab::util {

// A whole decimal integer from `min` to `max` (no sign but '-', no spaces, nothing after it).
bool parse_int(std::string_view text, int64_t min, int64_t max, int64_t& value);

// The items of a comma-separated list, in order. Empty items (",,", a leading or trailing
// comma) are kept, so that the caller can name them as errors; an empty text has none.
std::vector<std::string> split_list(std::string_view text);

// `text` without leading and trailing spaces, tabs and line ends.
std::string trim(std::string_view text);

}  // namespace splitlab::util
