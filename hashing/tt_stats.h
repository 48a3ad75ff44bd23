// Transposition-table counters. The table holds no shared counters: each search thread owns a
// TtStats and passes it to probe() and store(), so counting costs no cache-line traffic between
// threads; the search adds them up with += after (or during, from the owning thread) a search.
#pragma once

#include <cstdint>

namespace splitlab::hashing {

// Aligned to a cache line so that per-thread TtStats kept side by side do not share one.
struct alignas(64) TtStats {
  uint64_t probes = 0;
  uint64_t hits = 0;            // probes that found a verified entry for their key
  uint64_t cutoffs = 0;         // bumped by the search when a hit's bound cuts off
  uint64_t stores = 0;          // store() calls, whether written or skipped
  uint64_t replacements = 0;    // stores that dropped an entry of another position
  uint64_t skipped_stores = 0;  // stores the policy refused (only `deep`, `old`, `big1`, `bigall`)
  // Hits whose data word was stored for another key (its audit tag disagrees, see TtDataWord):
  // torn entries the caller was handed. Only `raw` accepts torn pairs, so the others stay at 0
  // (but for their own 2^-32 or 2^-64 chance of passing a mixture). Counts 1 - 2^-9 of them.
  uint64_t torn_accepted = 0;

  TtStats& operator+=(const TtStats& other) {
    probes += other.probes;
    hits += other.hits;
    cutoffs += other.cutoffs;
    stores += other.stores;
    replacements += other.replacements;
    skipped_stores += other.skipped_stores;
    torn_accepted += other.torn_accepted;
    return *this;
  }
  friend TtStats operator+(TtStats a, const TtStats& b) { return a += b; }
};

}  // namespace splitlab::hashing
