// libFuzzer target: the files an interrupted experiment resumes from. `splitlab scale`,
// `simulate` and `overhead` each read a scale suite (--suite FILE.epd) and, on a rerun, the
// runs.csv of the run before, whose rows they keep instead of searching again and then summarise.
// Either file may be cut short by a kill, edited by hand or copied from another run.
//
// An input is a command selector (the first byte: scale, simulate or overhead), a suite, a line
// "== runs.csv ==" and the runs.csv text. The command runs through its command-line entry point
// at depth 2 with one and two threads (or virtual CPUs) and a 1 MB table, so that every row the
// file lacks is searched for real in microseconds. Checked: no crash, no sanitizer report; a run
// that fails exits 2 (never another code); a run that succeeds leaves a complete runs.csv: run
// again, it keeps every row, searches nothing and adds nothing (a row it wrote that it cannot
// read back would be searched again and appended).
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/overhead_command.h"
#include "cli/scale_command.h"
#include "cli/simulate_command.h"
#include "fuzz/scratch_dir.h"

namespace {

const std::string& scratch_dir() { return splitlab::fuzz::scratch_dir("resume"); }

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) __builtin_trap();
}

// The data rows of a runs.csv: neither comments nor a header line (the three commands' headers
// begin "engine,strategy," or "strategy,"; a file given without one keeps none).
std::vector<std::string> data_rows(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> rows;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#' && line.rfind("engine,strategy,", 0) != 0 &&
        line.rfind("strategy,", 0) != 0)
      rows.push_back(line);
  return rows;
}

// Every non-comment line of the suite names a position; a suite of more than three is skipped,
// so that an input never costs more than a few milliseconds of search.
size_t suite_lines(const std::string& suite) {
  std::istringstream in(suite);
  std::string line;
  size_t n = 0;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) ++n;
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 8192) return 0;
  const int command = data[0] % 3;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  static const std::string kSeparator = "== runs.csv ==\n";
  const size_t cut = text.find(kSeparator);
  const std::string suite = text.substr(0, cut);
  const std::string runs = cut == std::string::npos ? "" : text.substr(cut + kSeparator.size());
  const size_t positions = suite_lines(suite);
  if (positions > 3) return 0;

  const std::string& dir = scratch_dir();
  const std::string out = dir + "/out";
  std::error_code ignored;
  std::filesystem::remove_all(out, ignored);
  mkdir(out.c_str(), 0700);
  write_file(dir + "/suite.epd", suite);
  if (cut != std::string::npos) write_file(out + "/runs.csv", runs);

  std::vector<std::string> args = {"--suite", dir + "/suite.epd", "--depth", "2",
                                   "--hash",  "1",                "--out",   out,
                                   "--strategies", "ybwc"};
  switch (command) {
    case 0:
      for (const char* a : {"--threads", "1,2", "--references", "none"}) args.push_back(a);
      break;
    case 1:
      for (const char* a : {"--cpus", "2", "--jobs", "1"}) args.push_back(a);
      break;
    default:
      for (const char* a : {"--threads", "2"}) args.push_back(a);
      break;
  }
  auto run = [&] {
    switch (command) {
      case 0: return splitlab::cli::scale_command(args);
      case 1: return splitlab::cli::simulate_command(args);
      default: return splitlab::cli::overhead_command(args);
    }
  };
  const int rc = run();
  if (rc != 0 && rc != 2) __builtin_trap();
  if (rc != 0) return 0;
  // Every position's configurations each have a row: the 1-thread search and YBWC at 2 (one
  // CPU and two). Rows the rerun keeps are not counted twice, so a suite naming one position
  // twice may have fewer.
  const std::string runs_path = out + "/runs.csv";
  if (data_rows(runs_path).size() < 2) __builtin_trap();
  // The run left a complete runs.csv: a rerun keeps every row and searches nothing again.
  std::error_code error;
  const auto size_before = std::filesystem::file_size(runs_path, error);
  if (error || run() != 0) __builtin_trap();
  if (std::filesystem::file_size(runs_path, error) != size_before || error) __builtin_trap();
  return 0;
}
