#include "cli/position_input.h"

namespace splitlab::cli {

bool parse_position_line(std::string_view line, PositionLine& out, std::string& error) {
  std::istringstream words{std::string(line)};
  std::string word;
  words >> word;
  if (word == "position") words >> word;
  out = {};
  if (word == "fen") {
    while (words >> word && word != "moves") out.fen += (out.fen.empty() ? "" : " ") + word;
    if (out.fen.empty()) {
      error = "'fen' without a FEN";
      return false;
    }
  } else if (word == "startpos") {
    if (words >> word && word != "moves") {
      error = "unexpected '" + word + "' after startpos (expected 'moves')";
      return false;
    }
  } else {
    error = "expected 'startpos' or 'fen FEN', not '" + word + "'";
    return false;
  }
  // `word` is "moves" here when the line goes on.
  for (std::string move; words >> move;) out.moves += (out.moves.empty() ? "" : " ") + move;
  return true;
}

}  // namespace splitlab::cli
