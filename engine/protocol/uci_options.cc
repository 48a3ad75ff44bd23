#include "engine/protocol/uci_options.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "engine/protocol/option_name.h"
#include "engine/util/text.h"

namespace splitlab::protocol {

std::string UciOption::declaration() const {
  std::string out = "option name " + name + " type ";
  switch (type) {
    case Type::kSpin:
      out += "spin default " + default_value + " min " + std::to_string(min) + " max " +
             std::to_string(max);
      break;
    case Type::kCheck: out += "check default " + default_value; break;
    case Type::kCombo:
      out += "combo default " + default_value;
      for (const auto& v : vars) out += " var " + v;
      break;
    case Type::kButton: out += "button"; break;
    case Type::kString: out += "string default " + default_value; break;
  }
  return out;
}

std::string ucci_option_name(const std::string& name) {
  if (name == "Hash") return "hashsize";
  std::string out;
  for (const char c : name)
    if (c != ' ') out += char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string UciOption::ucci_declaration() const {
  const std::string line = "option " + ucci_option_name(name) + " type ";
  switch (type) {
    case Type::kSpin:
      return line + "spin min " + std::to_string(min) + " max " + std::to_string(max) +
             " default " + default_value;
    case Type::kCheck:
      return line + "check default " + default_value;
    case Type::kCombo: {
      std::string list;
      for (const auto& var : vars) list += " var " + var;
      return line + "combo" + list + " default " + default_value;
    }
    case Type::kButton:
      return line + "button";
    case Type::kString:
      return line + "string default " + default_value;
  }
  return line;
}

void UciOptions::add(UciOption option) {
  option.value = option.default_value;
  options_.push_back(std::move(option));
}

const UciOption* UciOptions::find(const std::string& name) const {
  for (const auto& o : options_)
    if (same_option_name(o.name, name)) return &o;
  return nullptr;
}

UciOption* UciOptions::find_mutable(const std::string& name) {
  return const_cast<UciOption*>(static_cast<const UciOptions*>(this)->find(name));
}

bool UciOptions::set(const std::string& name, const std::string& value, std::string& error) {
  UciOption* o = find_mutable(name);
  if (!o) {
    error = "unknown option '" + name + "'";
    return false;
  }
  switch (o->type) {
    case UciOption::Type::kSpin: {
      int64_t v = 0;
      if (!util::parse_int(value, o->min, o->max, v)) {
        error = "option '" + o->name + "' needs an integer from " + std::to_string(o->min) +
                " to " + std::to_string(o->max) + ", not '" + value + "'";
        return false;
      }
      o->value = std::to_string(v);
      return true;
    }
    case UciOption::Type::kCheck:
      if (value != "true" && value != "false") {
        error = "option '" + o->name + "' needs true or false, not '" + value + "'";
        return false;
      }
      o->value = value;
      return true;
    case UciOption::Type::kCombo:
      for (const auto& v : o->vars) {
        if (same_option_name(v, value)) {
          o->value = v;
          return true;
        }
      }
      error = "option '" + o->name + "' has no value '" + value + "' (one of:";
      for (const auto& v : o->vars) error += " " + v;
      error += ")";
      return false;
    case UciOption::Type::kButton:
      if (!value.empty()) {
        error = "option '" + o->name + "' is a button and takes no value";
        return false;
      }
      return true;
    case UciOption::Type::kString: o->value = value; return true;
  }
  return false;
}

int64_t UciOptions::spin(const std::string& name) const { return std::stoll(find(name)->value); }
bool UciOptions::check(const std::string& name) const { return find(name)->value == "true"; }
const std::string& UciOptions::text(const std::string& name) const { return find(name)->value; }

}  // namespace splitlab::protocol
