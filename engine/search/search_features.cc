#include "engine/search/search_features.h"

#include <algorithm>

namespace splitlab::search {

bool* search_feature(SearchFeatures& f, std::string_view name) {
  if (name == kClassicSearchName) return &f.classic;
  bool* fields[] = {&f.futility, &f.late_move_pruning, &f.see_pruning,
                    &f.razoring, &f.iir,               &f.history_lmr,
                    &f.safe_check_extension,           &f.smart_time,
                    &f.counter_moves,                  &f.time_reserve,
                    &f.continuation_history,           &f.singular_extension,
                    &f.endgame_knowledge,              &f.tt_prefetch,
                    &f.time_floor,                     &f.qsearch_tt,
                    &f.improving,                      &f.delta_pruning,
                    &f.null_move_eval,                 &f.qsearch_checks,
                    &f.smart_time_2,                   &f.deferred_researches};
  for (size_t i = 0; i < kSearchFeatureNames.size(); ++i)
    if (kSearchFeatureNames[i] == name) return fields[i];
  return nullptr;
}

bool parse_search_features(std::string_view text, SearchFeatures& out, std::string& error) {
  SearchFeatures features;
  if (text != "none" && !text.empty()) {
    size_t start = 0;
    while (start <= text.size()) {
      const size_t comma = std::min(text.find(',', start), text.size());
      const std::string_view name = text.substr(start, comma - start);
      bool* field = search_feature(features, name);
      if (!field) {
        error = "unknown search feature '" + std::string(name) + "' (known: ";
        for (size_t i = 0; i < kSearchFeatureNames.size(); ++i)
          error += std::string(i ? ", " : "") + std::string(kSearchFeatureNames[i]);
        error += ", the form " + std::string(kClassicSearchName) + ", or none)";
        return false;
      }
      *field = true;
      start = comma + 1;
    }
  }
  out = features;
  return true;
}

SearchFeatures search_features_of(std::string_view text) {
  SearchFeatures features;
  std::string error;
  parse_search_features(text, features, error);
  return features;
}

std::string describe_search_features(const SearchFeatures& f) {
  SearchFeatures copy = f;
  std::string text(f.classic ? kClassicSearchName : "");
  for (auto name : kSearchFeatureNames)
    if (*search_feature(copy, name)) text += (text.empty() ? "" : ",") + std::string(name);
  return text.empty() ? "none" : text;
}

}  // namespace splitlab::search
