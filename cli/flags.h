// A small command-line flag reader: "--name value" and boolean "--name" flags, with errors that
// name the flag. Each subcommand declares the flags it accepts.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/util/flag_spec.h"

namespace splitlab::cli {

using util::FlagSpec;

class Flags {
 public:
  // `valued` flags take the next argument as value; `switches` take none.
  Flags(std::set<std::string> valued, std::set<std::string> switches)
      : valued_(std::move(valued)), switches_(std::move(switches)) {}
  // The flags a command declares (its CommandSpec): what help shows is what parses, and an
  // integer flag's range and default come from its declaration (get_int below).
  explicit Flags(const std::vector<FlagSpec>& specs);

  // Returns false with `error` set on an unknown flag, a missing value or a stray argument,
  // or, for flags declared as paths (FlagSpec::path), a path that cannot serve (paths.h):
  // checked here, before the command does any work, so a refusal writes nothing.
  // "--name=value" is taken as "--name value".
  bool parse(const std::vector<std::string>& args, std::string& error);

  bool has(const std::string& name) const { return values_.count(name) > 0; }
  // A flag given more than once: its last value.
  std::string get(const std::string& name, const std::string& fallback = "") const;
  // Every value of a flag, in the order given (empty if absent): for flags whose values add up,
  // such as bench's --tune.
  std::vector<std::string> get_all(const std::string& name) const;
  // Reads an integer flag within [min, max]; returns false with `error` naming the flag.
  bool get_int(const std::string& name, long long min, long long max, long long fallback,
               long long& value, std::string& error) const;
  // The same with the range and default of the flag's declaration (an integer FlagSpec).
  bool get_int(const std::string& name, long long& value, std::string& error) const;
  // Reads a decimal flag ("1.5", "2", ".25") within [min, max]; false with `error` naming it.
  bool get_double(const std::string& name, double min, double max, double fallback,
                  double& value, std::string& error) const;

 private:
  bool check_paths(std::string& error) const;

  std::set<std::string> valued_, switches_;
  std::vector<FlagSpec> specs_;  // Empty when made from name sets.
  // Every value of each flag given, in order (a switch's is "1"); get() reads the last.
  std::map<std::string, std::vector<std::string>> values_;
};

// The command's operands that name files (CommandSpec::operand_paths), checked as flags' paths
// are; false with `error` naming the first that cannot serve.
bool check_operand_paths(const util::CommandSpec& spec, const std::vector<std::string>& operands,
                         std::string& error);

}  // namespace splitlab::cli
