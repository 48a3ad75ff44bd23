#include "bench/json_writer.h"

#include <cmath>
#include <cstdio>

namespace splitlab::bench {

std::string JsonWriter::quote(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"')
      out += "\\\"";
    else if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (c < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += char(c);
    }
  }
  return out + "\"";
}

void JsonWriter::key(const std::string& name) {
  if (!first_.empty()) {
    if (!first_.back()) text_ += ",";
    first_.back() = false;
    text_ += "\n" + std::string(2 * first_.size(), ' ');
  }
  if (!name.empty()) text_ += quote(name) + ": ";
}

JsonWriter& JsonWriter::begin_object(const std::string& name) {
  key(name);
  text_ += "{";
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::end_object() {
  const bool empty = first_.back();
  first_.pop_back();
  if (!empty) text_ += "\n" + std::string(2 * first_.size(), ' ');
  text_ += "}";
  if (first_.empty()) text_ += "\n";
  return *this;
}

JsonWriter& JsonWriter::begin_array(const std::string& name) {
  key(name);
  text_ += "[";
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::end_array() {
  const bool empty = first_.back();
  first_.pop_back();
  if (!empty) text_ += "\n" + std::string(2 * first_.size(), ' ');
  text_ += "]";
  return *this;
}

JsonWriter& JsonWriter::string(const std::string& name, const std::string& value) {
  key(name);
  text_ += quote(value);
  return *this;
}

JsonWriter& JsonWriter::number(const std::string& name, double value) {
  key(name);
  if (!std::isfinite(value)) {
    text_ += "null";
    return *this;
  }
  char text[64];
  std::snprintf(text, sizeof text, "%.10g", value);
  text_ += text;
  return *this;
}

JsonWriter& JsonWriter::integer(const std::string& name, int64_t value) {
  key(name);
  text_ += std::to_string(value);
  return *this;
}

JsonWriter& JsonWriter::unsigned_integer(const std::string& name, uint64_t value) {
  key(name);
  text_ += std::to_string(value);
  return *this;
}

JsonWriter& JsonWriter::boolean(const std::string& name, bool value) {
  key(name);
  text_ += value ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null(const std::string& name) {
  key(name);
  text_ += "null";
  return *this;
}

}  // namespace splitlab::bench
