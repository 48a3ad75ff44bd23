#include "cli/version.h"

#include "bench/build_commit.h"
#include "bench/build_info.h"
#include "bench/cpu_features.h"

namespace splitlab::cli {

std::string version_text() {
  const bench::BuildInfo build = bench::build_info();
  std::string commit = bench::build_commit();
  std::string state = "clean";
  if (const size_t plus = commit.find('+'); plus != std::string::npos) {
    state = commit.substr(plus + 1);  // "dirty" or "unknown-changes"
    commit.resize(plus);
  } else if (commit == "unknown") {
    state = "not built from a git checkout";
  }
  std::string mode = build.compilation_mode;
  if (build.sanitizers != "none") mode += " " + build.sanitizers + "-sanitizer";
  if (build.assertions) mode += " assertions";
  const std::string isa = bench::compiled_isa_level();
  std::string features;
  for (const std::string& f : bench::compiled_cpu_features()) features += " " + f;
  std::string text = "splitlab " + std::string(kVersion) + " " + commit.substr(0, 12) + " " +
                     (state == "clean" ? "clean" : state) + " " + mode + " " + isa + " " +
                     build.compiler + "\n";
  text += "version      " + std::string(kVersion) + "\n";
  text += "commit       " + commit + " (" + state + ")\n";
  text += "build        " + build.compilation_mode + (build.optimized ? ", optimised" : "") +
          (build.assertions ? ", assertions on" : ", assertions off") + ", sanitizers " +
          build.sanitizers + "\n";
  text += "instructions " + isa + ":" + (features.empty() ? " baseline only" : features) + "\n";
  text += "compiler     " + build.compiler + "\n";
  text += "licence      Apache-2.0 (LICENSE); to cite, see CITATION.cff\n";
  return text;
}

}  // namespace splitlab::cli
