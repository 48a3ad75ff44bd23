#include "cli/search_flags.h"

#include "hashing/tt_options.h"
#include "parallel/options.h"

namespace splitlab::cli {

bool configure_table(const Flags& flags, size_t default_mb, hashing::TranspositionTable& table,
                     std::string& error) {
  long long mb = 0;
  if (!flags.get_int("hash", 1, 32768, (long long)default_mb, mb, error)) return false;
  const auto scheme = hashing::parse_tt_entry_scheme(flags.get("tt-entry", "xor"));
  if (!scheme) {
    error = "unknown --tt-entry '" + flags.get("tt-entry") + "' (xor, bracket, locked, raw)";
    return false;
  }
  const auto policy = hashing::parse_tt_replace_policy(flags.get("tt-replace", "bucket"));
  if (!policy) {
    error = "unknown --tt-replace '" + flags.get("tt-replace") +
            "' (deep, new, old, big1, bigall, twodeep, twobig1, bucket, depth-age)";
    return false;
  }
  if (!table.resize(size_t(mb), &error)) return false;
  table.set_scheme(*scheme);
  table.set_policy(*policy);
  return true;
}

bool read_split_settings(const Flags& flags, parallel::SplitSettings& settings,
                         std::string& error) {
  long long min_depth = 4, helpers = 8;
  if (!flags.get_int("min-split-depth", 1, 64, 4, min_depth, error) ||
      !flags.get_int("max-helpers", 1, 256, 8, helpers, error))
    return false;
  const auto any = parallel::parse_split_nodes(flags.get("split-nodes", "pv-all"));
  if (!any) {
    error = "unknown --split-nodes '" + flags.get("split-nodes") + "' (pv-all, any)";
    return false;
  }
  const auto ordering = parallel::parse_ordering_memory(flags.get("ordering", "copy"));
  if (!ordering) {
    error = "unknown --ordering '" + flags.get("ordering") + "' (copy, own, shared)";
    return false;
  }
  settings.split_any_node = *any;
  settings.ordering = *ordering;
  settings.min_split_depth = int(min_depth);
  settings.max_helpers_per_split = int(helpers);
  return true;
}

bool read_parallel_flags(const Flags& flags, std::string_view default_features, int& threads,
                         parallel::SplitSettings& settings, search::SearchFeatures& features,
                         std::string& error) {
  long long thread_count = 1;
  if (!flags.get_int("threads", 1, parallel::kMaxThreads, 1, thread_count, error) ||
      !read_split_settings(flags, settings, error))
    return false;
  threads = int(thread_count);
  const auto strategy = parallel::parse_split_strategy(flags.get("strategy", "ybwc"));
  if (!strategy) {
    error = "unknown --strategy '" + flags.get("strategy") + "' (" +
            parallel::split_strategy_names(", ") + ")";
    return false;
  }
  settings.strategy = *strategy;
  if (!search::parse_search_features(flags.get("features", std::string(default_features)), features,
                                     error)) {
    error = "--features: " + error;
    return false;
  }
  return true;
}

bool read_tuning_flag(const Flags& flags, const search::SearchTuning& defaults,
                      search::SearchTuning& tuning, std::string& error) {
  search::SearchTuning read = defaults;
  // Each --tune sets its parameters over the ones before it, so repeats add up.
  for (const std::string& text : flags.get_all("tune"))
    if (!search::parse_search_tuning(text, read, read, error)) {
      error = "--tune '" + text + "': " + error;
      return false;
    }
  tuning = read;
  return true;
}

std::string describe_tuning_flag(const Flags& flags) {
  std::string text;
  for (const std::string& value : flags.get_all("tune")) text += (text.empty() ? "" : ",") + value;
  return text;
}

std::string describe_parallel(const Flags& flags, std::string_view default_features) {
  return "threads " + flags.get("threads", "1") + ", strategy " + flags.get("strategy", "ybwc") +
         ", split " + flags.get("split-nodes", "pv-all") + " nodes at depth >= " +
         flags.get("min-split-depth", "4") + ", <= " + flags.get("max-helpers", "8") +
         " helpers, " + flags.get("ordering", "copy") + " killers and history" +
         ", search features " +
         flags.get("features", std::string(default_features)) +
         (flags.has("tune") ? ", tuning " + describe_tuning_flag(flags) : "");
}

}  // namespace splitlab::cli
