#pragma once

#include <string>
#include <vector>
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& match_spec();

// `splitlab match --engine name=A cmd=PATH ... --engine name=B cmd=PATH ... [flags]`: games
// between UCI engines, in cutechess-cli's words (bench/match/match_options.h lists the flags).
int match_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
