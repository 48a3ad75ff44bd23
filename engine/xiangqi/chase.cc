#include "engine/xiangqi/chase.h"

#include <cstdlib>

#include "engine/xiangqi/geometry.h"

namespace splitlab::xiangqi {
namespace {

// The squares a piece of kind `type` and colour `color` on `from` attacks (could capture on,
// whoever stands there) when `occupied(square)` tells which squares hold a piece.
template <typename Occupied>
SquareSet attacks_of(const Occupied& occupied, Square from, PieceType type, Color color) {
  const Geometry& g = geometry();
  SquareSet out;
  auto steps = [&](const StepList& list) {
    for (const Step& step : list)
      if (step.block == kNoSquare || !occupied(step.block)) out.set(step.to);
  };
  switch (type) {
    case kRook:
      for (const Ray& ray : g.rays[from])
        for (const uint8_t s : ray) {
          out.set(s);
          if (occupied(s)) break;
        }
      break;
    case kCannon:
      for (const Ray& ray : g.rays[from]) {
        bool screen = false;
        for (const uint8_t s : ray) {
          if (!occupied(s)) continue;
          if (screen) {
            out.set(s);
            break;
          }
          screen = true;
        }
      }
      break;
    case kHorse:
      steps(g.horse_moves[from]);
      break;
    case kElephant:
      steps(g.elephant_moves[from]);
      break;
    case kAdvisor:
      steps(g.advisor_moves[from]);
      break;
    case kKing:
      steps(g.king_moves[from]);
      break;
    case kPawn:
      steps(g.pawn_moves[color][from]);
      break;
    default:
      break;
  }
  return out;
}

class ChaseFinder {
 public:
  ChaseFinder(const Position& pos, Move m, Piece captured)
      : pos_(pos), from_(m.from()), to_(m.to()), captured_(captured),
        victim_(pos.side_to_move()) {}

  SquareSet find() {
    const Piece moved = pos_.piece_on(to_);
    const PieceType moved_type = type_of(moved);
    const auto now = [this](Square s) { return !pos_.empty(s); };
    // Direct attacks of the moved piece (generals and soldiers do not chase). A chariot or
    // cannon keeps attacking along the line it moved on: only the other lines are new.
    if (moved_type != kKing && moved_type != kPawn) {
      SquareSet direct = attacks_of(now, to_, moved_type, ~victim_) & pieces(victim_);
      if (moved_type == kRook || moved_type == kCannon) direct &= ~line_through(from_, to_);
      add_chased(to_, moved_type, direct);
    }
    // Discovered attacks: pieces whose attacks the move opened (a horse's leg or an elephant's
    // eye it left, a line it left) or changed (a cannon's new screen on `to`).
    const auto before = [this](Square s) {
      if (s == from_) return true;
      if (s == to_) return captured_ != kNoPiece;
      return !pos_.empty(s);
    };
    const SquareSet candidates = discovery_candidates();
    for (Square s = 0; s < kNumSquares; ++s) {
      if (!candidates[s]) continue;
      const PieceType type = type_of(pos_.piece_on(s));
      const SquareSet discovered = attacks_of(now, s, type, ~victim_) & pieces(victim_) &
                                   ~attacks_of(before, s, type, ~victim_);
      add_chased(s, type, discovered);
    }
    return chased_;
  }

 private:
  SquareSet pieces(Color c, PieceType type = kNoPieceType) const {
    SquareSet out;
    for (Square s = 0; s < kNumSquares; ++s) {
      const Piece p = pos_.piece_on(s);
      if (p != kNoPiece && color_of(p) == c && (type == kNoPieceType || type_of(p) == type))
        out.set(s);
    }
    return out;
  }

  static SquareSet line_through(Square a, Square b) {
    SquareSet out;
    for (Square s = 0; s < kNumSquares; ++s)
      if ((file_of(a) == file_of(b) && file_of(s) == file_of(a)) ||
          (rank_of(a) == rank_of(b) && rank_of(s) == rank_of(a)))
        out.set(s);
    return out;
  }

  // The victim's pieces whose removal would expose its general (pins, the screens of a cannon
  // aimed at it, the last piece between the two generals): they do not defend, and may not
  // answer an attack in kind.
  SquareSet pinned_pieces() const {
    SquareSet out;
    const Square king = pos_.king_square(victim_);
    const auto occupied = [this](Square s) { return !pos_.empty(s); };
    if (attacked_by(occupied, king, ~victim_)) return out;  // In check: no pins are told apart.
    for (Square s = 0; s < kNumSquares; ++s) {
      const Piece p = pos_.piece_on(s);
      if (p == kNoPiece || color_of(p) != victim_ || type_of(p) == kKing) continue;
      const auto without = [this, s](Square t) { return t != s && !pos_.empty(t); };
      if (attacked_by(without, king, ~victim_)) out.set(s);
    }
    return out;
  }

  // Whether a piece of `by` attacks `target` (the facing general included) on the board given
  // by `occupied`, the pieces being where they are now.
  template <typename Occupied>
  bool attacked_by(const Occupied& occupied, Square target, Color by) const {
    for (Square s = 0; s < kNumSquares; ++s) {
      if (!occupied(s)) continue;
      const Piece p = pos_.piece_on(s);
      if (p == kNoPiece || color_of(p) != by) continue;
      if (type_of(p) == kKing && file_of(s) == file_of(target) &&
          attacks_of(occupied, s, kRook, by)[target])
        return true;
      if (attacks_of(occupied, s, type_of(p), by)[target]) return true;
    }
    return false;
  }

  SquareSet discovery_candidates() const {
    SquareSet out;
    const Color us = ~victim_;
    for (Square s = 0; s < kNumSquares; ++s) {
      const Piece p = pos_.piece_on(s);
      if (p == kNoPiece || color_of(p) != us || s == to_) continue;
      const PieceType type = type_of(p);
      const int df = std::abs(file_of(s) - file_of(from_)), dr = std::abs(rank_of(s) - rank_of(from_));
      if (type == kHorse && df + dr == 1) out.set(s);  // `from` was its leg.
      if (type == kElephant && df == 1 && dr == 1) out.set(s);  // `from` was its eye.
      if ((type == kRook || type == kCannon) && (df == 0 || dr == 0)) out.set(s);
      if (type == kCannon && (file_of(s) == file_of(to_) || rank_of(s) == rank_of(to_)))
        out.set(s);
    }
    return out;
  }

  void add_chased(Square attacker, PieceType attacker_type, SquareSet attacks) {
    if ((attacks & ~chased_).none()) return;
    // Generals (that is check) and soldiers on their own side are never chased.
    attacks &= ~pieces(victim_, kKing);
    if (attacks.none()) return;
    const SquareSet& pins = pinned();
    for (Square s = 0; s < kNumSquares; ++s)
      if (attacks[s] && type_of(pos_.piece_on(s)) == kPawn && own_half(victim_, rank_of(s)))
        attacks.reset(s);
    // A piece worth more than its attacker is chased whether it is defended or not.
    if (attacker_type == kHorse || attacker_type == kCannon) chased_ |= attacks & pieces(victim_, kRook);
    if (attacker_type == kElephant || attacker_type == kAdvisor)
      chased_ |= attacks & (pieces(victim_, kRook) | pieces(victim_, kCannon) | pieces(victim_, kHorse));
    // A piece of the same kind that can answer in kind is not chased (a horse whose leg is
    // blocked, or a pinned piece, cannot).
    const auto now = [this](Square s) { return !pos_.empty(s); };
    for (Square s = 0; s < kNumSquares; ++s) {
      if (!attacks[s] || type_of(pos_.piece_on(s)) != attacker_type || pins[s]) continue;
      if (attacks_of(now, s, attacker_type, victim_)[attacker]) attacks.reset(s);
    }
    // The rest is chased when nothing of the victim's defends it (the attacker's square taken as
    // empty, so that a defender behind it counts). A general is no defender if taking back
    // would leave it facing the other general.
    const auto without_attacker = [this, attacker](Square t) { return t != attacker && !pos_.empty(t); };
    for (Square s = 0; s < kNumSquares; ++s) {
      if (!attacks[s]) continue;
      bool defended = false, only_general = true;
      for (Square d = 0; d < kNumSquares && !(defended && !only_general); ++d) {
        const Piece p = pos_.piece_on(d);
        if (p == kNoPiece || color_of(p) != victim_ || d == s || pins[d]) continue;
        if (!attacks_of(without_attacker, d, type_of(p), victim_)[s]) continue;
        defended = true;
        if (type_of(p) != kKing) only_general = false;
      }
      if (defended && only_general) {
        const Square their_general = pos_.king_square(~victim_);
        if (file_of(their_general) == file_of(s) &&
            attacks_of(without_attacker, their_general, kRook, ~victim_)[s])
          defended = false;
      }
      if (!defended) chased_.set(s);
    }
  }

  const Position& pos_;
  const Square from_, to_;
  const Piece captured_;
  const Color victim_;
  SquareSet pinned_;
  bool pinned_known_ = false;  // Pins are costly to find and only needed for attacked pieces.
  SquareSet chased_;

  const SquareSet& pinned() {
    if (!pinned_known_) pinned_ = pinned_pieces();
    pinned_known_ = true;
    return pinned_;
  }
};

}  // namespace

SquareSet chased_by_last_move(const Position& pos, Move m, Piece captured) {
  return ChaseFinder(pos, m, captured).find();
}

}  // namespace splitlab::xiangqi
