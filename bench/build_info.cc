#include "bench/build_info.h"

// Bazel passes its compilation mode in (see bench/BUILD).
#define SPLITLAB_STRINGIFY_(x) #x
#define SPLITLAB_STRINGIFY(x) SPLITLAB_STRINGIFY_(x)
#ifndef SPLITLAB_COMPILATION_MODE
#define SPLITLAB_COMPILATION_MODE unknown
#endif

namespace splitlab::bench {

BuildInfo build_info() {
  BuildInfo info;
  info.compilation_mode = SPLITLAB_STRINGIFY(SPLITLAB_COMPILATION_MODE);
#if defined(__clang__)
  info.compiler = "clang " __clang_version__;
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
#if defined(__SANITIZE_ADDRESS__)
  info.sanitizers = "address";
#elif defined(__SANITIZE_THREAD__)
  info.sanitizers = "thread";
#else
  info.sanitizers = "none";
#endif
  const char* features[] = {
#ifdef __POPCNT__
      "popcnt",
#endif
#ifdef __BMI2__
      "bmi2",
#endif
#ifdef __AVX2__
      "avx2",
#endif
#ifdef __AVX512F__
      "avx512f",
#endif
      nullptr};
  for (const char* const* f = features; *f; ++f)
    info.target_features += (info.target_features.empty() ? "" : " ") + std::string(*f);
  if (info.target_features.empty()) info.target_features = "baseline";
  return info;
}

}  // namespace splitlab::bench
