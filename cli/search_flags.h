// Flags shared by the commands that search (bench, epd): table size, entry scheme, policy.
#pragma once

#include <set>
#include <string>

#include "cli/flags.h"
#include "hashing/tt.h"

namespace splitlab::cli {

// The flag names configure_table() reads.
inline const std::set<std::string> kTableFlags = {"hash", "tt-entry", "tt-replace"};

// Sizes and configures `table` from --hash MB (default `default_mb`), --tt-entry, --tt-replace.
bool configure_table(const Flags& flags, size_t default_mb, hashing::TranspositionTable& table,
                     std::string& error);

}  // namespace splitlab::cli
