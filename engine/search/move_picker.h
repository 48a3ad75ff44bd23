// Move ordering: all legal moves are generated at once (generation is cheap next to a node's
// other costs) and handed out best-first by selection, so a cutoff after the first move or two
// sorts nothing else. Order: the table move, winning or even captures and promotions
// (SEE >= 0) by MVV/LVA, the two killers, the counter move, quiet moves by history, losing
// captures.
#pragma once

#include <utility>

#include "engine/search/history.h"
#include "engine/search/search_game.h"

namespace splitlab::search {

template <SearchGame G>
class MovePicker {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;

  static constexpr int kTableMove = 1 << 30;
  static constexpr int kGoodTactical = 1 << 28;
  static constexpr int kKiller = 1 << 27;
  static constexpr int kBadTactical = -(1 << 28);

  // A full-width node. `counter`: the move that last refuted the opponent's previous move
  // (ordered after the killers), or none. `continuation`: up to two continuation-history rows
  // (after the opponent's last move and after this side's move before it) whose scores add
  // to a quiet move's history, or null.
  void init(const Position& pos, Move table_move, Move killer1, Move killer2,
            const History& history, Move counter = Move::none(),
            const int16_t* continuation1 = nullptr, const int16_t* continuation2 = nullptr) {
    moves_.clear();
    G::generate_legal(pos, moves_);
    for (int i = 0; i < moves_.size(); ++i) {
      const Move m = moves_[i];
      int score;
      if (m == table_move) {
        score = kTableMove;
      } else if (G::is_tactical(pos, m)) {
        const int order = G::mvv_lva(pos, m);
        score = G::see_non_negative(pos, m) ? kGoodTactical + order : kBadTactical + order;
      } else if (m == killer1) {
        score = kKiller;
      } else if (m == killer2) {
        score = kKiller - 1;
      } else if (m == counter) {
        score = kKiller - 2;
      } else {
        const int index = G::history_index(pos, m);
        score = history.get(index);
        if (continuation1) score += continuation1[index];
        if (continuation2) score += continuation2[index];
      }
      scores_[i] = score;
    }
    next_ = 0;
  }

  // Quiescence: tactical moves by MVV/LVA, or every evasion when in check; the table move (if
  // any, and among them) first.
  void init_quiescence(const Position& pos, bool in_check, Move table_move = Move::none()) {
    moves_.clear();
    if (in_check)
      G::generate_legal(pos, moves_);
    else
      G::generate_tactical(pos, moves_);
    for (int i = 0; i < moves_.size(); ++i)
      scores_[i] = moves_[i] == table_move               ? kTableMove
                   : G::is_tactical(pos, moves_[i]) ? kGoodTactical + G::mvv_lva(pos, moves_[i])
                                                    : 0;
    next_ = 0;
  }

  // Moves in a given order (the root, ordered by the previous iteration).
  template <typename Range>
  void init_ordered(const Range& ordered) {
    moves_.clear();
    for (const auto& m : ordered) {
      scores_[moves_.size()] = -moves_.size();
      moves_.push_back(m);
    }
    next_ = 0;
  }

  // Takes `m` out of the moves still to come (a singular extension's search without the
  // table move) by counting it as handed out.
  void exclude(Move m) {
    for (int i = next_; i < moves_.size(); ++i)
      if (moves_[i] == m) {
        std::swap(moves_[next_], moves_[i]);
        std::swap(scores_[next_], scores_[i]);
        ++next_;
        return;
      }
  }

  // The best move not yet handed out, or none.
  Move next() {
    if (next_ >= moves_.size()) return Move::none();
    int best = next_;
    for (int i = next_ + 1; i < moves_.size(); ++i)
      if (scores_[i] > scores_[best]) best = i;
    std::swap(moves_[next_], moves_[best]);
    std::swap(scores_[next_], scores_[best]);
    return moves_[next_++];
  }
  // The score of the move next() returned last.
  int last_score() const { return scores_[next_ - 1]; }
  int size() const { return moves_.size(); }
  int handed_out() const { return next_; }

 private:
  MoveList moves_;
  int scores_[MoveList::kCapacity];
  int next_ = 0;
};

}  // namespace splitlab::search
