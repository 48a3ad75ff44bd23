#include "engine/search/search_tuning.h"

#include <charconv>

namespace splitlab::search {

const TuningParameter* find_tuning_parameter(std::string_view name) {
  for (const TuningParameter& p : kTuningParameters)
    if (p.name == name) return &p;
  return nullptr;
}

bool set_tuning_parameter(SearchTuning& tuning, std::string_view name, std::string_view value,
                          std::string& error) {
  const TuningParameter* p = find_tuning_parameter(name);
  if (!p) {
    error = "unknown tuning parameter '" + std::string(name) + "' (known:";
    for (const TuningParameter& known : kTuningParameters) error += " " + std::string(known.name);
    error += ")";
    return false;
  }
  int v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || end != value.data() + value.size() || v < p->min || v > p->max) {
    error = "bad value '" + std::string(value) + "' for " + std::string(name) +
            ": expected an integer from " + std::to_string(p->min) + " to " +
            std::to_string(p->max);
    return false;
  }
  tuning.*(p->field) = v;
  return true;
}

bool parse_search_tuning(std::string_view text, const SearchTuning& base, SearchTuning& out,
                         std::string& error) {
  SearchTuning tuning = base;
  size_t start = 0;
  while (!text.empty() && start <= text.size()) {  // A trailing comma leaves an empty item.
    const size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const size_t equals = item.find('=');
    if (equals == std::string_view::npos) {
      error = "expected NAME=VALUE, not '" + std::string(item) + "'";
      return false;
    }
    if (!set_tuning_parameter(tuning, item.substr(0, equals), item.substr(equals + 1), error))
      return false;
    start = comma + 1;
  }
  out = tuning;
  return true;
}

std::string describe_search_tuning(const SearchTuning& tuning, const SearchTuning& defaults) {
  std::string text;
  for (const TuningParameter& p : kTuningParameters)
    if (tuning.*(p.field) != defaults.*(p.field))
      text += (text.empty() ? "" : ",") + std::string(p.name) + "=" +
              std::to_string(tuning.*(p.field));
  return text.empty() ? "default" : text;
}

}  // namespace splitlab::search
