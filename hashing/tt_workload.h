// The synthetic workload of the table's benchmarks (tt_benchmark.cc, tt_op_count.cc): keys of a
// universe of positions, and the entry stored for a key, so that both programs measure the same
// operations.
#pragma once

#include <cstdint>

#include "hashing/tt_entry.h"
#include "hashing/zobrist.h"

namespace splitlab::hashing::tt_workload {

inline constexpr uint64_t kKeySeed = 0xB0B0'CAFE'0000'0001ULL;

// The key of position number `position`.
inline uint64_t key_of(uint64_t position) { return SplitMix64(kKeySeed ^ position).next(); }

// An entry whose fields come from the key: every store writes a different, valid entry.
inline TtEntry entry_of(uint64_t key) {
  TtEntry entry;
  entry.move = static_cast<uint16_t>(key);
  entry.score = static_cast<int16_t>(key >> 16);
  entry.depth = static_cast<int8_t>((key >> 32) & 63);
  entry.bound = TtBound::Exact;
  return entry;
}

}  // namespace splitlab::hashing::tt_workload
