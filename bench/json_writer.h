// A small JSON writer for results files: objects and arrays written in order, strings escaped,
// numbers that are not finite written as null.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace splitlab::bench {

class JsonWriter {
 public:
  JsonWriter& begin_object(const std::string& key = "");
  JsonWriter& end_object();
  JsonWriter& begin_array(const std::string& key = "");
  JsonWriter& end_array();
  JsonWriter& string(const std::string& key, const std::string& value);
  JsonWriter& number(const std::string& key, double value);
  JsonWriter& integer(const std::string& key, int64_t value);
  // A separate name, not an overload: an int argument would match both.
  JsonWriter& unsigned_integer(const std::string& key, uint64_t value);
  JsonWriter& boolean(const std::string& key, bool value);
  JsonWriter& null(const std::string& key);
  // Array elements: the same calls with an empty key.
  const std::string& text() const { return text_; }

  static std::string quote(const std::string& text);

 private:
  void key(const std::string& name);
  std::string text_;
  std::vector<bool> first_;  // Per open container: nothing written in it yet.
};

}  // namespace splitlab::bench
