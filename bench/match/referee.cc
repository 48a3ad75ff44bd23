#include "bench/match/referee.h"

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"

namespace splitlab::bench::match {

bool Referee::reset(std::string_view fen, std::string& error) {
  if (!chess::Position::parse_fen(fen, position_, error)) return false;
  start_fen_ = position_.fen();
  moves_.clear();
  return true;
}

bool Referee::play(std::string_view uci, bool* irreversible) {
  std::string error;
  const chess::Move move = chess::parse_uci_move(position_, uci, error);
  if (move.is_none()) return false;
  if (irreversible)
    *irreversible = position_.is_capture(move) ||
                    chess::type_of(position_.piece_on(move.from())) == chess::kPawn;
  moves_.push_back(chess::move_to_uci(move));
  position_.make_move(move);
  return true;
}

std::optional<Outcome> Referee::outcome() const {
  chess::MoveList legal;
  chess::generate<chess::GenType::kAll>(position_, legal);
  const chess::Color mover = position_.side_to_move();
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

std::string Referee::position_command() const {
  std::string command = start_fen_ == chess::kStartFen ? std::string("position startpos")
                                                       : "position fen " + start_fen_;
  if (!moves_.empty()) {
    command += " moves";
    for (const auto& m : moves_) command += " " + m;
  }
  return command;
}

}  // namespace splitlab::bench::match
