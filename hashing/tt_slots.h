// Internal to the transposition table (included by tt.cc only): one accessor class per entry
// scheme, each reading and writing entries by slot index in the table's storage. The replacement
// policies (tt_policy.h) are written once against this small interface:
//   lock_bucket(bucket)           -> a guard held for a whole probe or store (no-op unless locked)
//   read_if_key(slot, key, data)  -> true and the data when the slot verifiably holds `key`
//   read_data(slot)               -> the slot's data word, unverified (for policy decisions)
//   write(slot, key, data), copy(from_slot, to_slot)
// write() stores the data word with its audit tag for `key` (tt_entry.h), whatever tag it came
// with; the tag is part of the word each scheme protects.
// Slot s of a 64-bit scheme is words [2s, 2s+1]; slot s of `bracket` is 32-bit words [4s, 4s+3];
// four slots make one 64-byte bucket either way.
#pragma once

#include <oneapi/tbb/spin_mutex.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "hashing/tt_entry.h"

namespace splitlab::hashing::tt_internal {

inline constexpr std::memory_order kRelaxed = std::memory_order_relaxed;

struct NoLock {};

// Crafty's scheme: word0 = data, word1 = key ^ data. A reader that gets word0 of one store and
// word1 of another computes a key that is (almost surely) nobody's, so a torn pair is a miss. The
// check does not depend on the order in which the words become visible.
class XorSlots {
 public:
  explicit XorSlots(std::atomic<uint64_t>* words) : words_(words) {}

  NoLock lock_bucket(size_t) const { return {}; }

  bool read_if_key(size_t slot, uint64_t key, TtDataWord& data) const {
    const uint64_t data_bits = words_[2 * slot].load(kRelaxed);
    const uint64_t key_xor_data = words_[2 * slot + 1].load(kRelaxed);
    if ((data_bits ^ key_xor_data) != key) return false;
    data = TtDataWord(data_bits);
    return data.occupied();
  }
  TtDataWord read_data(size_t slot) const { return TtDataWord(words_[2 * slot].load(kRelaxed)); }
  void write(size_t slot, uint64_t key, TtDataWord data) const {
    data = data.with_audit_tag(key);
    words_[2 * slot].store(data.bits(), kRelaxed);
    words_[2 * slot + 1].store(key ^ data.bits(), kRelaxed);
  }
  void copy(size_t from, size_t to) const {
    words_[2 * to].store(words_[2 * from].load(kRelaxed), kRelaxed);
    words_[2 * to + 1].store(words_[2 * from + 1].load(kRelaxed), kRelaxed);
  }

 private:
  std::atomic<uint64_t>* words_;
};

// Four 32-bit words: check, data_lo, data_hi, check, where check = tt_bracket_check(key, data). The
// key itself is not stored: the slot index and the 32-bit check identify it. A reader accepts only
// when both checks agree and match the checksum of (its key, the data it read), so data mixed from
// two stores, or checks from another store, fail.
class BracketSlots {
 public:
  explicit BracketSlots(std::atomic<uint32_t>* words) : words_(words) {}

  NoLock lock_bucket(size_t) const { return {}; }

  bool read_if_key(size_t slot, uint64_t key, TtDataWord& data) const {
    const uint32_t check_front = words_[4 * slot].load(kRelaxed);
    const uint64_t data_bits = read_data(slot).bits();
    const uint32_t check_back = words_[4 * slot + 3].load(kRelaxed);
    if (check_front != check_back || check_front != tt_bracket_check(key, data_bits)) return false;
    data = TtDataWord(data_bits);
    return data.occupied();
  }
  TtDataWord read_data(size_t slot) const {
    const uint64_t low = words_[4 * slot + 1].load(kRelaxed);
    const uint64_t high = words_[4 * slot + 2].load(kRelaxed);
    return TtDataWord(high << 32 | low);
  }
  void write(size_t slot, uint64_t key, TtDataWord data) const {
    data = data.with_audit_tag(key);
    const uint32_t check = tt_bracket_check(key, data.bits());
    words_[4 * slot].store(check, kRelaxed);
    words_[4 * slot + 1].store(static_cast<uint32_t>(data.bits()), kRelaxed);
    words_[4 * slot + 2].store(static_cast<uint32_t>(data.bits() >> 32), kRelaxed);
    words_[4 * slot + 3].store(check, kRelaxed);
  }
  void copy(size_t from, size_t to) const {
    for (size_t i = 0; i < 4; ++i) {
      words_[4 * to + i].store(words_[4 * from + i].load(kRelaxed), kRelaxed);
    }
  }

 private:
  std::atomic<uint32_t>* words_;
};

// No protection: word0 = key, word1 = data. A reader that sees the key of one store and the data
// of another accepts the mixture; this scheme exists to measure how often that happens (the
// table counts such acceptances by their audit tags, TtStats::torn_accepted).
class RawSlots {
 public:
  explicit RawSlots(std::atomic<uint64_t>* words) : words_(words) {}

  NoLock lock_bucket(size_t) const { return {}; }

  bool read_if_key(size_t slot, uint64_t key, TtDataWord& data) const {
    if (words_[2 * slot].load(kRelaxed) != key) return false;
    data = read_data(slot);
    return data.occupied();
  }
  TtDataWord read_data(size_t slot) const {
    return TtDataWord(words_[2 * slot + 1].load(kRelaxed));
  }
  void write(size_t slot, uint64_t key, TtDataWord data) const {
    words_[2 * slot].store(key, kRelaxed);
    words_[2 * slot + 1].store(data.with_audit_tag(key).bits(), kRelaxed);
  }
  void copy(size_t from, size_t to) const {
    words_[2 * to].store(words_[2 * from].load(kRelaxed), kRelaxed);
    words_[2 * to + 1].store(words_[2 * from + 1].load(kRelaxed), kRelaxed);
  }

 private:
  std::atomic<uint64_t>* words_;
};

// Plain key and data words, each bucket guarded by its own tbb::spin_mutex (kept in a separate
// array, so the bucket stays one cache line; 64 neighbouring buckets share a line of locks, as in
// any compact lock array, which is part of the cost this scheme measures). The words are not
// atomic: every access, including hashfull()'s sampling, holds the bucket's lock.
struct BucketLock {
  tbb::spin_mutex mutex;
};

class LockedSlots {
 public:
  LockedSlots(uint64_t* words, BucketLock* bucket_locks)
      : words_(words), bucket_locks_(bucket_locks) {}

  tbb::spin_mutex::scoped_lock lock_bucket(size_t bucket) const {
    return tbb::spin_mutex::scoped_lock(bucket_locks_[bucket].mutex);
  }

  bool read_if_key(size_t slot, uint64_t key, TtDataWord& data) const {
    if (words_[2 * slot] != key) return false;
    data = read_data(slot);
    return data.occupied();
  }
  TtDataWord read_data(size_t slot) const { return TtDataWord(words_[2 * slot + 1]); }
  void write(size_t slot, uint64_t key, TtDataWord data) const {
    words_[2 * slot] = key;
    words_[2 * slot + 1] = data.with_audit_tag(key).bits();
  }
  void copy(size_t from, size_t to) const {
    words_[2 * to] = words_[2 * from];
    words_[2 * to + 1] = words_[2 * from + 1];
  }

 private:
  uint64_t* words_;
  BucketLock* bucket_locks_;
};

}  // namespace splitlab::hashing::tt_internal
