// Bitboards and attack tables. Sliding attacks use PEXT-indexed tables where the CPU has a fast
// PEXT and multiply-shift magics elsewhere.
#pragma once

#include <bit>
#include <cstdint>
#include <string>

// PEXT indexes the slider tables where BMI2 exists, except on AMD's Zen 1 and 2 (or when
// SPLITLAB_MAGICS asks): they have BMI2 but run PEXT in microcode, and multiply-shift magics
// made the whole search 1.40x faster on this project's Zen 1 machine (same nodes).
#if defined(__BMI2__) && !defined(SPLITLAB_MAGICS) && !defined(__znver1__) && !defined(__znver2__)
#define SPLITLAB_SLIDERS_PEXT 1
#endif

#include "engine/chess/types.h"

namespace splitlab::chess {

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = kFileA << 7;
inline constexpr Bitboard kRank1 = 0xFFULL;
inline constexpr Bitboard kRank2 = kRank1 << 8;
inline constexpr Bitboard kRank3 = kRank1 << 16;
inline constexpr Bitboard kRank6 = kRank1 << 40;
inline constexpr Bitboard kRank7 = kRank1 << 48;
inline constexpr Bitboard kRank8 = kRank1 << 56;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return std::countr_zero(b); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shifts a whole set one step; bits that leave the board across the a/h files are dropped.
template <int Delta>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (Delta == 8) return b << 8;
  if constexpr (Delta == -8) return b >> 8;
  if constexpr (Delta == 16) return b << 16;
  if constexpr (Delta == -16) return b >> 16;
  if constexpr (Delta == 9) return (b & ~kFileH) << 9;
  if constexpr (Delta == 7) return (b & ~kFileA) << 7;
  if constexpr (Delta == -7) return (b & ~kFileH) >> 7;
  if constexpr (Delta == -9) return (b & ~kFileA) >> 9;
  return 0;
}

template <Color C>
constexpr Bitboard pawn_attacks_set(Bitboard pawns) {
  if constexpr (C == kWhite) return shift<7>(pawns) | shift<9>(pawns);
  return shift<-7>(pawns) | shift<-9>(pawns);
}

namespace attack_tables {

struct SliderEntry {
  Bitboard mask;      // Relevant occupancy: the rays without their last square.
  Bitboard* attacks;  // Start of this square's slice of the shared table.
  Bitboard magic;     // Used only without BMI2.
  unsigned shift;     // Used only without BMI2.

  unsigned index(Bitboard occupied) const {
#if defined(SPLITLAB_SLIDERS_PEXT)
    // PEXT by its compiler builtin (GCC's and clang's _pext_u64 are this): <immintrin.h>, some
    // 64,000 lines of every vector extension's intrinsics, cost each of the 84 files that
    // include this header about an eighth of what it parsed.
    return unsigned(__builtin_ia32_pext_di(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};

extern SliderEntry rook[64];
extern SliderEntry bishop[64];
extern Bitboard pawn[2][64];
extern Bitboard knight[64];
extern Bitboard king[64];
extern Bitboard between[64][64];  // Squares strictly between two aligned squares, plus the second.
extern Bitboard line[64][64];     // The whole line through two aligned squares, else 0.

// Fills the tables; runs once before main through a static initializer, and is idempotent.
void init();

}  // namespace attack_tables

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& e = attack_tables::rook[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& e = attack_tables::bishop[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
inline Bitboard knight_attacks(Square s) { return attack_tables::knight[s]; }
inline Bitboard king_attacks(Square s) { return attack_tables::king[s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return attack_tables::pawn[c][s]; }
// Squares strictly between a and b, plus b itself; just b when they are not aligned.
// (Including b makes "block or capture the checker" a single mask.)
inline Bitboard between_bb(Square a, Square b) { return attack_tables::between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return attack_tables::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & square_bb(c); }

// Attacks of a piece type (not pawns) from a square.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case kKnight: return knight_attacks(s);
    case kBishop: return bishop_attacks(s, occupied);
    case kRook: return rook_attacks(s, occupied);
    case kQueen: return queen_attacks(s, occupied);
    case kKing: return king_attacks(s);
    default: return 0;
  }
}

// An 8x8 picture of a bitboard, for debugging and test failure messages.
std::string bitboard_to_string(Bitboard b);

}  // namespace splitlab::chess
