// The instruction sets the compiler was allowed to use (bench/cpu_features.h). This file is
// compiled with the build's -march, so its macros say what that allowed; only a pointer is
// returned, so that nothing here runs an instruction the CPU may lack before cpu_features.cc
// (compiled for the baseline) has checked.
#include "bench/compiled_features.h"

namespace splitlab::bench {
namespace {

// constexpr: filled in by the compiler, so no startup code of this file runs before the check.
constexpr const char* kCompiledFeatureNames[] = {
#ifdef __SSE3__
    "sse3",
#endif
#ifdef __SSSE3__
    "ssse3",
#endif
#ifdef __SSE4_1__
    "sse4_1",
#endif
#ifdef __SSE4_2__
    "sse4_2",
#endif
#ifdef __POPCNT__
    "popcnt",
#endif
#ifdef __LAHF_SAHF__
    "lahf_lm",
#endif
#ifdef __AVX__
    "avx",
#endif
#ifdef __F16C__
    "f16c",
#endif
#ifdef __FMA__
    "fma",
#endif
#ifdef __MOVBE__
    "movbe",
#endif
#ifdef __LZCNT__
    "abm",
#endif
#ifdef __BMI__
    "bmi1",
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
#ifdef __AVX512DQ__
    "avx512dq",
#endif
#ifdef __AVX512CD__
    "avx512cd",
#endif
#ifdef __AVX512BW__
    "avx512bw",
#endif
#ifdef __AVX512VL__
    "avx512vl",
#endif
#ifdef __AVX512IFMA__
    "avx512ifma",
#endif
#ifdef __AVX512VBMI__
    "avx512vbmi",
#endif
#ifdef __AVX512VBMI2__
    "avx512_vbmi2",
#endif
#ifdef __AVX512VNNI__
    "avx512_vnni",
#endif
#ifdef __AVX512BITALG__
    "avx512_bitalg",
#endif
#ifdef __AVX512VPOPCNTDQ__
    "avx512_vpopcntdq",
#endif
#ifdef __AVX512VP2INTERSECT__
    "avx512_vp2intersect",
#endif
#ifdef __AVX512BF16__
    "avx512_bf16",
#endif
#ifdef __AVXVNNI__
    "avx_vnni",
#endif
#ifdef __GFNI__
    "gfni",
#endif
#ifdef __VAES__
    "vaes",
#endif
#ifdef __VPCLMULQDQ__
    "vpclmulqdq",
#endif
#ifdef __SSE4A__
    "sse4a",
#endif
    nullptr};

}  // namespace

const char* const* compiled_cpu_feature_names() { return kCompiledFeatureNames; }

}  // namespace splitlab::bench
