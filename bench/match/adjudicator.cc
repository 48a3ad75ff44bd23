#include "bench/match/adjudicator.h"

#include <cstdint>
#include <cstdlib>

#include "engine/util/text.h"

namespace splitlab::bench::match {

namespace {

// Splits "key=value" and reads a non-negative integer (or a boolean) into the named field.
bool read_word(const std::string& flag, const std::string& word,
               const std::vector<std::pair<std::string, int*>>& ints, bool* boolean,
               const std::string& boolean_key, std::string& error) {
  const size_t eq = word.find('=');
  const std::string key = word.substr(0, eq),
                    value = eq == std::string::npos ? "" : word.substr(eq + 1);
  if (eq != std::string::npos) {
    for (const auto& [name, field] : ints) {
      if (key != name) continue;
      int64_t parsed = 0;
      if (util::parse_int(value, 0, INT32_MAX, parsed)) {
        *field = int(parsed);
        return true;
      }
      error = "bad value '" + word + "' in " + flag + ": expected a non-negative integer";
      return false;
    }
    if (boolean && key == boolean_key) {
      if (value == "true" || value == "false") {
        *boolean = value == "true";
        return true;
      }
      error = "bad value '" + word + "' in " + flag + ": expected true or false";
      return false;
    }
  }
  error = "unknown word '" + word + "' in " + flag;
  return false;
}

}  // namespace

bool parse_draw_settings(const std::vector<std::string>& words, AdjudicationSettings& out,
                         std::string& error) {
  int number = -1, count = -1, score = -1;
  for (const auto& w : words)
    if (!read_word("--draw", w, {{"movenumber", &number}, {"movecount", &count}, {"score", &score}},
                   nullptr, "", error))
      return false;
  if (number < 0 || count < 1 || score < 0) {
    error = "--draw needs movenumber=N movecount=N score=CP";
    return false;
  }
  out.draw = true;
  out.draw_move_number = number;
  out.draw_move_count = count;
  out.draw_score_cp = score;
  return true;
}

bool parse_resign_settings(const std::vector<std::string>& words, AdjudicationSettings& out,
                           std::string& error) {
  int count = -1, score = -1;
  bool two_sided = false;
  for (const auto& w : words)
    if (!read_word("--resign", w, {{"movecount", &count}, {"score", &score}}, &two_sided,
                   "twosided", error))
      return false;
  if (count < 1 || score < 0) {
    error = "--resign needs movecount=N score=CP";
    return false;
  }
  out.resign = true;
  out.resign_move_count = count;
  out.resign_score_cp = score;
  out.resign_two_sided = two_sided;
  return true;
}

void Adjudicator::book_move(int mover) {
  draw_count_ = 0;
  resign_count_[mover] = 0;
  win_count_[mover] = 0;
}

std::optional<Outcome> Adjudicator::engine_move(int mover, std::optional<int> score_cp,
                                                int plies, bool irreversible) {
  if (!score_cp) {
    book_move(mover);
  } else {
    const int score = *score_cp;
    if (settings_.draw) {
      draw_count_ = irreversible || std::abs(score) > settings_.draw_score_cp ? 0 : draw_count_ + 1;
      if (plies / 2 >= settings_.draw_move_number && draw_count_ >= 2 * settings_.draw_move_count)
        return draw_by("Draw by adjudication", Termination::kAdjudication);
    }
    if (settings_.resign) {
      resign_count_[mover] = score <= -settings_.resign_score_cp ? resign_count_[mover] + 1 : 0;
      win_count_[mover] = score >= settings_.resign_score_cp ? win_count_[mover] + 1 : 0;
      if (resign_count_[mover] >= settings_.resign_move_count &&
          (!settings_.resign_two_sided || win_count_[1 - mover] >= settings_.resign_move_count))
        return win_for(1 - mover, color_name(1 - mover) + " wins by adjudication",
                       Termination::kAdjudication);
    }
  }
  if (settings_.max_moves > 0 && plies >= 2 * settings_.max_moves)
    return draw_by("Draw by maximum moves", Termination::kAdjudication);
  return std::nullopt;
}

}  // namespace splitlab::bench::match
