// libFuzzer target: UCI and UCCI command lines (the first byte picks the protocol), handled by
// the engine as a GUI's pipe would deliver them: position with moves, go with every limit,
// setoption with every option, stop, ponderhit, isready, banmoves, probe, and anything else.
// Output goes to a string stream. A few changes keep every input short, none of which removes a
// parser path: every go gets " movetime 2" appended (a go behind a self-ending search waits for
// it), only the first four go lines are kept, Threads above 4 and Hash above 16 MB are lowered,
// and a BookFile line is dropped (reading a named file is the book target's job, and a path
// like /dev/zero would never end). A go infinite or ponder runs until the engine's destructor
// (quit) ends it. Then the engine's whole output is checked as a GUI would read it
// (fuzz/engine_output_check.h: only the dialect's replies, every go answered once or refused),
// and a broken rule aborts with the rule and the output.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>

#include "cli/parallel_search.h"
#include "engine/protocol/uci.h"
#include "engine/protocol/uci_front_end.h"
#include "fuzz/engine_output_check.h"

namespace {

constexpr int kMaxGoLines = 4;
constexpr int64_t kMaxThreads = 4;
constexpr int64_t kMaxHashMb = 16;

std::string lower(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// An optional sign and digits: what an integer option value looks like to the engine.
bool is_integer(const std::string& word) {
  const size_t digits = word[0] == '-' || word[0] == '+' ? 1 : 0;
  return word.size() > digits && std::all_of(word.begin() + digits, word.end(),
                                             [](char c) { return c >= '0' && c <= '9'; });
}

// Every integer word of `line` above `limit` becomes `limit`.
std::string clamp_integers(const std::string& line, int64_t limit) {
  std::istringstream in(line);
  std::string word, out;
  while (in >> word) {
    if (is_integer(word) && word[0] != '-' && (word.size() > 18 || std::stoll(word) > limit))
      word = std::to_string(limit);
    out += (out.empty() ? "" : " ") + word;
  }
  return out;
}

// The line as the engine gets it, or nothing when it is dropped.
std::optional<std::string> tamed(const std::string& line, int& go_lines) {
  std::istringstream in(line);
  std::string command;
  in >> command;
  if (command == "go") {
    if (++go_lines > kMaxGoLines) return std::nullopt;
    return line + " movetime 2";
  }
  if (command != "setoption") return line;
  const std::string text = lower(line);
  if (text.find("bookfile") != std::string::npos) return std::nullopt;
  if (text.find("thread") != std::string::npos) return clamp_integers(line, kMaxThreads);
  if (text.find("hash") != std::string::npos) return clamp_integers(line, kMaxHashMb);
  return line;
}

// The lines to the engine, up to its quit; returns how many go lines it was given.
template <typename Engine>
int feed(Engine& engine, std::istringstream& lines) {
  std::string line;
  int go_lines = 0, gos_given = 0;
  while (std::getline(lines, line)) {
    const auto command = tamed(line, go_lines);
    if (!command) continue;
    std::istringstream words(*command);
    std::string first;
    words >> first;
    gos_given += first == "go";
    if (!engine.handle(*command)) break;
  }
  return gos_given;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace splitlab;
  if (size == 0 || size > 4096) return 0;
  std::ostringstream out;
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  const bool ucci = data[0] & 1;
  int gos = 0;
  // Each engine is gone at its scope's end: every search has answered and nothing more prints.
  if (ucci) {
    const auto ucci_engine = protocol::make_game_engine(ucci_game(), out, cli::parallel_search(),
                                                        protocol::Dialect::kUcci);
    protocol::LineEngine& engine = *ucci_engine;
    gos = feed(engine, lines);
  } else {
    protocol::UciFrontEnd engine(out, cli::parallel_search());
    gos = feed(engine, lines);
  }
  const std::string problem = fuzz::engine_output_problem(out.str(), ucci, gos);
  if (!problem.empty()) {
    std::fprintf(stderr, "engine_lines_fuzzer: %s\n-- the engine's output:\n%s", problem.c_str(),
                 out.str().c_str());
    std::abort();
  }
  return 0;
}
