// `splitlab --version`: which Splitlab this is, in one line a figure's caption can carry (version,
// commit, clean or dirty, build, instruction set, compiler), then the same in detail.
#pragma once

#include <string>

namespace splitlab::cli {

// The release this tree is: the round of the project's development ("0.4": round 4).
inline constexpr const char* kVersion = "0.4";

std::string version_text();

}  // namespace splitlab::cli
