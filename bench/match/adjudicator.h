// Adjudication with cutechess's rules:
//   --draw movenumber=N movecount=C score=S: a draw once at least N full moves were played and
//     the engines' scores stayed within +-S centipawns for C consecutive moves of each side
//     (2C plies); a capture or pawn move starts the count again.
//   --resign movecount=C score=S [twosided=true]: a side whose own score was at or below -S for
//     C consecutive moves loses; with twosided the opponent's score must also have been at or
//     above +S for its last C moves.
//   --maxmoves N: a draw after N full moves.
// A move without a score (a book move, or an engine that sent no score) restarts the counts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/outcome.h"

namespace splitlab::bench::match {

struct AdjudicationSettings {
  bool draw = false;
  int draw_move_number = 0, draw_move_count = 0, draw_score_cp = 0;
  bool resign = false;
  int resign_move_count = 0, resign_score_cp = 0;
  bool resign_two_sided = false;
  int max_moves = 0;  // 0: no limit
};

// Parse the key=value words of --draw and --resign; false with `error` naming the bad word.
bool parse_draw_settings(const std::vector<std::string>& words, AdjudicationSettings& out,
                         std::string& error);
bool parse_resign_settings(const std::vector<std::string>& words, AdjudicationSettings& out,
                           std::string& error);

class Adjudicator {
 public:
  explicit Adjudicator(const AdjudicationSettings& settings) : settings_(settings) {}

  // A move played without a search (an opening move).
  void book_move(int mover);
  // An engine's move. `score_cp` is the mover's own score (mates as +-(100000 - plies)), absent
  // when the engine gave none; `plies` counts every move of the game so far, this one included;
  // `irreversible`: a capture or a pawn move.
  std::optional<Outcome> engine_move(int mover, std::optional<int> score_cp, int plies,
                                     bool irreversible);

 private:
  AdjudicationSettings settings_;
  int draw_count_ = 0;
  int resign_count_[2] = {0, 0};
  int win_count_[2] = {0, 0};
};

}  // namespace splitlab::bench::match
