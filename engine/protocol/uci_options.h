// The engine's UCI options: their declaration ("option name ... type ..."), validation of
// "setoption" values, and current values. Parallel-search options are stored here and read by
// the search when it starts.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/util/paths.h"

namespace splitlab::protocol {

struct UciOption {
  enum class Type { kSpin, kCheck, kCombo, kButton, kString };
  std::string name;
  Type type = Type::kString;
  std::string default_value;
  int64_t min = 0, max = 0;        // kSpin
  std::vector<std::string> vars;   // kCombo
  std::string value;               // Current value ("" for buttons).
  // A kString option that names a file (BookFile): what must be there (engine/util/paths.h).
  util::PathKind path = util::PathKind::kNone;

  // "option name Hash type spin default 16 min 1 max 32768"
  std::string declaration() const;
  // UCCI's: "option hashsize type spin min 1 max 32768 default 16".
  std::string ucci_declaration() const;
};

// UCCI names options in one lower-case word: "hashsize" (its standard name for Hash), and
// ours without their spaces ("moveoverhead", "splitstrategy").
std::string ucci_option_name(const std::string& name);

class UciOptions {
 public:
  void add(UciOption option);
  // Case-insensitive, as the UCI protocol asks.
  const UciOption* find(const std::string& name) const;
  // Validates and sets a value; on failure returns false with `error` naming the option and
  // what was wrong. Buttons accept no value.
  bool set(const std::string& name, const std::string& value, std::string& error);
  const std::vector<UciOption>& all() const { return options_; }

  int64_t spin(const std::string& name) const;
  bool check(const std::string& name) const;
  const std::string& text(const std::string& name) const;

 private:
  UciOption* find_mutable(const std::string& name);
  std::vector<UciOption> options_;
};

}  // namespace splitlab::protocol
