// libFuzzer target: `splitlab match`'s command line (bench/match/match_options.h), the input
// split into arguments at newlines. A refusal names the bad flag or word; an accepted command
// line parses again to the same resume signature (what a resumed match compares).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "bench/match/match_options.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace splitlab::bench::match;
  if (size > 4096) return 0;
  std::vector<std::string> args;
  if (size > 0) args.emplace_back();
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      args.emplace_back();
    } else {
      args.back() += char(data[i]);
    }
  }
  MatchConfig config;
  std::string error;
  if (!parse_match_args(args, config, error)) {
    if (error.empty()) __builtin_trap();
    return 0;
  }
  MatchConfig again;
  if (!parse_match_args(config.command_line, again, error) ||
      again.resume_signature() != config.resume_signature())
    __builtin_trap();
  return 0;
}
