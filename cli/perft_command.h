#pragma once

#include <string>
#include <vector>
#include "engine/util/flag_spec.h"

namespace splitlab::cli {

// The command's flags, for its parser and its help.
const util::CommandSpec& perft_spec();

// `splitlab perft --game chess --fen FEN [--moves "e2e4 e7e5"] --depth N [--divide]`
// `splitlab perft --suite FILE.epd [--max-depth N] [--out FILE.csv]`
// Returns the process exit code: 0 on success, 1 on a count mismatch, 2 on bad input.
int perft_command(const std::vector<std::string>& args);

}  // namespace splitlab::cli
