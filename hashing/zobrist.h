// Zobrist keys. The tables are filled at compile time from a fixed seed, so keys are identical
// across runs, builds and threads (a search's node count depends on them through the table).
#pragma once

#include <array>
#include <cstdint>

namespace splitlab::hashing {

// SplitMix64: a small, well-mixed generator that is usable in constant expressions.
class SplitMix64 {
 public:
  constexpr explicit SplitMix64(uint64_t seed) : state_(seed) {}
  constexpr uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  uint64_t state_;
};

// Keys for a game with `PieceCodes` piece codes on `Squares` squares, plus game-specific extras.
template <int PieceCodes, int Squares, int Extras>
struct ZobristKeys {
  std::array<std::array<uint64_t, Squares>, PieceCodes> piece_square{};
  std::array<uint64_t, Extras> extra{};
  uint64_t side_to_move = 0;

  static constexpr ZobristKeys make(uint64_t seed) {
    ZobristKeys keys;
    SplitMix64 rng(seed);
    for (auto& row : keys.piece_square)
      for (auto& k : row) k = rng.next();
    for (auto& k : keys.extra) k = rng.next();
    keys.side_to_move = rng.next();
    return keys;
  }
};

// Chess: 14 piece codes (colour << 3 | type; codes 6 and 7 unused) on 64 squares; the extras are
// 16 castling-right sets followed by 8 en-passant files.
struct ChessZobrist {
  static constexpr int kCastlingBase = 0;
  static constexpr int kEnPassantBase = 16;
  using Keys = ZobristKeys<14, 64, 24>;
  static constexpr Keys kKeys = Keys::make(0x5EED'C4E5'5000'0001ULL);

  static constexpr uint64_t piece(int piece_code, int square) {
    return kKeys.piece_square[piece_code][square];
  }
  static constexpr uint64_t castling(int rights) { return kKeys.extra[kCastlingBase + rights]; }
  static constexpr uint64_t en_passant(int file) { return kKeys.extra[kEnPassantBase + file]; }
  static constexpr uint64_t side() { return kKeys.side_to_move; }
};

}  // namespace splitlab::hashing
