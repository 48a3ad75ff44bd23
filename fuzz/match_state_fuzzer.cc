// libFuzzer target: a match's resume state (state.tsv, bench/match/results_store.h), as a rerun
// of `splitlab match --out DIR` reads it after an interruption, a full disk or a hand edit.
// The file is loaded by ResultsStore::open from a scratch folder (in /dev/shm where there is
// one: open() syncs the file); a refusal names its reason, an accepted state holds each game
// once in index order. Every game line is also decoded alone: one that decodes writes back
// (encode) to a line that decodes to the same line again (times below 10^15 ms: see times_fit).
#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/match/results_store.h"
#include "fuzz/scratch_dir.h"

namespace {

using splitlab::bench::match::GameRecord;
using splitlab::bench::match::ResultsStore;

const std::string& scratch_dir() { return splitlab::fuzz::scratch_dir("state"); }

// encode() writes each time with "%.3f" into 32 bytes: one of 10^27 ms or more is cut short
// and decodes to another number (no run takes 10^19 years; reported, not changed), so the
// round trip is checked below 10^15 ms.
bool times_fit(const GameRecord& r) {
  for (const double ms : {r.wall_ms, r.setup_ms, r.think_ms})
    if (std::isfinite(ms) && std::abs(ms) >= 1e15) return false;
  return true;
}

void check_line(const std::string& line) {
  GameRecord record;
  if (!ResultsStore::decode(line, record)) return;
  const std::string written = ResultsStore::encode(record);
  if (!times_fit(record)) return;
  GameRecord again;
  if (!ResultsStore::decode(written, again) || ResultsStore::encode(again) != written)
    __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) check_line(line);

  const std::string path = scratch_dir() + "/state.tsv";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) __builtin_trap();
  }
  // The signature of the corpus's states: "--engine cmd=a --engine cmd=b".
  static const std::vector<std::string> signature = {"--engine", "cmd=a", "--engine", "cmd=b"};
  ResultsStore store;
  std::string error;
  if (!store.open(scratch_dir(), signature, 1, "", error)) {
    if (error.empty()) __builtin_trap();
    return 0;
  }
  const auto& games = store.games();
  for (size_t i = 1; i < games.size(); ++i)
    if (games[i - 1].index >= games[i].index) __builtin_trap();
  return 0;
}
