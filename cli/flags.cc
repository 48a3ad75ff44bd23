#include "cli/flags.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace splitlab::cli {

Flags::Flags(const std::vector<FlagSpec>& specs) : specs_(specs) {
  for (const FlagSpec& spec : specs)
    (spec.arity == FlagSpec::Arity::kSwitch ? switches_ : valued_).insert(spec.name);
}

bool Flags::get_int(const std::string& name, long long& value, std::string& error) const {
  const FlagSpec* spec = util::find_flag(specs_, name);
  if (!spec || !spec->ints) {
    // A programming error: the command reads a flag it did not declare as an integer.
    error = "internal: --" + name + " is not declared as an integer flag";
    return false;
  }
  return get_int(name, spec->ints->min, spec->ints->max, spec->ints->fallback, value, error);
}

bool Flags::parse(const std::vector<std::string>& args, std::string& error) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0) {
      error = "unexpected argument '" + arg + "'";
      return false;
    }
    std::string name = arg.substr(2);
    // "--depth=5", as GNU tools take it, is "--depth 5".
    const size_t equals = name.find('=');
    if (equals != std::string::npos) {
      const std::string value = name.substr(equals + 1);
      name.resize(equals);
      if (switches_.count(name)) {
        error = "flag '--" + name + "' takes no value (given '" + arg + "')";
        return false;
      }
      if (!valued_.count(name)) {
        error = "unknown flag '--" + name + "' (in '" + arg + "')";
        return false;
      }
      values_[name].push_back(value);
      continue;
    }
    if (switches_.count(name)) {
      values_[name].push_back("1");
    } else if (valued_.count(name)) {
      if (i + 1 >= args.size()) {
        error = "flag '" + arg + "' needs a value";
        return false;
      }
      values_[name].push_back(args[++i]);
    } else {
      error = "unknown flag '" + arg + "'";
      return false;
    }
  }
  return check_paths(error);
}

bool Flags::check_paths(std::string& error) const {
  for (const FlagSpec& spec : specs_) {
    if (spec.path == util::PathKind::kNone) continue;
    for (const std::string& value : get_all(spec.name)) {
      if (std::find(spec.path_names.begin(), spec.path_names.end(), value) !=
          spec.path_names.end())
        continue;
      std::string why;
      if (!util::check_path(value, spec.path, why)) {
        error = "--" + spec.name + " " + why;
        return false;
      }
    }
  }
  return true;
}

bool check_operand_paths(const util::CommandSpec& spec, const std::vector<std::string>& operands,
                         std::string& error) {
  for (size_t i = 0; i < spec.operand_paths.size() && i < operands.size(); ++i)
    if (!util::check_path(operands[i], spec.operand_paths[i], error)) return false;
  return true;
}

std::string Flags::get(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second.back();
}

std::vector<std::string> Flags::get_all(const std::string& name) const {
  auto it = values_.find(name);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

bool Flags::get_int(const std::string& name, long long min, long long max, long long fallback,
                    long long& value, std::string& error) const {
  auto it = values_.find(name);
  if (it == values_.end()) {
    value = fallback;
    return true;
  }
  const std::string& text = it->second.back();
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    error = "bad value '" + text + "' for --" + name + ": expected an integer from " +
            std::to_string(min) + " to " + std::to_string(max);
    return false;
  }
  return true;
}

bool Flags::get_double(const std::string& name, double min, double max, double fallback,
                       double& value, std::string& error) const {
  auto it = values_.find(name);
  if (it == values_.end()) {
    value = fallback;
    return true;
  }
  const std::string& text = it->second.back();
  // Plain decimals: with `fixed`, from_chars takes no exponent and no leading '+'; "nan" and
  // "inf" parse but fail the range check.
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value,
                                   std::chars_format::fixed);
  if (ec != std::errc() || end != text.data() + text.size() || !(value >= min && value <= max)) {
    char range[96];
    std::snprintf(range, sizeof range, "%g to %g", min, max);
    error = "bad value '" + text + "' for --" + name + ": expected a number from " + range;
    return false;
  }
  return true;
}

}  // namespace splitlab::cli
