// The instruction sets this build's -march let the compiler use, as a null-terminated list of
// /proc/cpuinfo's names (bench/cpu_features.h reads it).
#pragma once

namespace splitlab::bench {

const char* const* compiled_cpu_feature_names();

}  // namespace splitlab::bench
