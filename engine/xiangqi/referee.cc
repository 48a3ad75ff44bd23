#include "engine/xiangqi/referee.h"

#include <algorithm>

#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"

namespace splitlab::xiangqi {

bool Referee::reset(std::string_view fen, std::string& error) {
  if (!Position::parse_fen(fen, position_, error)) return false;
  start_fen_ = position_.fen();
  moves_.clear();
  keys_.assign(1, position_.key());
  return true;
}

bool Referee::play(std::string_view move, bool* irreversible) {
  std::string error;
  const Move m = parse_move(position_, move, error, RankBase::kOne);
  if (m.is_none()) return false;
  if (irreversible) *irreversible = position_.is_capture(m);
  moves_.push_back(move_to_text(m, RankBase::kOne));
  position_.make_move(m);
  keys_.push_back(position_.key());
  return true;
}

std::optional<Outcome> Referee::outcome() const {
  const Color mover = position_.side_to_move();
  if (count_legal_moves(position_) == 0) {  // No stalemate draw: the side that cannot move loses.
    if (position_.in_check())
      return win_for(~mover, color_name(~mover) + " mates", Termination::kNormal);
    return win_for(~mover, color_name(~mover) + " wins by stalemate", Termination::kNormal);
  }
  // The third occurrence of this position (same side to move) since the last capture.
  int occurrences = 1;
  const int window = std::min<int>(position_.plies_since_capture(), int(keys_.size()) - 1);
  for (int back = 2; back <= window; back += 2)
    if (keys_[keys_.size() - 1 - size_t(back)] == position_.key()) ++occurrences;
  if (occurrences >= 3) {
    switch (position_.repetition()) {
      case Position::Repetition::kWin:  // The side to move suffered perpetual check.
        return win_for(mover, color_name(~mover) + " loses by perpetual check",
                       Termination::kNormal);
      case Position::Repetition::kLoss:
        return win_for(~mover, color_name(mover) + " loses by perpetual check",
                       Termination::kNormal);
      case Position::Repetition::kWinByChase:
        if (!chase_rule_) break;
        return win_for(mover, color_name(~mover) + " loses by perpetual chase",
                       Termination::kNormal);
      case Position::Repetition::kLossByChase:
        if (!chase_rule_) break;
        return win_for(~mover, color_name(mover) + " loses by perpetual chase",
                       Termination::kNormal);
      default:
        break;
    }
    return draw_by("Draw by 3-fold repetition", Termination::kNormal);
  }
  if (position_.plies_since_capture() >= 100)
    return draw_by("Draw by fifty moves rule", Termination::kNormal);
  return std::nullopt;
}

}  // namespace splitlab::xiangqi
