#include "bench/cpu_features.h"

#include <cpuid.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

#include "bench/compiled_features.h"

namespace splitlab::bench {

namespace {

struct Registers {
  uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
};

Registers cpuid(uint32_t leaf, uint32_t subleaf = 0) {
  Registers r;
  if (!__get_cpuid_count(leaf, subleaf, &r.eax, &r.ebx, &r.ecx, &r.edx)) return Registers{};
  return r;
}

// The register state the operating system saves on a context switch (XCR0): AVX needs the
// SSE and AVX halves (bits 1, 2), AVX-512 also the opmask and upper registers (bits 5-7).
uint64_t saved_register_state() {
  if (!(cpuid(1).ecx & (1u << 27))) return 0;  // No OSXSAVE: no AVX state is saved.
  uint32_t low = 0, high = 0;
  __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  return (uint64_t(high) << 32) | low;
}

bool bit(uint32_t word, int n) { return (word >> n) & 1u; }

}  // namespace

bool cpu_supports(const std::string& f) {
  const Registers l1 = cpuid(1), l7 = cpuid(7), ext = cpuid(0x80000001);
  const uint64_t xcr0 = saved_register_state();
  const bool avx_state = (xcr0 & 0x6) == 0x6;
  const bool avx512_state = avx_state && (xcr0 & 0xe0) == 0xe0;
  if (f == "sse3") return bit(l1.ecx, 0);
  if (f == "ssse3") return bit(l1.ecx, 9);
  if (f == "sse4_1") return bit(l1.ecx, 19);
  if (f == "sse4_2") return bit(l1.ecx, 20);
  if (f == "popcnt") return bit(l1.ecx, 23);
  if (f == "cx16") return bit(l1.ecx, 13);
  if (f == "lahf_lm") return bit(ext.ecx, 0);
  if (f == "avx") return bit(l1.ecx, 28) && avx_state;
  if (f == "f16c") return bit(l1.ecx, 29) && avx_state;
  if (f == "fma") return bit(l1.ecx, 12) && avx_state;
  if (f == "movbe") return bit(l1.ecx, 22);
  if (f == "abm") return bit(ext.ecx, 5);  // lzcnt
  if (f == "bmi1") return bit(l7.ebx, 3);
  if (f == "bmi2") return bit(l7.ebx, 8);
  if (f == "avx2") return bit(l7.ebx, 5) && avx_state;
  if (f == "avx512f") return bit(l7.ebx, 16) && avx512_state;
  if (f == "avx512dq") return bit(l7.ebx, 17) && avx512_state;
  if (f == "avx512cd") return bit(l7.ebx, 28) && avx512_state;
  if (f == "avx512bw") return bit(l7.ebx, 30) && avx512_state;
  if (f == "avx512vl") return bit(l7.ebx, 31) && avx512_state;
  if (f == "avx512ifma") return bit(l7.ebx, 21) && avx512_state;
  if (f == "avx512vbmi") return bit(l7.ecx, 1) && avx512_state;
  if (f == "avx512_vbmi2") return bit(l7.ecx, 6) && avx512_state;
  if (f == "avx512_vnni") return bit(l7.ecx, 11) && avx512_state;
  if (f == "avx512_bitalg") return bit(l7.ecx, 12) && avx512_state;
  if (f == "avx512_vpopcntdq") return bit(l7.ecx, 14) && avx512_state;
  if (f == "avx512_vp2intersect") return bit(l7.edx, 8) && avx512_state;
  if (f == "avx512_bf16") return bit(cpuid(7, 1).eax, 5) && avx512_state;
  if (f == "avx_vnni") return bit(cpuid(7, 1).eax, 4) && avx_state;
  if (f == "gfni") return bit(l7.ecx, 8);
  if (f == "vaes") return bit(l7.ecx, 9) && avx_state;
  if (f == "vpclmulqdq") return bit(l7.ecx, 10) && avx_state;
  if (f == "sse4a") return bit(ext.ecx, 6);
  return false;
}

std::vector<std::string> compiled_cpu_features() {
  std::vector<std::string> features;
  for (const char* const* f = compiled_cpu_feature_names(); *f; ++f) features.emplace_back(*f);
  return features;
}

std::string compiled_isa_level() {
  const std::vector<std::string> have = compiled_cpu_features();
  auto all = [&](std::initializer_list<const char*> names) {
    for (const char* n : names)
      if (std::find(have.begin(), have.end(), n) == have.end()) return false;
    return true;
  };
  const bool v2 = all({"sse3", "ssse3", "sse4_1", "sse4_2", "popcnt", "lahf_lm"});
  const bool v3 = v2 && all({"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe"});
  const bool v4 = v3 && all({"avx512f", "avx512dq", "avx512cd", "avx512bw", "avx512vl"});
  return v4 ? "x86-64-v4" : v3 ? "x86-64-v3" : v2 ? "x86-64-v2" : "x86-64";
}

void refuse_unless_cpu_supports_build() {
  const std::vector<std::string> missing = missing_cpu_features();
  if (missing.empty()) return;
  std::fprintf(stderr, "%s\n", cpu_refusal(missing).c_str());
  std::fflush(stderr);
  std::_Exit(2);  // No static destructor: their constructors may not have run.
}

std::vector<std::string> missing_cpu_features() {
  std::vector<std::string> missing;
  for (const std::string& f : compiled_cpu_features())
    if (!cpu_supports(f)) missing.push_back(f);
  return missing;
}

std::string cpu_refusal(const std::vector<std::string>& missing) {
  std::string list;
  for (const std::string& f : missing) list += (list.empty() ? "" : ", ") + f;
  char host[256] = "unknown";
  gethostname(host, sizeof host - 1);
  std::string where = "host " + std::string(host);
  // MPI launchers name the rank in the environment before MPI_Init (Open MPI, PMI, Slurm).
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID"}) {
    if (const char* rank = std::getenv(name)) {
      where = "rank " + std::string(rank) + " on " + where;
      break;
    }
  }
  return "splitlab: this binary was built for " + compiled_isa_level() + " (-march), and the CPU of " +
         where + " lacks " + list +
         "; build one for it with bazel build --config=portable (x86-64-v2) or "
         "--config=portable-v3 (x86-64-v3), see docs/many-cores.md";
}

}  // namespace splitlab::bench
