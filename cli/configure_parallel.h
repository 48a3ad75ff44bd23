// configure_parallel(): a command's --threads, --strategy, split knobs, --features and --tune
// (cli/search_flags.h) given to a searcher. Apart from search_flags.h, as it brings the search.
#pragma once

#include <string>

#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/search/searcher.h"
#include "parallel/options.h"

namespace splitlab::cli {

// Gives `searcher` the threads, split settings, search features and tuning of
// read_parallel_flags() and read_tuning_flag().
template <search::SearchGame G>
bool configure_parallel(const Flags& flags, search::Searcher<G>& searcher, std::string& error) {
  int threads = 1;
  parallel::SplitSettings settings;
  search::SearchFeatures features;
  search::SearchTuning tuning;
  if (!read_parallel_flags(flags, G::kDefaultSearchFeatures, threads, settings, features, error) ||
      !read_tuning_flag(flags, G::kDefaultSearchTuning, tuning, error))
    return false;
  searcher.shared_state().features = features;
  searcher.shared_state().set_tuning(tuning);
  parallel::configure_threads(searcher, threads, settings);
  return true;
}

}  // namespace splitlab::cli
