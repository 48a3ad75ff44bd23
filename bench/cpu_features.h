// The x86-64 instruction sets a binary was compiled to use, and whether this CPU has them.
//
// A binary built with -march=native on one machine dies with SIGILL on an older one, at
// whatever instruction first needs what that CPU lacks: in a cluster campaign, hours in. The
// binary checks before anything else runs (refuse_unless_cpu_supports_build) and refuses with
// the features by name instead.
// The compiled set comes from the compiler's macros in compiled_features.cc (compiled with the
// build's -march); the CPU's from cpuid and xgetbv in cpu_features.cc, which its BUILD rule
// compiles for the baseline x86-64, so that the check itself runs on any x86-64 CPU.
#pragma once

#include <string>
#include <vector>

namespace splitlab::bench {

// The features the compiler may have used, by the names /proc/cpuinfo gives them ("avx2",
// "bmi2", "avx512f"), from the build's -march (bench/compiled_features.h).
std::vector<std::string> compiled_cpu_features();
// The x86-64 microarchitecture level the compiled features amount to: "x86-64-v4", "x86-64-v3",
// "x86-64-v2" or "x86-64" (the levels of the x86-64 psABI).
std::string compiled_isa_level();

// Whether this CPU (and its operating system, for the AVX register state) supports `feature`,
// a name from compiled_cpu_features(); false for a name it does not know.
bool cpu_supports(const std::string& feature);
// The compiled features this CPU lacks, in compiled order (empty: the binary can run here).
std::vector<std::string> missing_cpu_features();

// Ends the process with status 2 and cpu_refusal() on stderr when this CPU lacks a compiled
// feature; otherwise returns. The binary runs it before any other static initialiser
// (cli/cpu_check.cc), since those are compiled with the build's -march too.
void refuse_unless_cpu_supports_build();

// The line main() prints before refusing to run: the build's level, the features this CPU lacks,
// the host and, under an MPI launcher, the rank (from its environment, before MPI starts), and
// the portable builds that would run (docs/many-cores.md).
std::string cpu_refusal(const std::vector<std::string>& missing);

}  // namespace splitlab::bench
