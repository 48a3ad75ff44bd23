#include "engine/xiangqi/geometry.h"

namespace splitlab::xiangqi {
namespace {

void add(StepList& list, Square to, Square block) {
  list.steps[list.count++] = Step{uint8_t(to), uint8_t(block)};
}

Color half_owner(int rank) { return rank <= 4 ? kRed : kBlack; }

Geometry make_geometry() {
  Geometry g{};
  constexpr int kRayFile[kNumDirections] = {0, 0, 1, -1};
  constexpr int kRayRank[kNumDirections] = {1, -1, 0, 0};
  for (Square s = 0; s < kNumSquares; ++s) {
    const int f = file_of(s), r = rank_of(s);
    for (int d = 0; d < kNumDirections; ++d) {
      Ray& ray = g.rays[s][d];
      for (int nf = f + kRayFile[d], nr = r + kRayRank[d]; on_board(nf, nr);
           nf += kRayFile[d], nr += kRayRank[d])
        ray.squares[ray.count++] = uint8_t(make_square(nf, nr));
    }
    // Horse: one orthogonal step (the leg), then one diagonal step outwards.
    constexpr int kHorse[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                                  {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
    for (const auto& [df, dr] : kHorse) {
      const int tf = f + df, tr = r + dr;
      if (!on_board(tf, tr)) continue;
      const int lf = f + (df / 2), lr = r + (dr / 2);  // The leg: the long leg's first step.
      add(g.horse_moves[s], make_square(tf, tr), make_square(lf, lr));
      // Seen from the target: a horse on s attacks (tf, tr) unless the same leg is occupied.
      add(g.horse_attackers[make_square(tf, tr)], s, make_square(lf, lr));
    }
    constexpr int kDiagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (const auto& [df, dr] : kDiagonal) {
      const int tf = f + 2 * df, tr = r + 2 * dr;
      if (on_board(tf, tr) && half_owner(tr) == half_owner(r))
        add(g.elephant_moves[s], make_square(tf, tr), make_square(f + df, r + dr));
      const Color palace = half_owner(r);
      if (in_palace(palace, f, r) && in_palace(palace, f + df, r + dr))
        add(g.advisor_moves[s], make_square(f + df, r + dr), kNoSquare);
    }
    constexpr int kOrthogonal[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
    for (const auto& [df, dr] : kOrthogonal) {
      const Color palace = half_owner(r);
      if (in_palace(palace, f, r) && in_palace(palace, f + df, r + dr))
        add(g.king_moves[s], make_square(f + df, r + dr), kNoSquare);
    }
    for (const Color c : {kRed, kBlack}) {
      const int forward = c == kRed ? 1 : -1;
      if (on_board(f, r + forward)) add(g.pawn_moves[c][s], make_square(f, r + forward), kNoSquare);
      if (!own_half(c, r)) {
        if (f > 0) add(g.pawn_moves[c][s], make_square(f - 1, r), kNoSquare);
        if (f < kFiles - 1) add(g.pawn_moves[c][s], make_square(f + 1, r), kNoSquare);
      }
    }
  }
  return g;
}

}  // namespace

const Geometry& geometry() {
  static const Geometry g = make_geometry();
  return g;
}

}  // namespace splitlab::xiangqi
