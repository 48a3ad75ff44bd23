#include "engine/chess/bitboard.h"

#include <array>
#include <vector>

namespace splitlab::chess {
namespace attack_tables {

SliderEntry rook[64];
SliderEntry bishop[64];
Bitboard pawn[2][64];
Bitboard knight[64];
Bitboard king[64];
Bitboard between[64][64];
Bitboard line[64][64];

namespace {

// 102400 rook and 5248 bishop slots: the sum over squares of 2^(relevant bits).
Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

// Slow ray walk, used only to fill the tables.
Bitboard ray_attacks(Square s, Bitboard occupied, const int (*dirs)[2]) {
  Bitboard attacks = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
    while (on_board(f, r)) {
      Square to = make_square(f, r);
      attacks |= square_bb(to);
      if (occupied & square_bb(to)) break;
      f += dirs[d][0];
      r += dirs[d][1];
    }
  }
  return attacks;
}

Bitboard step_attacks(Square s, const std::vector<std::array<int, 2>>& steps) {
  Bitboard attacks = 0;
  for (auto [df, dr] : steps) {
    int f = file_of(s) + df, r = rank_of(s) + dr;
    if (on_board(f, r)) attacks |= square_bb(make_square(f, r));
  }
  return attacks;
}

// Deterministic generator for the magic search (only used without BMI2).
[[maybe_unused]] uint64_t next_random(uint64_t& state) {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 2685821657736338717ULL;
}

void init_slider(SliderEntry* entries, Bitboard* table, const int (*dirs)[2]) {
  Bitboard* next = table;
  [[maybe_unused]] uint64_t seed = 0x9E3779B97F4A7C15ULL;
  for (Square s = 0; s < 64; ++s) {
    Bitboard edges = ((kRank1 | kRank8) & ~(kRank1 << (8 * rank_of(s)))) |
                     ((kFileA | kFileH) & ~(kFileA << file_of(s)));
    SliderEntry& e = entries[s];
    e.mask = ray_attacks(s, 0, dirs) & ~edges;
    e.attacks = next;
    const int bits = popcount(e.mask);
    const size_t size = size_t(1) << bits;
    e.shift = 64 - bits;
    // Enumerate every subset of the mask (carry-rippler) with its true attack set.
    std::vector<Bitboard> occupancy(size), reference(size);
    Bitboard subset = 0;
    for (size_t i = 0; i < size; ++i) {
      occupancy[i] = subset;
      reference[i] = ray_attacks(s, subset, dirs);
      subset = (subset - e.mask) & e.mask;
    }
#if defined(SPLITLAB_SLIDERS_PEXT)
    e.magic = 0;
    for (size_t i = 0; i < size; ++i) e.attacks[e.index(occupancy[i])] = reference[i];
#else
    std::vector<int> epoch(size, 0);
    for (int attempt = 1;; ++attempt) {
      do {
        e.magic = next_random(seed) & next_random(seed) & next_random(seed);
      } while (popcount((e.mask * e.magic) >> 56) < 6);
      bool ok = true;
      for (size_t i = 0; i < size && ok; ++i) {
        unsigned idx = e.index(occupancy[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          e.attacks[idx] = reference[i];
        } else if (e.attacks[idx] != reference[i]) {
          ok = false;
        }
      }
      if (ok) break;
    }
#endif
    next += size;
  }
}

}  // namespace

void init() {
  static bool done = false;
  if (done) return;
  done = true;
  const std::vector<std::array<int, 2>> knight_steps = {{1, 2}, {2, 1},   {2, -1}, {1, -2},
                                                        {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  const std::vector<std::array<int, 2>> king_steps = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                                      {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (Square s = 0; s < 64; ++s) {
    knight[s] = step_attacks(s, knight_steps);
    king[s] = step_attacks(s, king_steps);
    pawn[kWhite][s] = step_attacks(s, {{-1, 1}, {1, 1}});
    pawn[kBlack][s] = step_attacks(s, {{-1, -1}, {1, -1}});
  }
  init_slider(rook, rook_table, kRookDirs);
  init_slider(bishop, bishop_table, kBishopDirs);
  for (Square a = 0; a < 64; ++a) {
    for (Square b = 0; b < 64; ++b) {
      between[a][b] = square_bb(b);
      line[a][b] = 0;
      if (a == b) continue;
      for (auto* dirs : {kRookDirs, kBishopDirs}) {
        if (ray_attacks(a, 0, dirs) & square_bb(b)) {
          line[a][b] = (ray_attacks(a, 0, dirs) & ray_attacks(b, 0, dirs)) | square_bb(a) |
                       square_bb(b);
          between[a][b] |= ray_attacks(a, square_bb(b), dirs) & ray_attacks(b, square_bb(a), dirs);
        }
      }
    }
  }
}

namespace {
// Fills the tables before main, so the hot paths never test for initialisation.
const bool initialised = (init(), true);
}  // namespace

}  // namespace attack_tables

std::string bitboard_to_string(Bitboard b) {
  std::string out;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) out += (b & square_bb(make_square(f, r))) ? 'X' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace splitlab::chess
