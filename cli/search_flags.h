// Flags shared by the commands that search (bench, epd): table size, entry scheme, policy.
#pragma once

#include <set>
#include <string>

#include "cli/flags.h"
#include "engine/chess/chess_game.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"

namespace splitlab::cli {

// The flag names configure_table() and configure_parallel() read.
inline const std::set<std::string> kTableFlags = {"hash", "tt-entry", "tt-replace"};
inline const std::set<std::string> kParallelFlags = {"threads",         "strategy",
                                                     "split-nodes",     "min-split-depth",
                                                     "max-helpers",     "ordering",
                                                     "features"};

// Sizes and configures `table` from --hash MB (default `default_mb`), --tt-entry, --tt-replace.
bool configure_table(const Flags& flags, size_t default_mb, hashing::TranspositionTable& table,
                     std::string& error);

// The split knobs (not the strategy): --split-nodes pv-all|any, --min-split-depth N,
// --max-helpers N, --ordering copy|own|shared; defaults as in SplitSettings.
bool read_split_settings(const Flags& flags, search::SplitSettings& settings, std::string& error);

// Gives `searcher` the threads of --threads N (default 1) and --strategy none|ybwc|dts|lazy
// (default ybwc), with the split knobs of read_split_settings(), and the search techniques of
// --features (search_features.h; default none).
bool configure_parallel(const Flags& flags, search::Searcher<chess::ChessGame>& searcher,
                        std::string& error);
// "threads 2, strategy ybwc, split pv-all nodes at depth >= 4, <= 8 helpers".
std::string describe_parallel(const Flags& flags);

}  // namespace splitlab::cli
