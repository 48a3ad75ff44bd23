// UCI option names (and combo values) compare without regard to case, as the protocol asks;
// UCCI engines spell them in lower case ("threads", "hashsize"). Shared by the engine's own
// options and the match runner's view of an engine's options.
#pragma once

#include <algorithm>
#include <cctype>
#include <string_view>

namespace splitlab::protocol {

inline bool same_option_name(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace splitlab::protocol
