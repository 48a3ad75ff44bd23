// A command's flags declared once: the parser reads the names and arities from the declaration,
// and help is printed from it, so that what help shows is what parses (issue 51). Integer flags
// carry their range and default here, and the parser reads them from here too.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/util/paths.h"

namespace splitlab::util {

struct FlagSpec {
  enum class Arity {
    kSwitch,  // "--divide": no value
    kValue,   // "--depth 12": one value
    kList,    // "--engine name=A cmd=PATH": the words up to the next flag (match's style)
  };
  struct IntRange {
    int64_t min = 0, max = 0, fallback = 0;
  };

  std::string name;     // Without the dashes: "min-split-depth".
  Arity arity = Arity::kValue;
  std::string value;    // The value's placeholder in help: "N", "FILE", "LIST".
  std::string meaning;  // One sentence, without a final period.
  std::string default_text;  // Help's default ("" when there is none: required or off).
  std::string range_text;    // Help's range or values, as words: "one of xor, bracket, locked,
                             // raw", "from 1 to 64", "a list of strategies" ("" for any).
  std::optional<IntRange> ints;  // An integer flag's range and default, read by the parser.
  bool repeatable = false;       // May be given more than once, each adding to the others.
  // A file or folder: what must be there. Flags (cli/flags.h) checks it before the command
  // runs, and `splitlab help --declarations` lists it for the sweep that tests every such flag.
  PathKind path = PathKind::kNone;
  // Values that are names, not paths (predictor's --suite takes "bench" or a file).
  std::vector<std::string> path_names = {};
  // A list flag's keys that name files (match's --openings file=FILE, --engine cmd=PATH).
  std::vector<std::pair<std::string, PathKind>> path_keys = {};
};

// Builders for the common kinds: the help text of the default and range is made from the numbers.
FlagSpec int_flag(std::string name, std::string value, std::string meaning, int64_t min,
                  int64_t max, int64_t fallback);
FlagSpec text_flag(std::string name, std::string value, std::string meaning,
                   std::string default_text = "", std::string range_text = "");
// A flag whose value is one of `choices` ("one of a, b, c" in help).
FlagSpec choice_flag(std::string name, std::string value, std::string meaning,
                     const std::vector<std::string>& choices, std::string default_text);
FlagSpec switch_flag(std::string name, std::string meaning);
// A flag naming a file or folder (paths.h): `kind` says what must be there.
FlagSpec path_flag(std::string name, std::string value, std::string meaning, PathKind kind,
                   std::string default_text = "");
FlagSpec list_flag(std::string name, std::string value, std::string meaning,
                   std::string default_text = "", bool repeatable = false);

// A command as help presents it.
struct CommandSpec {
  std::string name;      // "scale"
  std::string operands;  // What comes before the flags: "FILE" (epd); "" for none.
  std::string summary;   // One line: what the command is for.
  std::vector<FlagSpec> flags;
  std::string notes;     // Further lines for the command's help page ("" for none).
  std::string brief;     // A few words for the list of commands.
  // The operands that name files, in order (epd's FILE: one input file); empty for none.
  std::vector<PathKind> operand_paths = {};
};

// The command's help page: its usage line, summary, and one entry per flag with the meaning,
// default and range, wrapped to 100 columns; notes last.
std::string command_help(const CommandSpec& command);
// "--depth N", "--divide", "--engine KEY=VALUE..." as a flag is written on a command line.
std::string flag_usage(const FlagSpec& flag);
// True when `args` ask for help: "--help" or "-h" anywhere.
bool wants_help(const std::vector<std::string>& args);
// Appends `more` to `flags`, for commands that share a group of flags.
void add_flags(std::vector<FlagSpec>& flags, const std::vector<FlagSpec>& more);
// The flag named `name` in `flags`, or null.
const FlagSpec* find_flag(const std::vector<FlagSpec>& flags, const std::string& name);

}  // namespace splitlab::util
