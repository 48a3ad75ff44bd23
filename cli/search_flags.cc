#include "cli/search_flags.h"

#include <algorithm>

#include "engine/games/game_info.h"
#include "engine/search/engine_options.h"
#include "engine/search/search_features.h"
#include "engine/search/search_tuning.h"
#include "engine/util/text.h"
#include "hashing/tt_options.h"
#include "parallel/options.h"

namespace splitlab::cli {

namespace {

std::string joined(const std::vector<std::string>& values, const char* separator) {
  std::string text;
  for (const std::string& value : values) text += (text.empty() ? "" : separator) + value;
  return text;
}

// The values a combo option takes; the strategies come from the registry.
std::vector<std::string> option_values(const search::EngineOption& option) {
  if (option.uci_name == "SplitStrategy") {
    std::vector<std::string> names;
    for (const std::string& name : util::split_list(parallel::split_strategy_names(",")))
      names.push_back(name);
    return names;
  }
  return option.values;
}

// A combo option's default; the strategy's comes from the registry.
std::string option_default(const search::EngineOption& option) {
  if (option.uci_name == "SplitStrategy")
    return std::string(parallel::split_strategy_name(parallel::kDefaultSplitStrategy));
  return option.default_text;
}

// "unknown --tt-entry 'foo' (xor, bracket, locked, raw)".
std::string unknown_value(const search::EngineOption& option, const std::string& given) {
  return "unknown --" + std::string(option.flag) + " '" + given + "' (" +
         joined(option_values(option), ", ") + ")";
}

// An integer option's flag, read with the table's range and `fallback`.
bool get_option_int(const Flags& flags, std::string_view name, long long fallback,
                    long long& value, std::string& error) {
  const search::EngineOption& option = search::engine_option(name);
  return flags.get_int(std::string(option.flag), option.min, option.max, fallback, value, error);
}

}  // namespace

FlagSpec engine_option_flag(std::string_view flag_name, const std::string& default_text) {
  const search::EngineOption& option = search::engine_option(flag_name);
  const std::string name(option.flag);
  const std::string meaning = std::string(option.meaning) + " (UCI option " +
                              std::string(option.uci_name) + ")";
  switch (option.kind) {
    case search::EngineOption::Kind::kSpin: {
      FlagSpec flag = util::int_flag(name, name == "hash" ? "MB" : "N", meaning, option.min,
                                     option.max, option.default_number);
      if (!default_text.empty()) {
        flag.default_text = default_text;
        flag.ints->fallback = std::stoll(default_text);
      }
      return flag;
    }
    case search::EngineOption::Kind::kCombo:
      return util::choice_flag(name, "NAME", meaning, option_values(option),
                               default_text.empty() ? option_default(option) : default_text);
    case search::EngineOption::Kind::kText:
      break;
  }
  return util::text_flag(name, "LIST", meaning, default_text.empty() ? option.default_text
                                                                     : default_text);
}

std::vector<FlagSpec> table_flags(int64_t default_mb) {
  return {engine_option_flag("hash", std::to_string(default_mb)), engine_option_flag("tt-entry"),
          engine_option_flag("tt-replace")};
}

std::vector<FlagSpec> split_flags(bool with_affinity) {
  std::vector<FlagSpec> flags = {engine_option_flag("split-nodes"),
                                 engine_option_flag("min-split-depth"),
                                 engine_option_flag("max-helpers"), engine_option_flag("ordering"),
                                 engine_option_flag("split-join"),
                                 engine_option_flag("split-choice"),
                                 engine_option_flag("abdada-form")};
  if (with_affinity) flags.push_back(engine_option_flag("affinity"));
  return flags;
}

std::vector<FlagSpec> parallel_flags(const std::string& default_features_text) {
  std::vector<FlagSpec> flags = {engine_option_flag("threads"), engine_option_flag("strategy")};
  util::add_flags(flags, split_flags());
  flags.push_back(engine_option_flag("features", default_features_text));
  std::string parameters;
  for (const search::TuningParameter& p : search::kTuningParameters)
    parameters += (parameters.empty() ? "" : ", ") + std::string(p.name) + " " +
                  std::to_string(p.min) + "-" + std::to_string(p.max);
  FlagSpec tune = util::text_flag("tune", "NAME=V,...",
                                  "the search's tuned parameters (engine/search/search_tuning.h), "
                                  "over the game's defaults",
                                  "the game's", "parameters " + parameters);
  tune.repeatable = true;
  flags.push_back(tune);
  return flags;
}

FlagSpec game_flag() {
  std::vector<std::string> names;
  for (const GameInfo& game : all_games()) names.emplace_back(game.name);
  return util::choice_flag("game", "NAME", "the game", names, names.front());
}

bool configure_table(const Flags& flags, size_t default_mb, hashing::TranspositionTable& table,
                     std::string& error) {
  long long mb = 0;
  if (!get_option_int(flags, "hash", (long long)default_mb, mb, error)) return false;
  const search::EngineOption& entry = search::engine_option("tt-entry");
  const auto scheme = hashing::parse_tt_entry_scheme(flags.get("tt-entry", entry.default_text));
  if (!scheme) {
    error = unknown_value(entry, flags.get("tt-entry"));
    return false;
  }
  const search::EngineOption& replace = search::engine_option("tt-replace");
  const auto policy =
      hashing::parse_tt_replace_policy(flags.get("tt-replace", replace.default_text));
  if (!policy) {
    error = unknown_value(replace, flags.get("tt-replace"));
    return false;
  }
  if (!table.resize(size_t(mb), &error)) return false;
  table.set_scheme(*scheme);
  table.set_policy(*policy);
  return true;
}

bool read_split_settings(const Flags& flags, parallel::SplitSettings& settings,
                         std::string& error) {
  long long min_depth = 0, helpers = 0;
  const search::EngineOption& min_option = search::engine_option("min-split-depth");
  const search::EngineOption& helpers_option = search::engine_option("max-helpers");
  if (!get_option_int(flags, "min-split-depth", min_option.default_number, min_depth, error) ||
      !get_option_int(flags, "max-helpers", helpers_option.default_number, helpers, error))
    return false;
  const search::EngineOption& nodes = search::engine_option("split-nodes");
  const auto any = parallel::parse_split_nodes(flags.get("split-nodes", nodes.default_text));
  if (!any) {
    error = unknown_value(nodes, flags.get("split-nodes"));
    return false;
  }
  const search::EngineOption& memory = search::engine_option("ordering");
  const auto ordering = parallel::parse_ordering_memory(flags.get("ordering", memory.default_text));
  if (!ordering) {
    error = unknown_value(memory, flags.get("ordering"));
    return false;
  }
  const search::EngineOption& join = search::engine_option("split-join");
  const auto late_join = parallel::parse_split_join(flags.get("split-join", join.default_text));
  if (!late_join) {
    error = unknown_value(join, flags.get("split-join"));
    return false;
  }
  const search::EngineOption& choice = search::engine_option("split-choice");
  const auto tree_choice =
      parallel::parse_split_choice(flags.get("split-choice", choice.default_text));
  if (!tree_choice) {
    error = unknown_value(choice, flags.get("split-choice"));
    return false;
  }
  const search::EngineOption& form = search::engine_option("abdada-form");
  const auto abdada_form = parallel::parse_abdada_form(flags.get("abdada-form", form.default_text));
  if (!abdada_form) {
    error = unknown_value(form, flags.get("abdada-form"));
    return false;
  }
  const search::EngineOption& affinity = search::engine_option("affinity");
  const std::string placement = flags.get("affinity", affinity.default_text);
  if (std::find(affinity.values.begin(), affinity.values.end(), placement) ==
      affinity.values.end()) {
    error = unknown_value(affinity, placement);
    return false;
  }
  settings.pin_threads = placement == "cores";
  settings.split_any_node = *any;
  settings.late_join = *late_join;
  settings.split_choice_tree = *tree_choice;
  settings.abdada_form = *abdada_form;
  settings.ordering = *ordering;
  settings.min_split_depth = int(min_depth);
  settings.max_helpers_per_split = int(helpers);
  return true;
}

bool read_parallel_flags(const Flags& flags, std::string_view default_features, int& threads,
                         parallel::SplitSettings& settings, search::SearchFeatures& features,
                         std::string& error) {
  long long thread_count = 1;
  if (!get_option_int(flags, "threads", search::engine_option("threads").default_number,
                      thread_count, error) ||
      !read_split_settings(flags, settings, error))
    return false;
  threads = int(thread_count);
  const search::EngineOption& strategy_option = search::engine_option("strategy");
  const auto strategy =
      parallel::parse_split_strategy(flags.get("strategy", option_default(strategy_option)));
  if (!strategy) {
    error = unknown_value(strategy_option, flags.get("strategy"));
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
  // Each default from the option table (the strategy's from the registry), stated once there.
  auto value = [&](std::string_view flag) {
    const search::EngineOption& option = search::engine_option(flag);
    const std::string fallback = option.kind == search::EngineOption::Kind::kSpin
                                     ? std::to_string(option.default_number)
                                     : option_default(option);
    return flags.get(std::string(flag), fallback);
  };
  // A split rule at 0 is the strategy's for the thread count (parallel/strategy.cc).
  auto rule = [&](std::string_view flag) {
    const std::string v = value(flag);
    return v == "0" ? std::string("the thread count's") : v;
  };
  return "threads " + value("threads") + ", strategy " + value("strategy") + ", split " +
         value("split-nodes") + " nodes at depth >= " + rule("min-split-depth") + ", <= " +
         rule("max-helpers") + " helpers, " + value("ordering") + " killers and history" +
         (flags.has("split-join") ? ", " + flags.get("split-join") + " joins" : "") +
         (flags.has("split-choice") ? ", split choice " + flags.get("split-choice") : "") +
         (flags.has("abdada-form") ? ", ABDADA form " + flags.get("abdada-form") : "") +
         (flags.get("affinity", "none") == "cores" ? ", threads pinned to cores" : "") +
         ", search features " +
         flags.get("features", std::string(default_features)) +
         (flags.has("tune") ? ", tuning " + describe_tuning_flag(flags) : "");
}

}  // namespace splitlab::cli
