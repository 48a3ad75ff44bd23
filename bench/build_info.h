// How this binary was built, for the metadata of results files: results of an unoptimised or
// sanitizer build, or of another compiler, must not pass for those of the measuring build.
#pragma once

#include <string>

namespace splitlab::bench {

struct BuildInfo {
  std::string compilation_mode;  // Bazel's: "opt", "dbg" or "fastbuild".
  std::string compiler;          // e.g. "gcc 12.2.0".
  bool optimized = false;        // Compiled with optimisation (-O1 or more).
  bool assertions = false;       // assert() active (no NDEBUG).
  std::string sanitizers;        // "address", "thread" or "none".
  // The x86-64 level and the instruction sets -march enabled (bench/cpu_features.h), e.g.
  // "x86-64-v3 sse3 ssse3 ... avx2".
  std::string target_features;
};

BuildInfo build_info();

}  // namespace splitlab::bench
