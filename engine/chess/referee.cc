#include "engine/chess/referee.h"

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"

namespace splitlab::chess {

bool Referee::reset(std::string_view fen, std::string& error) {
  if (!Position::parse_fen(fen, position_, error)) return false;
  start_fen_ = position_.fen();
  moves_.clear();
  return true;
}

bool Referee::play(std::string_view uci, bool* irreversible) {
  std::string error;
  const Move move = parse_uci_move(position_, uci, error);
  if (move.is_none()) return false;
  if (irreversible)
    *irreversible = position_.is_capture(move) || type_of(position_.piece_on(move.from())) == kPawn;
  moves_.push_back(move_to_uci(move));
  position_.make_move(move);
  return true;
}

std::string Referee::san_of(std::string_view uci, std::string& error) const {
  const Move move = parse_uci_move(position_, uci, error);
  return move.is_none() ? "" : move_to_san(position_, move);
}

std::string Referee::move_of_san(std::string_view san, std::string& error) const {
  const Move move = parse_san(position_, san, error);
  return move.is_none() ? "" : move_to_uci(move);
}

std::optional<Outcome> Referee::outcome() const {
  MoveList legal;
  generate<GenType::kAll>(position_, legal);
  const Color mover = position_.side_to_move();
  if (legal.empty()) {
    if (position_.in_check())
      return win_for(~mover, color_name(~mover) + " mates", Termination::kNormal);
    return draw_by("Draw by stalemate", Termination::kNormal);
  }
  if (position_.has_insufficient_material())
    return draw_by("Draw by insufficient mating material", Termination::kNormal);
  if (position_.is_fifty_move_draw())
    return draw_by("Draw by fifty moves rule", Termination::kNormal);
  if (position_.repetitions() >= 2)
    return draw_by("Draw by 3-fold repetition", Termination::kNormal);
  return std::nullopt;
}

}  // namespace splitlab::chess
