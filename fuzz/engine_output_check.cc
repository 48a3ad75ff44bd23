#include "fuzz/engine_output_check.h"

#include <algorithm>
#include <array>
#include <sstream>
#include <string_view>

namespace splitlab::fuzz {
namespace {

constexpr std::array<std::string_view, 6> kUciReplies = {"id",      "option", "uciok",
                                                         "readyok", "info",   "bestmove"};
constexpr std::array<std::string_view, 9> kUcciReplies = {
    "id", "option", "ucciok", "readyok", "info", "bestmove", "nobestmove", "pophash", "bye"};

template <size_t N>
bool is_one_of(std::string_view word, const std::array<std::string_view, N>& words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

}  // namespace

std::string engine_output_problem(const std::string& output, bool ucci, int go_commands) {
  std::istringstream lines(output);
  std::string line;
  int answers = 0, refusals = 0;
  while (std::getline(lines, line)) {
    const std::string_view word = std::string_view(line).substr(0, line.find(' '));
    if (ucci ? !is_one_of(word, kUcciReplies) : !is_one_of(word, kUciReplies))
      return std::string("a line that is no ") + (ucci ? "UCCI" : "UCI") + " reply: '" + line + "'";
    if (word == "bestmove" || word == "nobestmove") ++answers;
    // The engine's refusals of a go name the command first ("go: ...", "go searchmoves: ...").
    if (line.rfind("info string error: go", 0) == 0) ++refusals;
  }
  if (answers > go_commands)
    return std::to_string(answers) + " answers to " + std::to_string(go_commands) + " go commands";
  if (answers < go_commands - refusals)
    return std::to_string(go_commands) + " go commands, " + std::to_string(answers) +
           " answered and " + std::to_string(refusals) +
           " refused: a go neither answered nor refused";
  return "";
}

}  // namespace splitlab::fuzz
