// What one transposition-table entry says about a position, and how it is packed into the
// 64-bit data word that the table stores beside (or mixed with) the 64-bit key.
//
// The table is game-independent: a move is an opaque 16-bit value (0 = no move), a score is an
// int16 in the search's units, a depth is an int8 (negative for quiescence entries). Mate scores
// are stored relative to the node, not to the root: see score_to_tt() / score_from_tt().
#pragma once

#include <bit>
#include <cstdint>

namespace splitlab::hashing {

// Which side of the true value the stored score is on.
enum class TtBound : uint8_t {
  None = 0,   // no score information (e.g. an entry stored only for its move)
  Upper = 1,  // fail low: true value <= score
  Lower = 2,  // fail high: true value >= score
  Exact = 3,
};

// One entry, unpacked. `age` is the table's search generation at the time of the store: store()
// ignores the caller's value and sets it; probe() reports it.
struct TtEntry {
  uint16_t move = 0;
  int16_t score = 0;
  int8_t depth = 0;
  TtBound bound = TtBound::None;
  uint8_t log2_size = 0;  // see log2_subtree_size()
  uint8_t age = 0;

  friend bool operator==(const TtEntry&, const TtEntry&) = default;
};

// Widths of the fields that do not fill a whole byte.
inline constexpr int kTtAgeBits = 6;
inline constexpr int kTtAgeCycle = 1 << kTtAgeBits;  // ages count modulo this
inline constexpr int kTtLog2SizeBits = 6;
inline constexpr uint8_t kTtMaxLog2Size = (1 << kTtLog2SizeBits) - 1;

// The size-based policies compare subtree sizes on a log scale: 6 bits cover any node count.
// log2_subtree_size(n) = bit_width(n) = floor(log2(n)) + 1 for n >= 1 (0 for n = 0), clamped to 63,
// so a subtree of 1 node has size 1, of 2..3 nodes size 2, of 1024..2047 nodes size 11.
constexpr uint8_t log2_subtree_size(uint64_t nodes) {
  const int width = std::bit_width(nodes);
  return static_cast<uint8_t>(width < kTtMaxLog2Size ? width : kTtMaxLog2Size);
}

// The smallest node count with the given log2 size (0 for size 0): the inverse used when `bigall`
// adds up the sizes of two searches of one position.
constexpr uint64_t min_nodes_of_log2_size(uint8_t log2_size) {
  return log2_size == 0 ? 0 : uint64_t{1} << (log2_size - 1);
}

// The check word of the `bracket` scheme: the high half of (key ^ data) times an odd constant.
// Multiplying by an odd number is a bijection on 64 bits, so any change of key ^ data changes the
// product, and a change in any bit reaches the high half (single-bit changes always do, for this
// constant: tested); a given torn mixture passes with about a 2^-32 chance. Two positions whose
// key ^ data agree would collide, but keys are random 64-bit Zobrist hashes, so that is a 2^-64
// event. Probes compute it for every slot they look at, so it is kept to one multiply: the
// two-multiply round it replaced was a fifth of bracket's extra instructions over raw's
// (experiments/tt-entry-schemes, attempt 3).
constexpr uint32_t tt_bracket_check(uint64_t key, uint64_t data) {
  return static_cast<uint32_t>(((key ^ data) * 0x9E3779B97F4A7C15ULL) >> 32);
}

// The data word. Bit layout, low to high:
//   0..15 move | 16..31 score (two's complement) | 32..39 depth (two's complement) |
//   40..41 bound | 42..47 age | 48..53 log2 size | 54 occupied | 55..63 audit tag.
// The occupied bit makes every stored word non-zero, so an all-zero (cleared) entry never reads
// as a position, whatever its key.
//
// The audit tag is 9 bits of a hash of the key and the fields (bits 0..54), set by every scheme's
// store (with_audit_tag) and left 0 by pack(). It only counts torn entries: a probe that accepts
// a word whose tag disagrees with the probed key has accepted data stored for another key (the
// table counts it in TtStats::torn_accepted). No scheme's acceptance looks at it, and unpack()
// ignores it, so the search sees the same entries with or without it. A torn mixture of two
// keys' words carries the right tag by chance with probability 2^-9: the count catches a
// fraction 1 - 2^-9 (99.8%) of the torn entries accepted.
class TtDataWord {
 public:
  static constexpr int kMoveShift = 0;
  static constexpr int kScoreShift = 16;
  static constexpr int kDepthShift = 32;
  static constexpr int kBoundShift = 40;
  static constexpr int kAgeShift = 42;
  static constexpr int kLog2SizeShift = 48;
  static constexpr int kOccupiedShift = 54;
  static constexpr int kAuditTagShift = 55;
  static constexpr int kAuditTagBits = 64 - kAuditTagShift;
  static constexpr uint64_t kFieldsMask = (uint64_t{1} << kAuditTagShift) - 1;

  constexpr TtDataWord() = default;
  constexpr explicit TtDataWord(uint64_t bits) : bits_(bits) {}

  // Packs `entry` with the given age (entry.age is ignored); log2_size above 63 is clamped.
  static constexpr TtDataWord pack(const TtEntry& entry, uint8_t age) {
    const uint8_t log2_size = entry.log2_size < kTtMaxLog2Size ? entry.log2_size : kTtMaxLog2Size;
    return TtDataWord(uint64_t{entry.move} << kMoveShift |
                      uint64_t{static_cast<uint16_t>(entry.score)} << kScoreShift |
                      uint64_t{static_cast<uint8_t>(entry.depth)} << kDepthShift |
                      uint64_t{static_cast<uint8_t>(entry.bound) & 3u} << kBoundShift |
                      uint64_t{age & (kTtAgeCycle - 1u)} << kAgeShift |
                      uint64_t{log2_size} << kLog2SizeShift | uint64_t{1} << kOccupiedShift);
  }

  constexpr TtEntry unpack() const {
    TtEntry entry;
    entry.move = move();
    entry.score = score();
    entry.depth = depth();
    entry.bound = bound();
    entry.log2_size = log2_size();
    entry.age = age();
    return entry;
  }

  constexpr uint64_t bits() const { return bits_; }
  constexpr bool occupied() const { return (bits_ >> kOccupiedShift) & 1; }
  constexpr uint16_t move() const { return static_cast<uint16_t>(bits_ >> kMoveShift); }
  constexpr int16_t score() const { return static_cast<int16_t>(bits_ >> kScoreShift); }
  constexpr int8_t depth() const { return static_cast<int8_t>(bits_ >> kDepthShift); }
  constexpr TtBound bound() const { return static_cast<TtBound>((bits_ >> kBoundShift) & 3); }
  constexpr uint8_t age() const { return (bits_ >> kAgeShift) & (kTtAgeCycle - 1); }
  constexpr uint8_t log2_size() const { return (bits_ >> kLog2SizeShift) & kTtMaxLog2Size; }

  // Bits 0..54: everything but the audit tag.
  constexpr uint64_t fields() const { return bits_ & kFieldsMask; }
  constexpr uint16_t audit_tag() const { return static_cast<uint16_t>(bits_ >> kAuditTagShift); }
  // The tag a store of these fields for `key` writes.
  static constexpr uint16_t audit_tag_of(uint64_t key, uint64_t fields) {
    return static_cast<uint16_t>(tt_bracket_check(key, fields) >> (32 - kAuditTagBits));
  }
  // The same fields, tagged as stored for `key`. The with_...() edits below keep the old tag:
  // stores tag the word they write, after every edit.
  constexpr TtDataWord with_audit_tag(uint64_t key) const {
    return TtDataWord(fields() | uint64_t{audit_tag_of(key, fields())} << kAuditTagShift);
  }
  // Whether the tag is the one a store for `key` writes. A word stored for another key (a torn
  // entry, when a probe for `key` accepted it) passes by a 2^-9 chance.
  constexpr bool audit_tag_matches(uint64_t key) const {
    return audit_tag() == audit_tag_of(key, fields());
  }

  constexpr TtDataWord with_move(uint16_t move) const {
    return TtDataWord((bits_ & ~(uint64_t{0xFFFF} << kMoveShift)) | uint64_t{move} << kMoveShift);
  }
  constexpr TtDataWord with_log2_size(uint8_t log2_size) const {
    const uint64_t mask = uint64_t{kTtMaxLog2Size} << kLog2SizeShift;
    const uint64_t clamped = log2_size < kTtMaxLog2Size ? log2_size : kTtMaxLog2Size;
    return TtDataWord((bits_ & ~mask) | clamped << kLog2SizeShift);
  }

  // How many searches ago (0..63) this word was stored, seen from generation `current_age`.
  constexpr int age_distance(uint8_t current_age) const {
    return (current_age - age()) & (kTtAgeCycle - 1);
  }

  friend constexpr bool operator==(TtDataWord, TtDataWord) = default;

 private:
  uint64_t bits_ = 0;
};

// Mate scores. The search's mate score is kTtMateScore and any |score| >= kTtMateThreshold is a
// mate: score S >= kTtMateThreshold means "mate in (kTtMateScore - S) plies from the root". The
// same position reached at another ply is the same distance from mate *from the node*, so the
// table stores node-relative mate scores: storing at ply p adds p to a winning mate score and
// subtracts p from a losing one; reading at ply p does the reverse. Other scores pass unchanged.
// The caller keeps |score| <= kTtMateScore and ply < 32767 - kTtMateScore, so results fit int16.
inline constexpr int kTtMateScore = 32000;
inline constexpr int kTtMateThreshold = 31000;

constexpr int score_to_tt(int score, int ply, int mate_threshold = kTtMateThreshold) {
  if (score >= mate_threshold) return score + ply;
  if (score <= -mate_threshold) return score - ply;
  return score;
}

constexpr int score_from_tt(int score, int ply, int mate_threshold = kTtMateThreshold) {
  if (score >= mate_threshold) return score - ply;
  if (score <= -mate_threshold) return score + ply;
  return score;
}

}  // namespace splitlab::hashing
