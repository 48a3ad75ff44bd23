#include "hashing/tt.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <limits>
#include <new>
#include <utility>

#ifdef __linux__
#include <sys/mman.h>
#endif

#include "hashing/tt_policy.h"
#include "hashing/tt_slots.h"

#if defined(__SANITIZE_THREAD__)
// ThreadSanitizer's dynamic annotations (its runtime defines them; no header declares them).
extern "C" void AnnotateIgnoreWritesBegin(const char* file, int line);
extern "C" void AnnotateIgnoreWritesEnd(const char* file, int line);
#endif

namespace splitlab::hashing {
namespace {

// Under ThreadSanitizer, the zeros that make or clear the table are written unseen by it. Each
// seen write also writes the word's shadow, four times the table's size of memory first touched
// then: an engine at Threads 8 took 2.4 s here to start, take Threads and ucinewgame (three
// passes over its 16 MB table), 79% of it in these writes. The checker can then no longer see
// a clear that overlaps a search, which the engine rules out by its order of work (tt.h: made
// and cleared only while no search runs; ucinewgame and setoption wait for the search to end,
// engine/protocol/uci.h) and its protocol tests check. Elsewhere this does nothing.
class UnseenByThreadSanitizer {
 public:
#if defined(__SANITIZE_THREAD__)
  UnseenByThreadSanitizer() { AnnotateIgnoreWritesBegin(__FILE__, __LINE__); }
  ~UnseenByThreadSanitizer() { AnnotateIgnoreWritesEnd(__FILE__, __LINE__); }
#else
  UnseenByThreadSanitizer() {}
#endif
  UnseenByThreadSanitizer(const UnseenByThreadSanitizer&) = delete;
  UnseenByThreadSanitizer& operator=(const UnseenByThreadSanitizer&) = delete;
};

// Tables of at least this size are aligned to it and offered to the kernel as huge pages, which
// saves most TLB misses of random probes into a large table.
constexpr size_t kHugePageBytes = size_t{2} << 20;

constexpr size_t kHashfullSample = 1000;

}  // namespace

static_assert(TranspositionTable::kBucketBytes == 4 * 2 * sizeof(uint64_t));
static_assert(TranspositionTable::kBucketBytes == 4 * 4 * sizeof(uint32_t));
static_assert(sizeof(std::atomic<uint64_t>) == sizeof(uint64_t) &&
              std::atomic<uint64_t>::is_always_lock_free);
static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t) &&
              std::atomic<uint32_t>::is_always_lock_free);

TranspositionTable::TranspositionTable() {
  if (!allocate(1)) throw std::bad_alloc();
}

TranspositionTable::~TranspositionTable() { std::free(memory_); }

template <typename Visitor>
decltype(auto) TranspositionTable::visit_slots(Visitor&& visit) const {
  switch (scheme_) {
    case TtEntryScheme::Xor:
      return visit(tt_internal::XorSlots(words64_));
    case TtEntryScheme::Bracket:
      return visit(tt_internal::BracketSlots(words32_));
    case TtEntryScheme::Locked:
      return visit(tt_internal::LockedSlots(plain_words_, bucket_locks_.get()));
    case TtEntryScheme::Raw:
      return visit(tt_internal::RawSlots(words64_));
  }
  __builtin_unreachable();
}

bool TranspositionTable::resize(size_t megabytes, std::string* error) {
  if (megabytes > std::numeric_limits<size_t>::max() / kBytesPerMegabyte) {
    if (error) *error = "hash size " + std::to_string(megabytes) + " MB is too large";
    return false;
  }
  const size_t buckets = megabytes * kBytesPerMegabyte / kBucketBytes;
  return resize_buckets(buckets == 0 ? 1 : std::bit_floor(buckets), error);
}

bool TranspositionTable::resize_buckets(size_t buckets, std::string* error) {
  if (!std::has_single_bit(buckets)) {
    if (error) *error = "bucket count " + std::to_string(buckets) + " is not a power of two";
    return false;
  }
  if (buckets == bucket_count_) {
    clear();
    return true;
  }
  if (allocate(buckets)) return true;
  // The old table may be what stands in the way: free it and try once more, else go back.
  const size_t previous_buckets = bucket_count_;
  std::free(memory_);
  memory_ = nullptr;
  bucket_count_ = 0;
  if (allocate(buckets)) return true;
  if (!allocate(previous_buckets) && !allocate(1)) throw std::bad_alloc();
  if (error) {
    *error = "cannot allocate " + std::to_string(buckets * kBucketBytes) + " bytes for the hash";
  }
  return false;
}

bool TranspositionTable::resize_log2_entries(int log2_entries, std::string* error) {
  static_assert(kEntriesPerBucket == size_t{1} << kMinLog2Entries);
  if (log2_entries < kMinLog2Entries || log2_entries > kMaxLog2Entries) {
    if (error) {
      *error = "table of 2^" + std::to_string(log2_entries) + " entries: expected 2^" +
               std::to_string(kMinLog2Entries) + " to 2^" + std::to_string(kMaxLog2Entries);
    }
    return false;
  }
  return resize_buckets(size_t{1} << (log2_entries - kMinLog2Entries), error);
}

bool TranspositionTable::allocate(size_t buckets) {
  if (buckets > std::numeric_limits<size_t>::max() / kBucketBytes) return false;
  const size_t bytes = buckets * kBucketBytes;
  // aligned_alloc wants a size that is a multiple of the alignment: both are powers of two here.
  const size_t alignment = bytes >= kHugePageBytes ? kHugePageBytes : kBucketBytes;
  void* memory = std::aligned_alloc(alignment, bytes);
  if (memory == nullptr) return false;
#ifdef __linux__
  if (alignment == kHugePageBytes) madvise(memory, bytes, MADV_HUGEPAGE);  // a hint only
#endif
  std::unique_ptr<tt_internal::BucketLock[]> locks;
  if (scheme_ == TtEntryScheme::Locked) {
    locks.reset(new (std::nothrow) tt_internal::BucketLock[buckets]);
    if (!locks) {
      std::free(memory);
      return false;
    }
  }
  std::free(memory_);
  memory_ = static_cast<std::byte*>(memory);
  bucket_count_ = buckets;
  bucket_locks_ = std::move(locks);
  construct_words();
  update_slot_mask();
  age_ = 0;
  return true;
}

void TranspositionTable::construct_words() {
  if (part_runner_ && size_bytes() > kHugePageBytes) {
    part_runner_([this](int part, int parts) { construct_part(part, parts); });
  } else {
    construct_part(0, 1);
  }
  words64_ = nullptr;
  words32_ = nullptr;
  plain_words_ = nullptr;
  switch (scheme_) {
    case TtEntryScheme::Xor:
    case TtEntryScheme::Raw:
      words64_ = std::launder(reinterpret_cast<std::atomic<uint64_t>*>(memory_));
      break;
    case TtEntryScheme::Bracket:
      words32_ = std::launder(reinterpret_cast<std::atomic<uint32_t>*>(memory_));
      break;
    case TtEntryScheme::Locked:
      plain_words_ = std::launder(reinterpret_cast<uint64_t*>(memory_));
      break;
  }
}

void TranspositionTable::construct_part(int part, int parts) {
  // Parts are whole huge pages (whole buckets for a small table), so no page is first touched
  // by two threads.
  const size_t unit = size_bytes() >= kHugePageBytes ? kHugePageBytes : kBucketBytes;
  const size_t units = size_bytes() / unit;
  const size_t begin = units * size_t(part) / size_t(parts) * unit;
  const size_t end = units * size_t(part + 1) / size_t(parts) * unit;
  if (begin == end) return;
  // Value-initialising placement new ends the lifetime of the previous words (all trivially
  // destructible) and creates the new ones as zeros; C++20 guarantees no array overhead for
  // this form. Zero words are an empty entry in every scheme.
  std::byte* const first = memory_ + begin;
  const UnseenByThreadSanitizer unseen;
  switch (scheme_) {
    case TtEntryScheme::Xor:
    case TtEntryScheme::Raw:
      ::new (first) std::atomic<uint64_t>[ (end - begin) / sizeof(uint64_t) ]();
      break;
    case TtEntryScheme::Bracket:
      ::new (first) std::atomic<uint32_t>[ (end - begin) / sizeof(uint32_t) ]();
      break;
    case TtEntryScheme::Locked:
      ::new (first) uint64_t[(end - begin) / sizeof(uint64_t)]();
      break;
  }
}

bool TranspositionTable::reallocate(std::string* error) {
  const size_t buckets = bucket_count_;
  std::free(memory_);
  memory_ = nullptr;
  bucket_count_ = 0;
  if (allocate(buckets)) return true;
  if (!allocate(1)) throw std::bad_alloc();
  if (error) {
    *error = "cannot allocate " + std::to_string(buckets * kBucketBytes) + " bytes for the hash";
  }
  return false;
}

void TranspositionTable::clear() {
  construct_words();
  age_ = 0;
}

void TranspositionTable::set_scheme(TtEntryScheme scheme) {
  scheme_ = scheme;
  if (scheme_ == TtEntryScheme::Locked) {
    if (!bucket_locks_) bucket_locks_.reset(new tt_internal::BucketLock[bucket_count_]);
  } else {
    bucket_locks_.reset();
  }
  clear();
}

void TranspositionTable::set_policy(TtReplacePolicy policy) {
  policy_ = policy;
  update_slot_mask();
}

void TranspositionTable::update_slot_mask() {
  const size_t ways = static_cast<size_t>(tt_policy_ways(policy_));
  slot_mask_ = (entry_count() - 1) & ~(ways - 1);
}

bool TranspositionTable::probe(uint64_t key, TtEntry& out, TtStats& stats) const {
  ++stats.probes;
  const size_t first_slot = slot_of(key);
  const int ways = tt_policy_ways(policy_);
  TtDataWord data;
  const bool found = visit_slots([&](const auto& slots) {
    [[maybe_unused]] auto guard = slots.lock_bucket(first_slot / kEntriesPerBucket);
    return tt_internal::probe_slots(slots, first_slot, ways, key, data);
  });
  if (!found) return false;
  ++stats.hits;
  // An audit only: the entry is handed over either way, as the scheme accepted it.
  if (!data.audit_tag_matches(key)) ++stats.torn_accepted;
  out = data.unpack();
  return true;
}

void TranspositionTable::store(uint64_t key, const TtEntry& entry, TtStats& stats) {
  ++stats.stores;
  const size_t first_slot = slot_of(key);
  const TtDataWord fresh = TtDataWord::pack(entry, age_);
  visit_slots([&](const auto& slots) {
    [[maybe_unused]] auto guard = slots.lock_bucket(first_slot / kEntriesPerBucket);
    tt_internal::store_slots(slots, first_slot, key, fresh, policy_, age_, stats);
  });
}

bool TranspositionTable::tear_raw_slot_for_tests(size_t to, size_t key_from, size_t data_from) {
  if (scheme_ != TtEntryScheme::Raw || to >= entry_count() || key_from >= entry_count() ||
      data_from >= entry_count()) {
    return false;
  }
  // Raw slot s is words [2s, 2s+1] = key, data (tt_slots.h).
  const uint64_t key = words64_[2 * key_from].load(std::memory_order_relaxed);
  const uint64_t data = words64_[2 * data_from + 1].load(std::memory_order_relaxed);
  words64_[2 * to].store(key, std::memory_order_relaxed);
  words64_[2 * to + 1].store(data, std::memory_order_relaxed);
  return true;
}

void TranspositionTable::for_each_entry(const std::function<void(const TtEntry&)>& visit) const {
  visit_slots([&](const auto& slots) {
    for (size_t slot = 0; slot < entry_count(); ++slot) {
      [[maybe_unused]] auto guard = slots.lock_bucket(slot / kEntriesPerBucket);
      const TtDataWord data = slots.read_data(slot);
      if (data.occupied()) visit(data.unpack());
    }
  });
}

int TranspositionTable::hashfull() const {
  const size_t sample = std::min(kHashfullSample, entry_count());
  const size_t current = visit_slots([&](const auto& slots) {
    size_t count = 0;
    for (size_t slot = 0; slot < sample; ++slot) {
      [[maybe_unused]] auto guard = slots.lock_bucket(slot / kEntriesPerBucket);
      const TtDataWord data = slots.read_data(slot);
      if (data.occupied() && data.age() == age_) ++count;
    }
    return count;
  });
  return static_cast<int>(current * 1000 / sample);
}

}  // namespace splitlab::hashing
