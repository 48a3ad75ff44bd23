// The normal suite's replay of a fuzz target's committed corpus (fuzz.bzl, NAME_replay_test):
// every file under the folders named on the command line goes once through the target's
// LLVMFuzzerTestOneInput, built by the normal compiler and, in the sanitizer passes, under
// their sanitizers. A target aborts on an input that breaks what it checks, which fails the test;
// a corpus with no input fails too (an empty glob must not pass).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path root(argv[i]);
    std::error_code ec;
    if (fs::is_directory(root, ec)) {
      for (const auto& entry : fs::recursive_directory_iterator(root, ec))
        if (entry.is_regular_file()) inputs.push_back(entry.path());
    } else if (fs::is_regular_file(root, ec)) {
      inputs.push_back(root);
    } else {
      std::fprintf(stderr, "replay: no file or folder '%s'\n", argv[i]);
      return 1;
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "replay: no inputs in the corpus\n");
    return 1;
  }
  std::sort(inputs.begin(), inputs.end());  // The same order on every run.
  for (const fs::path& path : inputs) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", path.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replayed %zu inputs\n", inputs.size());
  return 0;
}
