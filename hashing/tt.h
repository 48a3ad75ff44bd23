// The shared transposition table: one table for all search threads, lockless by default.
//
// Layout. The table is a power-of-two number of 64-byte buckets (one cache line each), each of
// four 128-bit entries: a 64-bit key and a 64-bit data word (tt_entry.h gives the data layout).
// resize(megabytes) picks the largest power of two of buckets that fits in that many MiB.
//
// Racy by design. probe(), store() and prefetch() may be called by any number of threads at once,
// with no lock (except under `locked`). Two threads storing into one slot, or one storing while
// another probes, can leave a reader with the first word of one store and the second word of
// another: a torn entry. Each scheme decides how a reader notices:
//   xor      word0 = data, word1 = key ^ data (Hyatt & Mann). A probe accepts when
//            word0 ^ word1 == key; a torn pair yields a different key and reads as a miss.
//   bracket  four 32-bit words: check, data_lo, data_hi, check, written in that order, with
//            check = tt_bracket_check(key, data), 32 bits. A probe accepts when both checks are
//            equal and equal the checksum recomputed from its own key and the data it read, so any
//            mixture of two stores fails (but for a 2^-32 chance). The key is not stored: the slot
//            and the 32-bit check identify the position.
//   locked   plain key and data words; every probe and store holds a per-bucket tbb::spin_mutex
//            (a separate array, one per bucket). Never torn; shows what locking costs.
//   raw      word0 = key, word1 = data, unchecked. A probe accepts when word0 == key, torn or
//            not: the baseline that shows torn entries being accepted.
// Every scheme's store also writes an audit tag into the data word's spare bits (tt_entry.h): a
// hash of the key and the data. probe() counts in TtStats::torn_accepted the hits whose tag
// disagrees with the probed key, i.e. the torn entries it hands out (only `raw` should have any);
// the tag never decides whether an entry is accepted.
// Neither lockless check depends on the order in which the words become visible. Every word that
// threads race on is a std::atomic accessed with memory_order_relaxed (plain moves on x86), so
// the races are the design's and not undefined behaviour: ThreadSanitizer stays quiet. The
// 64-bit schemes keep std::atomic<uint64_t> words and `bracket` std::atomic<uint32_t> words:
// set_scheme() constructs the storage as the right array type, which clears the table.
//
// Replacement policies (Breuker, Uiterwijk & van den Herik 1994, 1996; and today's engines).
// Every policy overwrites an entry of the same position in place, whatever its depth, keeping the
// stored move when the new entry has none (and, for `bigall`, adding up the subtree sizes). A
// store into an empty slot always succeeds. Otherwise:
//   1-way: each key has one slot, slot = key mod (number of entries):
//     deep     replace when new depth >= stored depth, else skip the store
//     new      always replace
//     old      never replace another position (skip the store)
//     big1     replace when new log2 subtree size >= stored one, else skip
//     bigall   as big1; a position stored again has its sizes summed first, so a position that
//              keeps being searched becomes hard to displace
//   2-way: each key has a pair of slots (first, second):
//     twodeep  if the new entry is at least as deep as the first slot's, the first moves to the
//              second slot and the new entry goes first; otherwise the new entry replaces the
//              second. If the first slot is empty the new entry goes there; if the position is
//              already in the second slot, that copy is what gets overwritten.
//     twobig1  the same, comparing log2 subtree sizes
//   4-way: each key has a bucket of four slots:
//     bucket     (Crafty, Fruit) same position first, else an empty slot, else the shallowest
//                entry of an older search, else the shallowest entry
//     depth-age  (Stockfish) same position, else an empty slot, else the entry with the least
//                depth - 8 * (searches since it was stored)
//   Ties go to the lowest slot. Probe looks in the slots the policy uses (1, 2 or 4); the 1- and
//   2-way groups are aligned inside one bucket, so every probe touches one cache line. The
//   1- and 2-way policies ignore age, as in the papers. Changing the policy keeps the entries, but
//   a narrower policy may not find entries that a wider one placed.
//
// Everything else (resize, clear, set_scheme, set_policy, new_search) must be called only while no
// thread probes or stores, i.e. between searches.
//
// Clearing in parallel. Zeroing a large table is the first write to its pages, and on a NUMA
// machine a page lives on the memory node of the thread that first writes it. With a part runner
// set (the search threads, see set_part_runner), clear() hands each thread a part of the table
// (whole huge pages), so the table is spread over the nodes of the threads that search it and is
// zeroed several times faster; reallocate() gets fresh pages for a new set of threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "hashing/tt_entry.h"
#include "hashing/tt_options.h"
#include "hashing/tt_stats.h"

namespace splitlab::hashing {

namespace tt_internal {
// A bucket's lock under the locked scheme (tt_slots.h): defined beside the accessors, so that
// the many files that include this header do not parse TBB.
struct BucketLock;
}  // namespace tt_internal

class TranspositionTable {
 public:
  static constexpr size_t kBucketBytes = 64;
  static constexpr size_t kEntriesPerBucket = 4;
  static constexpr size_t kBytesPerMegabyte = size_t{1} << 20;
  static constexpr int kMinLog2Entries = 2;   // One bucket.
  static constexpr int kMaxLog2Entries = 40;  // 16 TiB: more than any machine here holds.

  // One bucket, scheme `xor`, policy `depth-age`; call resize() before a real search.
  TranspositionTable();
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // The largest power of two of buckets that fits in `megabytes` MiB (at least one bucket); the
  // table is cleared. On failure (allocation, or a size beyond the address space) returns false,
  // says why in `*error` (if not null) and keeps a cleared table of the previous size.
  bool resize(size_t megabytes, std::string* error);
  // Exactly `buckets` buckets, which must be a power of two (tests and studies use tiny tables).
  bool resize_buckets(size_t buckets, std::string* error);
  // Exactly 2^log2_entries entries (2^(log2_entries - 2) buckets of four): sizes as the
  // replacement papers give them, from one bucket (kMinLog2Entries) to kMaxLog2Entries.
  bool resize_log2_entries(int log2_entries, std::string* error);
  // Empties every entry and restarts the age at 0 (in parts on the part runner's threads).
  void clear();
  // Frees the storage and allocates it anew, cleared (by the part runner's threads, which so
  // touch its pages first). On failure, as resize().
  bool reallocate(std::string* error);

  // Calls body(part, parts) once for each part = 0 .. parts-1, each call on its own thread, and
  // returns when all have returned. Unset: clear() runs on the calling thread.
  using PartBody = std::function<void(int part, int parts)>;
  using PartRunner = std::function<void(const PartBody&)>;
  void set_part_runner(PartRunner runner) { part_runner_ = std::move(runner); }

  // Setting the scheme re-creates the storage as that scheme's word type: the table is cleared.
  void set_scheme(TtEntryScheme scheme);
  TtEntryScheme scheme() const { return scheme_; }
  // Keeps the entries; see the note on changing policies above.
  void set_policy(TtReplacePolicy policy);
  TtReplacePolicy policy() const { return policy_; }

  // Advances the 6-bit search generation (age) that store() writes into each entry.
  void new_search() { age_ = (age_ + 1) & (kTtAgeCycle - 1); }
  uint8_t age() const { return age_; }

  // On a verified entry for `key`: fills `out` (age included) and returns true. Counts a probe and,
  // on success, a hit in `stats`, and a torn_accepted when the entry's audit tag shows that its
  // data was stored for another key.
  bool probe(uint64_t key, TtEntry& out, TtStats& stats) const;
  // Stores `entry` for `key` under the current policy, with the current age (entry.age is
  // ignored). Counts a store and a replacement or a skipped store in `stats`.
  void store(uint64_t key, const TtEntry& entry, TtStats& stats);
  // Starts loading the cache line that probe(key) and store(key) will touch.
  void prefetch(uint64_t key) const { __builtin_prefetch(memory_ + slot_of(key) * kSlotBytes); }

  // Test only, scheme `raw`: slot `to` gets the key word of slot `key_from` and the data word of
  // slot `data_from`, the torn entry a probe of one key meets while another key's store is half
  // done. Returns false, changing nothing, under another scheme or for a slot outside the table.
  bool tear_raw_slot_for_tests(size_t to, size_t key_from, size_t data_from);

  // Calls visit(entry) for every occupied slot (the data word as stored, unverified); between
  // searches only. For tests and studies of what the table holds.
  void for_each_entry(const std::function<void(const TtEntry&)>& visit) const;

  // Per mille of the first 1000 entries (all if fewer) that hold an entry of the current search,
  // as UCI's `info hashfull` reports it.
  int hashfull() const;

  size_t bucket_count() const { return bucket_count_; }
  size_t entry_count() const { return bucket_count_ * kEntriesPerBucket; }
  size_t size_bytes() const { return bucket_count_ * kBucketBytes; }

 private:
  static constexpr size_t kSlotBytes = kBucketBytes / kEntriesPerBucket;

  // The first of the slots the current policy uses for `key`.
  size_t slot_of(uint64_t key) const { return key & slot_mask_; }
  void update_slot_mask();
  // Allocates `buckets` buckets; on failure leaves the table unchanged and returns false.
  bool allocate(size_t buckets);
  // (Re)creates the word objects of the current scheme over the whole storage, all zero, in
  // parts on the part runner's threads.
  void construct_words();
  // Part `part` of `parts`: the word objects of one range of whole pages.
  void construct_part(int part, int parts);
  // Calls visit(slots) with the accessor of the current scheme (see tt_slots.h).
  template <typename Visitor>
  decltype(auto) visit_slots(Visitor&& visit) const;

  std::byte* memory_ = nullptr;  // bucket_count_ * kBucketBytes bytes, cache-line aligned
  size_t bucket_count_ = 0;
  size_t slot_mask_ = 0;
  // The storage viewed as the current scheme's words; only that scheme's pointer is set.
  std::atomic<uint64_t>* words64_ = nullptr;         // xor, raw
  std::atomic<uint32_t>* words32_ = nullptr;         // bracket
  uint64_t* plain_words_ = nullptr;                  // locked
  std::unique_ptr<tt_internal::BucketLock[]> bucket_locks_;  // locked only
  PartRunner part_runner_;
  TtEntryScheme scheme_ = TtEntryScheme::Xor;
  TtReplacePolicy policy_ = TtReplacePolicy::DepthAge;
  uint8_t age_ = 0;
};

}  // namespace splitlab::hashing
