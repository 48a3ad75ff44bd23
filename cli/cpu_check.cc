// The binary's first act: refuse, naming the missing instruction sets, on a CPU that lacks one
// the build was compiled for (bench/cpu_features.h), before any static initialiser compiled with
// that -march can die of SIGILL. A constructor of priority 101 runs before every constructor
// of default priority, C++'s static initialisers included. This file, like cpu_features.cc, is
// compiled for the baseline x86-64 (cli/BUILD).
#include "bench/cpu_features.h"

namespace {

__attribute__((constructor(101))) void check_cpu_before_anything_else() {
  splitlab::bench::refuse_unless_cpu_supports_build();
}

}  // namespace
