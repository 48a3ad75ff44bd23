#include "engine/util/flag_spec.h"

#include <sstream>

namespace splitlab::util {

namespace {

constexpr size_t kWidth = 100;
constexpr const char* kIndent = "      ";

// Appends `text` to `out` as words wrapped at kWidth, each line after the first indented.
void append_wrapped(const std::string& text, std::string& out) {
  std::istringstream words(text);
  size_t column = 0;
  bool first = true;
  for (std::string word; words >> word;) {
    if (!first && column + 1 + word.size() > kWidth) {
      out += "\n";
      out += kIndent;
      column = std::string(kIndent).size();
    } else if (!first) {
      out += ' ';
      ++column;
    } else {
      out += kIndent;
      column = std::string(kIndent).size();
    }
    out += word;
    column += word.size();
    first = false;
  }
  out += '\n';
}

}  // namespace

FlagSpec int_flag(std::string name, std::string value, std::string meaning, int64_t min,
                  int64_t max, int64_t fallback) {
  FlagSpec flag;
  flag.name = std::move(name);
  flag.value = std::move(value);
  flag.meaning = std::move(meaning);
  flag.default_text = std::to_string(fallback);
  flag.range_text = "from " + std::to_string(min) + " to " + std::to_string(max);
  flag.ints = FlagSpec::IntRange{min, max, fallback};
  return flag;
}

FlagSpec text_flag(std::string name, std::string value, std::string meaning,
                   std::string default_text, std::string range_text) {
  FlagSpec flag;
  flag.name = std::move(name);
  flag.value = std::move(value);
  flag.meaning = std::move(meaning);
  flag.default_text = std::move(default_text);
  flag.range_text = std::move(range_text);
  return flag;
}

FlagSpec choice_flag(std::string name, std::string value, std::string meaning,
                     const std::vector<std::string>& choices, std::string default_text) {
  std::string range = "one of ";
  for (size_t i = 0; i < choices.size(); ++i) range += (i ? ", " : "") + choices[i];
  return text_flag(std::move(name), std::move(value), std::move(meaning),
                   std::move(default_text), range);
}

FlagSpec path_flag(std::string name, std::string value, std::string meaning, PathKind kind,
                   std::string default_text) {
  FlagSpec flag = text_flag(std::move(name), std::move(value), std::move(meaning),
                            std::move(default_text));
  flag.path = kind;
  return flag;
}

FlagSpec switch_flag(std::string name, std::string meaning) {
  FlagSpec flag;
  flag.name = std::move(name);
  flag.arity = FlagSpec::Arity::kSwitch;
  flag.meaning = std::move(meaning);
  flag.default_text = "off";
  return flag;
}

FlagSpec list_flag(std::string name, std::string value, std::string meaning,
                   std::string default_text, bool repeatable) {
  FlagSpec flag;
  flag.name = std::move(name);
  flag.arity = FlagSpec::Arity::kList;
  flag.value = std::move(value);
  flag.meaning = std::move(meaning);
  flag.default_text = std::move(default_text);
  flag.repeatable = repeatable;
  return flag;
}

std::string flag_usage(const FlagSpec& flag) {
  std::string text = "--" + flag.name;
  if (flag.arity != FlagSpec::Arity::kSwitch) text += " " + flag.value;
  return text;
}

std::string command_help(const CommandSpec& command) {
  std::string out = "usage: splitlab " + command.name;
  if (!command.operands.empty()) out += " " + command.operands;
  if (!command.flags.empty()) out += " [flags]";
  out += "\n";
  append_wrapped(command.summary, out);
  if (!command.flags.empty()) out += "flags:\n";
  for (const FlagSpec& flag : command.flags) {
    out += "  " + flag_usage(flag) + "\n";
    std::string text = flag.meaning;
    if (!flag.range_text.empty()) text += "; " + flag.range_text;
    if (!flag.default_text.empty()) text += "; default " + flag.default_text;
    if (flag.repeatable) text += "; may be repeated";
    append_wrapped(text, out);
  }
  if (!command.notes.empty()) out += command.notes + (command.notes.back() == '\n' ? "" : "\n");
  return out;
}

bool wants_help(const std::vector<std::string>& args) {
  for (const std::string& arg : args)
    if (arg == "--help" || arg == "-h") return true;
  return false;
}

void add_flags(std::vector<FlagSpec>& flags, const std::vector<FlagSpec>& more) {
  flags.insert(flags.end(), more.begin(), more.end());
}

const FlagSpec* find_flag(const std::vector<FlagSpec>& flags, const std::string& name) {
  for (const FlagSpec& flag : flags)
    if (flag.name == name) return &flag;
  return nullptr;
}

}  // namespace splitlab::util
