#pragma once

#include <string>
#include <vector>

namespace splitlab::cli {

// `splitlab match --engine name=A cmd=PATH ... --engine name=B cmd=PATH ... [flags]`: games
// between UCI engines, in cutechess-cli's words (bench/match/match_options.h lists the flags).
int match_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
