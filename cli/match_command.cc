#include "cli/match_command.h"

#include <cstdio>

#include "bench/match/match_options.h"
#include "bench/match/match_runner.h"

namespace splitlab::cli {

int match_command(const std::vector<std::string>& args) {
  bench::match::MatchConfig config;
  std::string error;
  if (!bench::match::parse_match_args(args, config, error)) {
    std::fprintf(stderr, "splitlab match: %s\n", error.c_str());
    return 2;
  }
  const int status = bench::match::run_match(config, error);
  if (status != 0) std::fprintf(stderr, "splitlab match: %s\n", error.c_str());
  return status;
}

}  // namespace splitlab::cli
