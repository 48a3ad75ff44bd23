#include "bench/build_info.h"

#include "bench/cpu_features.h"

// Bazel passes its compilation mode in (see bench/BUILD).
#define SPLITLAB_STRINGIFY_(x) #x
#define SPLITLAB_STRINGIFY(x) SPLITLAB_STRINGIFY_(x)
#ifndef SPLITLAB_COMPILATION_MODE
#define SPLITLAB_COMPILATION_MODE unknown
#endif
// GCC defines __SANITIZE_ADDRESS__ and __SANITIZE_THREAD__; clang (the fuzz build) answers
// __has_feature instead.
#if defined(__SANITIZE_ADDRESS__)
#define SPLITLAB_ADDRESS_SANITIZER 1
#elif defined(__SANITIZE_THREAD__)
#define SPLITLAB_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SPLITLAB_ADDRESS_SANITIZER 1
#elif __has_feature(thread_sanitizer)
#define SPLITLAB_THREAD_SANITIZER 1
#endif
#endif

namespace splitlab::bench {

BuildInfo build_info() {
  BuildInfo info;
  info.compilation_mode = SPLITLAB_STRINGIFY(SPLITLAB_COMPILATION_MODE);
#if defined(__clang__)
  info.compiler = "clang " __clang_version__;
  // clang's version string may end in a space ("14.0.6 ").
  while (!info.compiler.empty() && info.compiler.back() == ' ') info.compiler.pop_back();
#elif defined(__GNUC__)
  info.compiler = "gcc " __VERSION__;
#else
  info.compiler = "unknown";
#endif
#ifdef __OPTIMIZE__
  info.optimized = true;
#endif
#ifndef NDEBUG
  info.assertions = true;
#endif
#if defined(SPLITLAB_ADDRESS_SANITIZER)
  info.sanitizers = "address";
#elif defined(SPLITLAB_THREAD_SANITIZER)
  info.sanitizers = "thread";
#else
  info.sanitizers = "none";
#endif
  info.target_features = compiled_isa_level();
  for (const std::string& f : compiled_cpu_features()) info.target_features += " " + f;
  return info;
}

}  // namespace splitlab::bench
