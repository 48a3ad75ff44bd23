#include "bench/match/referee.h"

#include <algorithm>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"

namespace splitlab::bench::match {

std::string GameReferee::position_command() const {
  std::string command = start_fen_ == standard_start() ? std::string("position startpos")
                                                       : "position fen " + start_fen_;
  if (!moves_.empty()) {
    command += " moves";
    for (const auto& m : moves_) command += " " + m;
  }
  return command;
}

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

bool XiangqiReferee::reset(std::string_view fen, std::string& error) {
  if (!xiangqi::Position::parse_fen(fen, position_, error)) return false;
  start_fen_ = position_.fen();
  moves_.clear();
  keys_.assign(1, position_.key());
  return true;
}

bool XiangqiReferee::play(std::string_view move, bool* irreversible) {
  std::string error;
  const xiangqi::Move m = xiangqi::parse_move(position_, move, error, xiangqi::RankBase::kOne);
  if (m.is_none()) return false;
  if (irreversible) *irreversible = position_.is_capture(m);
  moves_.push_back(xiangqi::move_to_text(m, xiangqi::RankBase::kOne));
  position_.make_move(m);
  keys_.push_back(position_.key());
  return true;
}

std::optional<Outcome> XiangqiReferee::outcome() const {
  const chess::Color mover = chess::Color(position_.side_to_move());
  if (xiangqi::count_legal_moves(position_) == 0) {  // No stalemate draw in xiangqi: the side that cannot move loses.
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
      case xiangqi::Position::Repetition::kWin:  // The side to move suffered perpetual check.
        return win_for(mover, color_name(~mover) + " loses by perpetual check",
                       Termination::kNormal);
      case xiangqi::Position::Repetition::kLoss:
        return win_for(~mover, color_name(mover) + " loses by perpetual check",
                       Termination::kNormal);
      case xiangqi::Position::Repetition::kWinByChase:
        if (!chase_rule_) break;
        return win_for(mover, color_name(~mover) + " loses by perpetual chase",
                       Termination::kNormal);
      case xiangqi::Position::Repetition::kLossByChase:
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

std::unique_ptr<GameReferee> make_referee(Variant variant, bool chase_rule) {
  if (variant == Variant::kXiangqi) return std::make_unique<XiangqiReferee>(chase_rule);
  return std::make_unique<Referee>();
}

}  // namespace splitlab::bench::match
