// Flags shared by the commands that search (bench, epd): table size, entry scheme, policy.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cli/flags.h"
#include "engine/search/search_features.h"
#include "engine/search/search_tuning.h"
#include "parallel/strategy.h"

// Declared only: the commands that neither search nor size a table (perft, book) include this
// header, and the table's header brings TBB. configure_parallel() is in configure_parallel.h.
namespace splitlab::hashing {
class TranspositionTable;
}  // namespace splitlab::hashing

namespace splitlab::cli {

// The flags configure_table() reads (--hash, --tt-entry, --tt-replace), declared from the engine
// options' table (engine/search/engine_options.h) with the command's default table size.
std::vector<FlagSpec> table_flags(int64_t default_mb);
// The split knobs read_split_settings() reads (--split-nodes, --min-split-depth, --max-helpers,
// --ordering, --split-join, --split-choice, --abdada-form) and, unless `with_affinity` is
// false (simulate: virtual CPUs have no place), --affinity none|cores.
std::vector<FlagSpec> split_flags(bool with_affinity = true);
// Every flag configure_parallel() reads: --threads, --strategy, the split knobs, --features (the
// default named as `default_features_text`) and --tune.
std::vector<FlagSpec> parallel_flags(const std::string& default_features_text = "the game's");
// --game chess|xiangqi.
FlagSpec game_flag();
// A flag of the engine options' table, as a command declares it (`default_text` overrides the
// table's default where the command has its own, such as scale's Hash of 64).
FlagSpec engine_option_flag(std::string_view flag_name, const std::string& default_text = "");

// Sizes and configures `table` from --hash MB (default `default_mb`), --tt-entry, --tt-replace.
bool configure_table(const Flags& flags, size_t default_mb, hashing::TranspositionTable& table,
                     std::string& error);

// The split knobs (not the strategy): --split-nodes pv-all|any, --min-split-depth N,
// --max-helpers N, --ordering copy|own|shared; defaults as in SplitSettings.
bool read_split_settings(const Flags& flags, parallel::SplitSettings& settings, std::string& error);

// Reads --threads N (default 1), --strategy (default ybwc) into `settings` with the split
// knobs of read_split_settings(), and the search techniques of --features (search_features.h;
// default `default_features`, the game's G::kDefaultSearchFeatures).
bool read_parallel_flags(const Flags& flags, std::string_view default_features, int& threads,
                         parallel::SplitSettings& settings, search::SearchFeatures& features,
                         std::string& error);

// Reads --tune NAME=VALUE,... (engine/search/search_tuning.h) over `defaults`, the game's
// G::kDefaultSearchTuning; the flag may be repeated, each over the ones before it.
bool read_tuning_flag(const Flags& flags, const search::SearchTuning& defaults,
                      search::SearchTuning& tuning, std::string& error);
// Every --tune's text joined by commas (empty if none): what was asked for, not the result.
std::string describe_tuning_flag(const Flags& flags);

// "threads 2, strategy ybwc, split pv-all nodes at depth >= 4, <= 8 helpers, ...", with
// `default_features` (the game's) where --features is not given.
std::string describe_parallel(const Flags& flags, std::string_view default_features);

}  // namespace splitlab::cli
