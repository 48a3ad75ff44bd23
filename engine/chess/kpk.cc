#include "engine/chess/kpk.h"

#include <cassert>
#include <cstdint>
#include <vector>

#include "engine/chess/bitboard.h"

namespace splitlab::chess::kpk {
namespace {

// The table is normalised: White has the pawn, on files a-d (a position with the pawn on e-h is
// its mirror image) and ranks 2-7.
constexpr int kPawnSquares = 24;
constexpr int kSize = 2 * 64 * 64 * kPawnSquares;

int index(Color side_to_move, Square white_king, Square black_king, Square pawn) {
  const int pawn_index = (rank_of(pawn) - 1) * 4 + file_of(pawn);
  return ((side_to_move * 64 + white_king) * 64 + black_king) * kPawnSquares + pawn_index;
}

enum Result : uint8_t { kInvalid, kUnknown, kDraw, kWin };

struct Decoded {
  Color side_to_move;
  Square white_king, black_king, pawn;
};

Decoded decode(int idx) {
  const int pawn_index = idx % kPawnSquares;
  idx /= kPawnSquares;
  const Square black_king = idx % 64;
  idx /= 64;
  return {Color(idx / 64), idx % 64, black_king, make_square(pawn_index % 4, pawn_index / 4 + 1)};
}

int king_distance(Square a, Square b) {
  const int files = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
  const int ranks = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
  return files > ranks ? files : ranks;
}

// What is known without looking at the successors.
Result classify_alone(const Decoded& d) {
  const Square wk = d.white_king, bk = d.black_king, pawn = d.pawn;
  if (wk == bk || wk == pawn || bk == pawn || king_distance(wk, bk) <= 1) return kInvalid;
  const bool black_in_check = pawn_attacks(kWhite, pawn) & square_bb(bk);
  if (d.side_to_move == kWhite) {
    if (black_in_check) return kInvalid;
    // Promotion wins when the new queen cannot be taken. (Where it would stalemate, another
    // move wins; the comparison with Stockfish in the test stands guard over that claim.)
    if (rank_of(pawn) == 6) {
      const Square promotion = pawn + 8;
      if (promotion != wk && promotion != bk &&
          (king_distance(bk, promotion) > 1 || king_distance(wk, promotion) == 1))
        return kWin;
    }
    return kUnknown;
  }
  const Bitboard escapes = king_attacks(bk) & ~king_attacks(wk) & ~pawn_attacks(kWhite, pawn);
  if (!escapes) return black_in_check ? kWin : kDraw;  // Mate, or stalemate.
  if (escapes & square_bb(pawn)) return kDraw;  // The undefended pawn falls.
  return kUnknown;
}

// White to move: won if some move wins, drawn if every move draws.
Result resolve_white(const Decoded& d, const std::vector<uint8_t>& result) {
  const Square wk = d.white_king, bk = d.black_king, pawn = d.pawn;
  bool undecided = false;
  auto visit = [&](int child) {
    if (result[child] == kWin) return true;
    if (result[child] == kUnknown) undecided = true;
    return false;
  };
  Bitboard steps = king_attacks(wk) & ~king_attacks(bk) & ~square_bb(pawn);
  while (steps)
    if (visit(index(kBlack, pop_lsb(steps), bk, pawn))) return kWin;
  // A push to the eighth rank that classify_alone() did not call a win loses the new piece.
  if (rank_of(pawn) < 6) {
    const Square one = pawn + 8;
    if (one != wk && one != bk) {
      if (visit(index(kBlack, wk, bk, one))) return kWin;
      const Square two = pawn + 16;
      if (rank_of(pawn) == 1 && two != wk && two != bk && visit(index(kBlack, wk, bk, two)))
        return kWin;
    }
  }
  return undecided ? kUnknown : kDraw;
}

// Black to move: drawn if some move draws, won if every move loses.
Result resolve_black(const Decoded& d, const std::vector<uint8_t>& result) {
  bool undecided = false;
  Bitboard steps = king_attacks(d.black_king) & ~king_attacks(d.white_king) &
                   ~pawn_attacks(kWhite, d.pawn) & ~square_bb(d.pawn);
  while (steps) {
    const uint8_t child = result[index(kWhite, d.white_king, pop_lsb(steps), d.pawn)];
    if (child == kDraw) return kDraw;
    if (child == kUnknown) undecided = true;
  }
  return undecided ? kUnknown : kWin;
}

class Bitbase {
 public:
  Bitbase() : won_(kSize / 64, 0) {
    std::vector<uint8_t> result(kSize);
    for (int idx = 0; idx < kSize; ++idx) result[idx] = classify_alone(decode(idx));
    // Each pass settles the positions whose successors the passes before settled; updating in
    // place only speeds that up. What is still open at the end cannot be forced: a draw.
    for (bool changed = true; changed;) {
      changed = false;
      for (int idx = 0; idx < kSize; ++idx) {
        if (result[idx] != kUnknown) continue;
        const Decoded d = decode(idx);
        const Result r = d.side_to_move == kWhite ? resolve_white(d, result) : resolve_black(d, result);
        if (r != kUnknown) {
          result[idx] = r;
          changed = true;
        }
      }
    }
    for (int idx = 0; idx < kSize; ++idx) {
      const Color side = decode(idx).side_to_move;
      if (result[idx] == kInvalid) continue;
      ++census_.legal[side];
      if (result[idx] == kWin) {
        ++census_.won[side];
        won_[idx / 64] |= uint64_t(1) << (idx % 64);
      }
    }
  }

  bool won(int idx) const { return (won_[idx / 64] >> (idx % 64)) & 1; }
  const Census& census() const { return census_; }

 private:
  std::vector<uint64_t> won_;
  Census census_;
};

const Bitbase& bitbase() {
  static const Bitbase table;  // Thread-safe initialisation on first use.
  return table;
}

}  // namespace

bool probe(Color strong, Square strong_king, Square pawn, Square weak_king, Color side_to_move) {
  if (strong == kBlack) {  // Turn the board so the pawn's owner is White.
    strong_king ^= 56;
    pawn ^= 56;
    weak_king ^= 56;
  }
  if (file_of(pawn) >= 4) {  // Mirror onto files a-d.
    strong_king ^= 7;
    pawn ^= 7;
    weak_king ^= 7;
  }
  assert(rank_of(pawn) >= 1 && rank_of(pawn) <= 6);
  const Color relative = side_to_move == strong ? kWhite : kBlack;
  return bitbase().won(index(relative, strong_king, weak_king, pawn));
}

Census census() { return bitbase().census(); }

}  // namespace splitlab::chess::kpk
