// The settings a user gives the engine both as UCI/UCCI options and as command-line flags, in
// one table: each one's option name, flag name, kind, default, range or values and meaning. The
// UCI engine declares its options from it (engine/protocol/uci.cc), the commands read and
// describe their flags from it (cli/search_flags.cc), and docs/engine.md is checked against the
// engine's declarations (issue 51), so the three can no longer drift apart.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search/parallel_policy.h"
#include "hashing/tt_options.h"

namespace splitlab::search {

struct EngineOption {
  enum class Kind { kSpin, kCombo, kText };
  std::string_view uci_name;  // "MinSplitDepth" (UCCI's is this in lower case, without spaces)
  std::string_view flag;      // "min-split-depth"
  Kind kind = Kind::kSpin;
  int64_t min = 0, max = 0, default_number = 0;  // kSpin
  std::string default_text;         // kCombo and kText ("" where the caller decides: a game's)
  std::vector<std::string> values;  // kCombo ("" where the caller supplies them: strategies)
  std::string_view meaning;
};

// The largest table the engine and the commands allocate, in MB.
inline constexpr int64_t kMaxHashMb = 32768;
inline constexpr int64_t kDefaultHashMb = 16;

// Every shared setting, in the order the engine declares them.
const std::vector<EngineOption>& engine_options();

// The option of that UCI name or flag name; aborts on a name the table does not hold (a
// programming error, found by any test that reaches it).
const EngineOption& engine_option(std::string_view uci_or_flag_name);

}  // namespace splitlab::search
