#include "cli/search_flags.h"

#include "hashing/tt_options.h"

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

}  // namespace splitlab::cli
