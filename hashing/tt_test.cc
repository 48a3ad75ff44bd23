#include "hashing/tt.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <mutex>
#include <numeric>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hashing/zobrist.h"

namespace splitlab::hashing {
namespace {

constexpr std::array<TtBound, 4> kAllBounds = {TtBound::None, TtBound::Upper, TtBound::Lower,
                                               TtBound::Exact};

TtEntry make_entry(uint16_t move, int score, int depth, TtBound bound = TtBound::Exact,
                   uint8_t log2_size = 0) {
  TtEntry entry;
  entry.move = move;
  entry.score = static_cast<int16_t>(score);
  entry.depth = static_cast<int8_t>(depth);
  entry.bound = bound;
  entry.log2_size = log2_size;
  return entry;
}

// A key whose slot in a one-bucket table is `slot` (0..3); `id` tells positions apart.
constexpr uint64_t key_at_slot(uint64_t id, int slot) {
  return id << 8 | static_cast<uint64_t>(slot);
}

// ---- Entry encoding and helpers -------------------------------------------------------------

TEST(TtEntryTest, PackUnpackKeepsEveryFieldAtItsExtremes) {
  for (TtBound bound : kAllBounds) {
    for (int depth : {-128, -1, 0, 1, 127}) {
      for (int score : {-32768, -32000, -1, 0, 1, 31999, 32767}) {
        for (uint16_t move : {uint16_t{0}, uint16_t{1}, uint16_t{0xFFFF}}) {
          TtEntry entry = make_entry(move, score, depth, bound, 63);
          entry.age = 37;
          const TtDataWord word = TtDataWord::pack(entry, 37);
          EXPECT_TRUE(word.occupied());
          EXPECT_EQ(word.unpack(), entry);
        }
      }
    }
  }
}

TEST(TtEntryTest, TheAuditTagSitsAboveTheFieldsAndUnpackIgnoresIt) {
  const TtDataWord packed =
      TtDataWord::pack(make_entry(0xFFFF, -32768, -128, TtBound::Exact, 63), 63);
  EXPECT_EQ(packed.audit_tag(), 0) << "pack() leaves the tag to the store";
  EXPECT_EQ(packed.fields(), packed.bits());
  SplitMix64 rng(17);
  int tags_seen_set = 0;
  for (int i = 0; i < 100; ++i) {
    const uint64_t key = rng.next();
    const TtDataWord tagged = packed.with_audit_tag(key);
    EXPECT_EQ(tagged.fields(), packed.fields());
    EXPECT_EQ(tagged.unpack(), packed.unpack());
    EXPECT_TRUE(tagged.occupied());
    EXPECT_TRUE(tagged.audit_tag_matches(key));
    EXPECT_LT(tagged.audit_tag(), 1 << TtDataWord::kAuditTagBits);
    tags_seen_set += tagged.audit_tag() != 0;
    // Edits keep the tag; a store re-tags.
    EXPECT_EQ(tagged.with_move(5).audit_tag(), tagged.audit_tag());
  }
  EXPECT_GT(tags_seen_set, 90) << "a tag that is (almost) always 0 would catch nothing";
}

// Torn pairs join the key word of one store with the data word of another store into the same
// slot, so the two keys share their low (slot) bits. The audit misses such a pair only when the
// tags collide: for a 9-bit tag, once in 512 on average.
TEST(TtEntryTest, AnotherKeysWordPassesTheAuditAboutOnceIn512) {
  constexpr int kPairs = 200'000;
  constexpr uint64_t kSlotBits = (uint64_t{1} << 26) - 1;  // a 1 GiB table's entry index
  SplitMix64 rng(29);
  int passed = 0;
  for (int i = 0; i < kPairs; ++i) {
    const uint64_t stored_key = rng.next();
    const uint64_t probed_key = (rng.next() & ~kSlotBits) | (stored_key & kSlotBits);
    const uint64_t random_fields = rng.next();
    TtEntry entry =
        make_entry(static_cast<uint16_t>(random_fields), static_cast<int16_t>(random_fields >> 16),
                   static_cast<int8_t>(random_fields >> 32));
    const TtDataWord stored =
        TtDataWord::pack(entry, (random_fields >> 40) & 63).with_audit_tag(stored_key);
    if (probed_key == stored_key) continue;
    passed += stored.audit_tag_matches(probed_key);
  }
  // Expected 200000 / 512 = 391, standard deviation about 20.
  EXPECT_GT(passed, 291);
  EXPECT_LT(passed, 491);
}

TEST(TtEntryTest, PackTakesTheTablesAgeNotTheEntrys) {
  TtEntry entry = make_entry(5, 10, 3);
  entry.age = 9;
  EXPECT_EQ(TtDataWord::pack(entry, 12).age(), 12);
  EXPECT_EQ(TtDataWord::pack(entry, 64 + 12).age(), 12);  // ages are 6 bits
}

TEST(TtEntryTest, AnEmptyWordIsNotOccupied) { EXPECT_FALSE(TtDataWord(0).occupied()); }

TEST(TtEntryTest, Log2SubtreeSizeIsTheBitWidthClampedTo63) {
  EXPECT_EQ(log2_subtree_size(0), 0);
  EXPECT_EQ(log2_subtree_size(1), 1);
  EXPECT_EQ(log2_subtree_size(2), 2);
  EXPECT_EQ(log2_subtree_size(3), 2);
  EXPECT_EQ(log2_subtree_size(1024), 11);
  EXPECT_EQ(log2_subtree_size(2047), 11);
  EXPECT_EQ(log2_subtree_size(std::numeric_limits<uint64_t>::max()), 63);
  EXPECT_EQ(min_nodes_of_log2_size(11), 1024u);
  EXPECT_EQ(min_nodes_of_log2_size(0), 0u);
}

TEST(TtEntryTest, AgeDistanceWrapsAroundTheSixBitCycle) {
  EXPECT_EQ(TtDataWord::pack(TtEntry{}, 62).age_distance(1), 3);
  EXPECT_EQ(TtDataWord::pack(TtEntry{}, 5).age_distance(5), 0);
}

TEST(TtEntryTest, BracketCheckChangesWithEveryBitOfKeyAndData) {
  uint64_t key = 0x0123'4567'89AB'CDEFULL, data = TtDataWord::pack(make_entry(1, 2, 3), 4).bits();
  for (int round = 0; round < 8; ++round) {
    const uint32_t check = tt_bracket_check(key, data);
    for (int bit = 0; bit < 64; ++bit) {
      EXPECT_NE(tt_bracket_check(key ^ (uint64_t{1} << bit), data), check) << "key bit " << bit;
      EXPECT_NE(tt_bracket_check(key, data ^ (uint64_t{1} << bit)), check) << "data bit " << bit;
    }
    key = key * 6364136223846793005ULL + 1442695040888963407ULL;
    data = data * 6364136223846793005ULL + 1442695040888963407ULL;
  }
}

TEST(TtMateScoreTest, StoresMateScoresRelativeToTheNode) {
  // At ply 5 the search proves mate at ply 8 from the root: 3 plies from this node.
  const int mate_at_ply_8 = kTtMateScore - 8;
  const int stored = score_to_tt(mate_at_ply_8, 5);
  EXPECT_EQ(stored, kTtMateScore - 3);
  // The same position reached at ply 7 is still mate in 3 from the node: ply 10 from the root.
  EXPECT_EQ(score_from_tt(stored, 7), kTtMateScore - 10);
  // Losing side, symmetrically.
  EXPECT_EQ(score_to_tt(-mate_at_ply_8, 5), -(kTtMateScore - 3));
  EXPECT_EQ(score_from_tt(-(kTtMateScore - 3), 7), -(kTtMateScore - 10));
  // Ordinary scores pass through.
  EXPECT_EQ(score_to_tt(250, 9), 250);
  EXPECT_EQ(score_from_tt(-kTtMateThreshold + 1, 9), -kTtMateThreshold + 1);
  // A custom threshold.
  EXPECT_EQ(score_to_tt(900, 4, 900), 904);
  EXPECT_EQ(score_from_tt(904, 4, 900), 900);
}

// ---- Names ------------------------------------------------------------------------------------

TEST(TtOptionsTest, ParsesAndNamesEverySchemeExactly) {
  const std::vector<std::pair<std::string, TtEntryScheme>> expected = {
      {"xor", TtEntryScheme::Xor},
      {"bracket", TtEntryScheme::Bracket},
      {"locked", TtEntryScheme::Locked},
      {"raw", TtEntryScheme::Raw}};
  for (const auto& [name, scheme] : expected) {
    EXPECT_EQ(tt_entry_scheme_name(scheme), name);
    EXPECT_EQ(parse_tt_entry_scheme(name), scheme) << name;
  }
  for (const char* bad : {"", "XOR", "xor ", "lock", "brackets", "none"}) {
    EXPECT_FALSE(parse_tt_entry_scheme(bad).has_value()) << bad;
  }
}

TEST(TtOptionsTest, ParsesAndNamesEveryPolicyExactly) {
  const std::vector<std::pair<std::string, TtReplacePolicy>> expected = {
      {"deep", TtReplacePolicy::Deep},         {"new", TtReplacePolicy::New},
      {"old", TtReplacePolicy::Old},           {"big1", TtReplacePolicy::Big1},
      {"bigall", TtReplacePolicy::BigAll},     {"twodeep", TtReplacePolicy::TwoDeep},
      {"twobig1", TtReplacePolicy::TwoBig1},   {"bucket", TtReplacePolicy::Bucket},
      {"depth-age", TtReplacePolicy::DepthAge}};
  ASSERT_EQ(expected.size(), kAllTtReplacePolicies.size());
  for (const auto& [name, policy] : expected) {
    EXPECT_EQ(tt_replace_policy_name(policy), name);
    EXPECT_EQ(parse_tt_replace_policy(name), policy) << name;
  }
  for (const char* bad : {"", "Deep", "depth_age", "depthage", "big", "two-deep", "always"}) {
    EXPECT_FALSE(parse_tt_replace_policy(bad).has_value()) << bad;
  }
}

TEST(TtOptionsTest, PolicyWays) {
  EXPECT_EQ(tt_policy_ways(TtReplacePolicy::Deep), 1);
  EXPECT_EQ(tt_policy_ways(TtReplacePolicy::BigAll), 1);
  EXPECT_EQ(tt_policy_ways(TtReplacePolicy::TwoDeep), 2);
  EXPECT_EQ(tt_policy_ways(TtReplacePolicy::TwoBig1), 2);
  EXPECT_EQ(tt_policy_ways(TtReplacePolicy::Bucket), 4);
  EXPECT_EQ(tt_policy_ways(TtReplacePolicy::DepthAge), 4);
}

TEST(TtStatsTest, AddsUpEveryCounter) {
  TtStats a{.probes = 1,
            .hits = 2,
            .cutoffs = 3,
            .stores = 4,
            .replacements = 5,
            .skipped_stores = 6,
            .torn_accepted = 7};
  const TtStats b{.probes = 10,
                  .hits = 20,
                  .cutoffs = 30,
                  .stores = 40,
                  .replacements = 50,
                  .skipped_stores = 60,
                  .torn_accepted = 70};
  a += b;
  EXPECT_EQ(a.probes, 11u);
  EXPECT_EQ(a.hits, 22u);
  EXPECT_EQ(a.cutoffs, 33u);
  EXPECT_EQ(a.stores, 44u);
  EXPECT_EQ(a.replacements, 55u);
  EXPECT_EQ(a.skipped_stores, 66u);
  EXPECT_EQ(a.torn_accepted, 77u);
  EXPECT_EQ(alignof(TtStats), 64u);
}

// ---- The table, for every scheme -----------------------------------------------------------

class TtSchemeTest : public ::testing::TestWithParam<TtEntryScheme> {
 protected:
  void SetUp() override {
    table_.set_scheme(GetParam());
    std::string error;
    ASSERT_TRUE(table_.resize(1, &error)) << error;
  }

  bool probe(uint64_t key, TtEntry& out) { return table_.probe(key, out, stats_); }
  bool holds(uint64_t key) {
    TtEntry ignored;
    return probe(key, ignored);
  }
  void store(uint64_t key, const TtEntry& entry) { table_.store(key, entry, stats_); }
  // Switches to a one-bucket table under `policy`.
  void use_one_bucket(TtReplacePolicy policy) {
    std::string error;
    ASSERT_TRUE(table_.resize_buckets(1, &error)) << error;
    table_.set_policy(policy);
    stats_ = TtStats{};
  }

  TranspositionTable table_;
  TtStats stats_;
};

INSTANTIATE_TEST_SUITE_P(AllSchemes, TtSchemeTest, ::testing::ValuesIn(kAllTtEntrySchemes),
                         [](const auto& info) {
                           return std::string(tt_entry_scheme_name(info.param));
                         });

TEST_P(TtSchemeTest, RoundTripsEveryFieldAndBound) {
  EXPECT_EQ(table_.scheme(), GetParam());
  uint64_t key = 0x0123'4567'89AB'CDEFULL;
  for (TtBound bound : kAllBounds) {
    for (int depth : {-7, -1, 0, 1, 42, 127}) {
      key = key * 6364136223846793005ULL + 1442695040888963407ULL;
      const TtEntry entry = make_entry(static_cast<uint16_t>(key >> 48), -31990 + depth, depth,
                                       bound, static_cast<uint8_t>(depth & 63));
      store(key, entry);
      TtEntry found;
      ASSERT_TRUE(probe(key, found)) << "depth " << depth;
      EXPECT_EQ(found, entry);  // age 0 on both sides
      EXPECT_FALSE(holds(key ^ 0x8000'0000'0000'0000ULL)) << "another key with the same slot";
    }
  }
}

TEST_P(TtSchemeTest, ProbeOfAnotherKeyMisses) {
  store(42, make_entry(7, 100, 5));
  EXPECT_TRUE(holds(42));
  EXPECT_FALSE(holds(43));
  EXPECT_FALSE(holds(42 + (uint64_t{1} << 40)));  // same slot and bucket, different key
  EXPECT_FALSE(holds(0));                         // an empty slot never matches, even key 0
}

TEST_P(TtSchemeTest, ProbeReportsTheAgeOfTheStore) {
  table_.new_search();
  table_.new_search();
  store(99, make_entry(1, 2, 3));
  TtEntry found;
  ASSERT_TRUE(probe(99, found));
  EXPECT_EQ(found.age, 2);
  EXPECT_EQ(table_.age(), 2);
}

TEST_P(TtSchemeTest, ClearEmptiesTheTable) {
  for (uint64_t key = 1; key <= 100; ++key)
    store(key * 0x9E37'79B9'7F4A'7C15ULL, make_entry(1, 1, 1));
  table_.clear();
  for (uint64_t key = 1; key <= 100; ++key) EXPECT_FALSE(holds(key * 0x9E37'79B9'7F4A'7C15ULL));
  EXPECT_EQ(table_.hashfull(), 0);
}

// A part runner like the search threads': each part on a thread of its own. Records which parts
// ran and on how many distinct threads.
struct ThreadedParts {
  explicit ThreadedParts(int parts_) : parts(parts_) {}
  int parts;
  std::mutex mutex;
  std::vector<int> calls;
  std::set<std::thread::id> threads;

  TranspositionTable::PartRunner runner() {
    return [this](const TranspositionTable::PartBody& body) {
      std::vector<std::thread> pool;
      for (int part = 0; part < parts; ++part)
        pool.emplace_back([&, part] {
          body(part, parts);
          std::lock_guard lock(mutex);
          calls.push_back(part);
          threads.insert(std::this_thread::get_id());
        });
      for (auto& t : pool) t.join();
    };
  }
};

size_t count_entries(const TranspositionTable& table) {
  size_t n = 0;
  table.for_each_entry([&](const TtEntry&) { ++n; });
  return n;
}

TEST_P(TtSchemeTest, ClearInPartsOnSeveralThreadsEmptiesEveryEntry) {
  // 16 MiB = 8 huge pages: 5 parts split them unevenly, 13 parts leave some parts empty.
  for (int parts : {5, 13}) {
    SCOPED_TRACE(std::to_string(parts) + " parts");
    std::string error;
    ASSERT_TRUE(table_.resize(16, &error)) << error;
    std::vector<uint64_t> keys;
    for (uint64_t i = 1; i <= 200000; ++i) keys.push_back(i * 0x9E37'79B9'7F4A'7C15ULL);
    for (uint64_t key : keys) store(key, make_entry(1, 1, 1));
    ASSERT_GT(count_entries(table_), 100000u);
    ThreadedParts runner{parts};
    table_.set_part_runner(runner.runner());
    table_.clear();
    table_.set_part_runner(nullptr);
    EXPECT_EQ(count_entries(table_), 0u);
    for (uint64_t key : keys) ASSERT_FALSE(holds(key));
    std::sort(runner.calls.begin(), runner.calls.end());
    std::vector<int> every(parts);
    std::iota(every.begin(), every.end(), 0);
    EXPECT_EQ(runner.calls, every) << "each part exactly once";
    EXPECT_EQ(int(runner.threads.size()), parts);
    // The table still works after a parallel clear.
    store(keys[0], make_entry(2, 3, 4));
    EXPECT_TRUE(holds(keys[0]));
  }
}

TEST_P(TtSchemeTest, ReallocateKeepsTheSizeAndEmptiesTheTable) {
  std::string error;
  ASSERT_TRUE(table_.resize(8, &error)) << error;
  const size_t buckets = table_.bucket_count();
  for (uint64_t key = 1; key <= 1000; ++key)
    store(key * 0x9E37'79B9'7F4A'7C15ULL, make_entry(1, 1, 1));
  ThreadedParts runner{3};
  table_.set_part_runner(runner.runner());
  ASSERT_TRUE(table_.reallocate(&error)) << error;
  table_.set_part_runner(nullptr);
  EXPECT_EQ(table_.bucket_count(), buckets);
  EXPECT_EQ(count_entries(table_), 0u);
  EXPECT_EQ(runner.calls.size(), 3u) << "the new storage was cleared by the part runner";
  store(77, make_entry(5, 6, 7));
  TtEntry found;
  ASSERT_TRUE(probe(77, found));
  EXPECT_EQ(found, make_entry(5, 6, 7));
}

TEST_P(TtSchemeTest, ForEachEntryVisitsWhatIsStored) {
  use_one_bucket(TtReplacePolicy::Bucket);
  EXPECT_EQ(count_entries(table_), 0u);
  std::multiset<int> depths;
  for (int slot = 0; slot < 3; ++slot)
    store(key_at_slot(slot + 1, slot), make_entry(1, 0, 10 + slot));
  table_.for_each_entry([&](const TtEntry& e) { depths.insert(e.depth); });
  EXPECT_EQ(depths, (std::multiset<int>{10, 11, 12}));
}

TEST_P(TtSchemeTest, SettingTheSchemeClearsTheTable) {
  store(5, make_entry(1, 1, 1));
  table_.set_scheme(GetParam() == TtEntryScheme::Xor ? TtEntryScheme::Raw : TtEntryScheme::Xor);
  EXPECT_FALSE(holds(5));
  table_.set_scheme(GetParam());
  EXPECT_FALSE(holds(5));
  store(5, make_entry(1, 1, 1));
  EXPECT_TRUE(holds(5));
}

TEST_P(TtSchemeTest, ResizeTakesTheLargestPowerOfTwoOfBucketsThatFits) {
  struct Case {
    size_t megabytes;
    size_t buckets;
  };
  for (const Case& c : {Case{1, 16384}, Case{3, 32768}, Case{16, 262144}, Case{0, 1}}) {
    std::string error;
    ASSERT_TRUE(table_.resize(c.megabytes, &error)) << error;
    EXPECT_EQ(table_.bucket_count(), c.buckets) << c.megabytes << " MB";
    EXPECT_EQ(table_.entry_count(), 4 * c.buckets);
    EXPECT_EQ(table_.size_bytes(), 64 * c.buckets);
    if (c.megabytes > 0) {
      EXPECT_LE(table_.size_bytes(), c.megabytes << 20);
    }
    EXPECT_GT(2 * table_.size_bytes(), c.megabytes << 20) << "the largest that fits";
    // Still works after the resize, and is empty.
    EXPECT_FALSE(holds(12345));
    store(12345, make_entry(9, -9, 9));
    TtEntry found;
    ASSERT_TRUE(probe(12345, found));
    EXPECT_EQ(found.move, 9);
  }
}

TEST_P(TtSchemeTest, ResizeRejectsImpossibleSizesAndKeepsTheTable) {
  std::string error;
  EXPECT_FALSE(table_.resize(std::numeric_limits<size_t>::max(), &error));
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_FALSE(table_.resize_buckets(3, &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(table_.resize_buckets(0, nullptr));
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  // The sanitizers' allocators abort on absurd sizes instead of returning null.
  error.clear();
  EXPECT_FALSE(table_.resize(size_t{1} << 42, &error));  // 4 PiB
  EXPECT_FALSE(error.empty());
#endif
  EXPECT_EQ(table_.bucket_count(), 16384u);
  store(77, make_entry(1, 2, 3));
  EXPECT_TRUE(holds(77));
}

TEST_P(TtSchemeTest, ResizeByLog2EntriesGivesExactlyThatManyEntries) {
  // Bucket of 64 bytes holding four entries: 2^8 entries are 64 buckets, 16 KiB.
  struct Case {
    int log2_entries;
    size_t buckets;
  };
  for (const Case& c : {Case{8, 64}, Case{2, 1}, Case{3, 2}, Case{12, 1024}, Case{16, 16384}}) {
    std::string error;
    ASSERT_TRUE(table_.resize_log2_entries(c.log2_entries, &error)) << error;
    EXPECT_EQ(table_.entry_count(), size_t{1} << c.log2_entries);
    EXPECT_EQ(table_.bucket_count(), c.buckets);
    EXPECT_EQ(table_.size_bytes(), 64 * c.buckets);
    // Empty, and usable under every policy (a 2-way pair needs two slots, a bucket four).
    for (TtReplacePolicy policy : kAllTtReplacePolicies) {
      table_.set_policy(policy);
      EXPECT_FALSE(holds(4242));
      store(4242, make_entry(7, 8, 9));
      TtEntry found;
      ASSERT_TRUE(probe(4242, found)) << tt_replace_policy_name(policy);
      EXPECT_EQ(found.move, 7);
      table_.clear();
    }
  }
}

TEST_P(TtSchemeTest, ResizeByLog2EntriesRejectsSizesOutsideTheRangeAndKeepsTheTable) {
  std::string error;
  ASSERT_TRUE(table_.resize_log2_entries(10, &error)) << error;
  store(77, make_entry(1, 2, 3));
  for (int bad : {-1, 0, 1, TranspositionTable::kMaxLog2Entries + 1, 64}) {
    error.clear();
    EXPECT_FALSE(table_.resize_log2_entries(bad, &error)) << bad;
    EXPECT_NE(error.find("2^" + std::to_string(bad)), std::string::npos) << error;
  }
  EXPECT_EQ(table_.entry_count(), 1024u);
  EXPECT_TRUE(holds(77));
}

TEST_P(TtSchemeTest, HashfullCountsEntriesOfThisSearchPerMille) {
  // 1-way: key k lives in slot k, so keys 0..249 fill a quarter of the first 1000 slots.
  table_.set_policy(TtReplacePolicy::New);
  EXPECT_EQ(table_.hashfull(), 0);
  for (uint64_t key = 0; key < 250; ++key) store(key, make_entry(1, 0, 1));
  for (uint64_t key = 1000; key < 1100; ++key) store(key, make_entry(1, 0, 1));  // not sampled
  EXPECT_EQ(table_.hashfull(), 250);
  table_.new_search();
  EXPECT_EQ(table_.hashfull(), 0) << "entries of an older search do not count";
  for (uint64_t key = 500; key < 600; ++key) store(key, make_entry(1, 0, 1));
  EXPECT_EQ(table_.hashfull(), 100);
  // Fewer than 1000 entries: all are sampled.
  use_one_bucket(TtReplacePolicy::Bucket);
  store(1, make_entry(1, 0, 1));
  EXPECT_EQ(table_.hashfull(), 250);
  store(2, make_entry(1, 0, 1));
  store(3, make_entry(1, 0, 1));
  store(4, make_entry(1, 0, 1));
  EXPECT_EQ(table_.hashfull(), 1000);
}

TEST_P(TtSchemeTest, MateScoreRoundTripsThroughTheTable) {
  const uint64_t key = 0xFEED;
  store(key, make_entry(3, score_to_tt(kTtMateScore - 8, 5), 4));  // mate at ply 8, stored at 5
  TtEntry found;
  ASSERT_TRUE(probe(key, found));
  EXPECT_EQ(score_from_tt(found.score, 7), kTtMateScore - 10);  // still 3 plies from the node
}

TEST_P(TtSchemeTest, CountsProbesHitsAndStores) {
  table_.set_policy(TtReplacePolicy::Deep);
  store(8, make_entry(1, 0, 5));
  store(8 + (uint64_t{1} << 32), make_entry(1, 0, 2));  // same slot, shallower: skipped
  store(8 + (uint64_t{2} << 32), make_entry(1, 0, 6));  // same slot, deeper: replaces
  TtEntry found;
  EXPECT_FALSE(probe(8, found));
  EXPECT_TRUE(probe(8 + (uint64_t{2} << 32), found));
  EXPECT_EQ(stats_.probes, 2u);
  EXPECT_EQ(stats_.hits, 1u);
  EXPECT_EQ(stats_.stores, 3u);
  EXPECT_EQ(stats_.skipped_stores, 1u);
  EXPECT_EQ(stats_.replacements, 1u);
  EXPECT_EQ(stats_.cutoffs, 0u);  // the search's to count
}

TEST_P(TtSchemeTest, SamePositionKeepsItsMoveWhenTheNewEntryHasNone) {
  for (TtReplacePolicy policy : kAllTtReplacePolicies) {
    use_one_bucket(policy);
    store(300, make_entry(77, 10, 5));
    store(300, make_entry(0, -20, 2, TtBound::Upper));
    TtEntry found;
    ASSERT_TRUE(probe(300, found)) << tt_replace_policy_name(policy);
    EXPECT_EQ(found.move, 77) << tt_replace_policy_name(policy);
    EXPECT_EQ(found.score, -20);
    EXPECT_EQ(found.depth, 2) << "the same position is always overwritten, even shallower";
    EXPECT_EQ(found.bound, TtBound::Upper);
    store(300, make_entry(88, 0, 1));
    ASSERT_TRUE(probe(300, found));
    EXPECT_EQ(found.move, 88);
    EXPECT_EQ(stats_.replacements + stats_.skipped_stores, 0u);
  }
}

TEST_P(TtSchemeTest, ProbeLooksOnlyInTheSlotsOfThePolicy) {
  use_one_bucket(TtReplacePolicy::Bucket);
  // Four positions that all want slot 0 fill the bucket's four slots.
  for (uint64_t id = 1; id <= 4; ++id) store(key_at_slot(id, 0), make_entry(1, 0, 1));
  for (uint64_t id = 1; id <= 4; ++id) EXPECT_TRUE(holds(key_at_slot(id, 0)));
  // A 1-way policy looks in slot 0 only: exactly one of them is found.
  table_.set_policy(TtReplacePolicy::Deep);
  int found = 0;
  for (uint64_t id = 1; id <= 4; ++id) found += holds(key_at_slot(id, 0));
  EXPECT_EQ(found, 1);
}

// Every policy's paths (empty slot, same position merged with the old move or summed sizes,
// demotion to the second slot, replacement) re-tag what they write: a table that only this thread
// touches hands out no entry the audit calls torn.
TEST_P(TtSchemeTest, UntornStoresAndProbesCountNoTornEntry) {
  for (TtReplacePolicy policy : kAllTtReplacePolicies) {
    use_one_bucket(policy);
    SplitMix64 rng(7);
    for (int i = 0; i < 2000; ++i) {
      const uint64_t key = key_at_slot(rng.next() % 8 + 1, static_cast<int>(rng.next() % 4));
      const uint16_t move = rng.next() % 3 == 0 ? 0 : static_cast<uint16_t>(rng.next());
      if (i % 100 == 0) table_.new_search();
      store(key, make_entry(move, static_cast<int>(rng.next() % 200) - 100,
                            static_cast<int>(rng.next() % 20), TtBound::Lower,
                            static_cast<uint8_t>(rng.next() % 30)));
      TtEntry found;
      for (uint64_t id = 1; id <= 8; ++id) {
        for (int slot = 0; slot < 4; ++slot) probe(key_at_slot(id, slot), found);
      }
    }
    EXPECT_GT(stats_.hits, 1000u) << tt_replace_policy_name(policy);
    EXPECT_EQ(stats_.torn_accepted, 0u) << tt_replace_policy_name(policy);
  }
}

// ---- Replacement policies, on a one-bucket table ---------------------------------------------

TEST_P(TtSchemeTest, DeepKeepsTheDeeperEntryAndTakesAnEqualOrDeeperOne) {
  use_one_bucket(TtReplacePolicy::Deep);
  const uint64_t a = key_at_slot(1, 0), b = key_at_slot(2, 0), c = key_at_slot(3, 0);
  store(a, make_entry(1, 0, 5));
  store(b, make_entry(2, 0, 4));
  EXPECT_TRUE(holds(a));
  EXPECT_FALSE(holds(b));
  EXPECT_EQ(stats_.skipped_stores, 1u);
  store(c, make_entry(3, 0, 5));
  EXPECT_FALSE(holds(a));
  EXPECT_TRUE(holds(c));
  store(b, make_entry(2, 0, 9));
  EXPECT_TRUE(holds(b));
  EXPECT_EQ(stats_.replacements, 2u);
  // Another slot is independent.
  store(key_at_slot(4, 1), make_entry(4, 0, -3));
  EXPECT_TRUE(holds(key_at_slot(4, 1)));
  EXPECT_TRUE(holds(b));
}

TEST_P(TtSchemeTest, NewAlwaysReplaces) {
  use_one_bucket(TtReplacePolicy::New);
  const uint64_t a = key_at_slot(1, 2), b = key_at_slot(2, 2);
  store(a, make_entry(1, 0, 60));
  store(b, make_entry(2, 0, -5));
  EXPECT_FALSE(holds(a));
  EXPECT_TRUE(holds(b));
  EXPECT_EQ(stats_.replacements, 1u);
  EXPECT_EQ(stats_.skipped_stores, 0u);
}

TEST_P(TtSchemeTest, OldKeepsTheFirstPosition) {
  use_one_bucket(TtReplacePolicy::Old);
  const uint64_t a = key_at_slot(1, 3), b = key_at_slot(2, 3);
  store(a, make_entry(1, 0, 1));
  store(b, make_entry(2, 0, 50));
  EXPECT_TRUE(holds(a));
  EXPECT_FALSE(holds(b));
  EXPECT_EQ(stats_.skipped_stores, 1u);
  store(a, make_entry(5, 0, 2));  // the same position is still updated
  TtEntry found;
  ASSERT_TRUE(probe(a, found));
  EXPECT_EQ(found.move, 5);
}

TEST_P(TtSchemeTest, Big1ComparesSubtreeSizes) {
  use_one_bucket(TtReplacePolicy::Big1);
  const uint64_t a = key_at_slot(1, 0), b = key_at_slot(2, 0);
  store(a, make_entry(1, 0, 1, TtBound::Exact, log2_subtree_size(5000)));   // 13
  store(b, make_entry(2, 0, 30, TtBound::Exact, log2_subtree_size(4000)));  // 12: smaller
  EXPECT_TRUE(holds(a));
  EXPECT_FALSE(holds(b));
  store(b, make_entry(2, 0, 0, TtBound::Exact, log2_subtree_size(4096)));  // 13: as big
  EXPECT_FALSE(holds(a));
  EXPECT_TRUE(holds(b));
  // Big1 does not add up: the same position stored again keeps only the new size.
  store(b, make_entry(2, 0, 0, TtBound::Exact, 13));
  TtEntry found;
  ASSERT_TRUE(probe(b, found));
  EXPECT_EQ(found.log2_size, 13);
}

TEST_P(TtSchemeTest, BigAllAddsUpTheSizesOfAPosition) {
  use_one_bucket(TtReplacePolicy::BigAll);
  const uint64_t a = key_at_slot(1, 1), b = key_at_slot(2, 1);
  store(a, make_entry(1, 0, 1, TtBound::Exact, 10));  // >= 512 nodes
  store(a, make_entry(1, 0, 1, TtBound::Exact, 10));  // again: >= 1024 nodes in all
  TtEntry found;
  ASSERT_TRUE(probe(a, found));
  EXPECT_EQ(found.log2_size, 11);
  store(a, make_entry(1, 0, 1, TtBound::Exact, 9));  // 1024 + 256 nodes: still size 11
  ASSERT_TRUE(probe(a, found));
  EXPECT_EQ(found.log2_size, 11);
  // b's size-10 subtree would beat one size-10 search of a, but not a's summed size 11.
  store(b, make_entry(2, 0, 1, TtBound::Exact, 10));
  EXPECT_TRUE(holds(a));
  EXPECT_FALSE(holds(b));
  store(b, make_entry(2, 0, 1, TtBound::Exact, 11));
  EXPECT_FALSE(holds(a));
  EXPECT_TRUE(holds(b));
  // A summed size saturates at 63.
  store(b, make_entry(2, 0, 1, TtBound::Exact, 63));
  store(b, make_entry(2, 0, 1, TtBound::Exact, 63));
  ASSERT_TRUE(probe(b, found));
  EXPECT_EQ(found.log2_size, 63);
}

// In a one-bucket table the pairs are slots {0, 1} and {2, 3}; keys with slot 0 or 1 share the
// first pair.
TEST_P(TtSchemeTest, TwoDeepMovesTheFirstToTheSecondSlot) {
  use_one_bucket(TtReplacePolicy::TwoDeep);
  const uint64_t a = key_at_slot(1, 0), b = key_at_slot(2, 1), c = key_at_slot(3, 0),
                 d = key_at_slot(4, 1), e = key_at_slot(5, 0);
  store(a, make_entry(1, 0, 5));  // first = a
  store(b, make_entry(2, 0, 3));  // shallower than a: second = b
  EXPECT_TRUE(holds(a));
  EXPECT_TRUE(holds(b));
  store(c, make_entry(3, 0, 7));  // deeper: first = c, a moves to second, b is dropped
  EXPECT_TRUE(holds(c));
  EXPECT_TRUE(holds(a));
  EXPECT_FALSE(holds(b));
  store(d, make_entry(4, 0, 6));  // shallower than c: replaces the second (a)
  EXPECT_TRUE(holds(c));
  EXPECT_TRUE(holds(d));
  EXPECT_FALSE(holds(a));
  store(e, make_entry(5, 0, 7));  // as deep as c: c moves to second, d is dropped
  EXPECT_TRUE(holds(e));
  EXPECT_TRUE(holds(c));
  EXPECT_FALSE(holds(d));
  EXPECT_EQ(stats_.replacements, 3u);
  EXPECT_EQ(stats_.skipped_stores, 0u);
  // The other pair is independent.
  store(key_at_slot(6, 2), make_entry(6, 0, 1));
  EXPECT_TRUE(holds(key_at_slot(6, 2)));
  EXPECT_TRUE(holds(e));
  EXPECT_TRUE(holds(c));
}

TEST_P(TtSchemeTest, TwoDeepNeverHoldsAPositionTwice) {
  use_one_bucket(TtReplacePolicy::TwoDeep);
  const uint64_t a = key_at_slot(1, 0), b = key_at_slot(2, 0), c = key_at_slot(3, 0);
  store(a, make_entry(1, 0, 9));  // first = a
  store(b, make_entry(2, 0, 2));  // second = b
  store(b, make_entry(2, 0, 9));  // b again, as deep as a: a to second (over the old b), b first
  EXPECT_TRUE(holds(a));
  EXPECT_TRUE(holds(b));
  store(c, make_entry(3, 0, 1));  // shallower than b: replaces the second (a)
  EXPECT_TRUE(holds(b));
  EXPECT_TRUE(holds(c));
  EXPECT_FALSE(holds(a));
}

TEST_P(TtSchemeTest, TwoBig1MovesTheFirstToTheSecondSlotBySize) {
  use_one_bucket(TtReplacePolicy::TwoBig1);
  const uint64_t a = key_at_slot(1, 2), b = key_at_slot(2, 3), c = key_at_slot(3, 2);
  store(a, make_entry(1, 0, 1, TtBound::Exact, 20));   // first = a
  store(b, make_entry(2, 0, 40, TtBound::Exact, 15));  // smaller, though deeper: second = b
  EXPECT_TRUE(holds(a));
  EXPECT_TRUE(holds(b));
  store(c, make_entry(3, 0, 0, TtBound::Exact, 20));  // as big as a: a to second, b dropped
  EXPECT_TRUE(holds(c));
  EXPECT_TRUE(holds(a));
  EXPECT_FALSE(holds(b));
  store(b, make_entry(2, 0, 60, TtBound::Exact, 19));  // smaller than c: replaces a
  EXPECT_TRUE(holds(c));
  EXPECT_TRUE(holds(b));
  EXPECT_FALSE(holds(a));
}

TEST_P(TtSchemeTest, BucketPrefersSameKeyThenEmptyThenOlderShallowest) {
  use_one_bucket(TtReplacePolicy::Bucket);
  const uint64_t a = key_at_slot(1, 0), b = key_at_slot(2, 0), c = key_at_slot(3, 0),
                 d = key_at_slot(4, 0);
  store(a, make_entry(1, 0, 5));
  store(b, make_entry(2, 0, 3));
  store(c, make_entry(3, 0, 7));
  store(b, make_entry(2, 0, 1));  // same key: updated in place, no slot used
  store(d, make_entry(4, 0, 4));  // the last empty slot
  for (uint64_t key : {a, b, c, d}) EXPECT_TRUE(holds(key));
  EXPECT_EQ(stats_.replacements, 0u);

  table_.new_search();  // a5 b1 c7 d4 are now of an older search
  const uint64_t e = key_at_slot(5, 0), f = key_at_slot(6, 0), g = key_at_slot(7, 0),
                 h = key_at_slot(8, 0), i = key_at_slot(9, 0);
  store(e, make_entry(5, 0, 9));  // shallowest old: b
  EXPECT_FALSE(holds(b));
  store(f, make_entry(6, 0, 2));  // shallowest old: d
  EXPECT_FALSE(holds(d));
  store(g, make_entry(7, 0, 10));  // shallowest old: a
  EXPECT_FALSE(holds(a));
  store(h, make_entry(8, 0, 20));  // the old c (7) goes before the shallower current f (2)
  EXPECT_FALSE(holds(c));
  EXPECT_TRUE(holds(f));
  store(i, make_entry(9, 0, 0));  // nothing old: the shallowest, f
  EXPECT_FALSE(holds(f));
  for (uint64_t key : {e, g, h, i}) EXPECT_TRUE(holds(key));
  EXPECT_EQ(stats_.replacements, 5u);
}

TEST_P(TtSchemeTest, DepthAgeReplacesTheLeastDepthMinusEightTimesAge) {
  use_one_bucket(TtReplacePolicy::DepthAge);
  const uint64_t a = key_at_slot(1, 0), b = key_at_slot(2, 0), c = key_at_slot(3, 0),
                 d = key_at_slot(4, 0), e = key_at_slot(5, 0), f = key_at_slot(6, 0),
                 g = key_at_slot(7, 0);
  store(a, make_entry(1, 0, 20));  // age 0
  store(b, make_entry(2, 0, 12));  // age 0
  table_.new_search();
  store(c, make_entry(3, 0, 5));  // age 1
  store(d, make_entry(4, 0, 6));  // age 1
  // Worth at age 1: a 20-8=12, b 12-8=4, c 5, d 6: b goes, though c and d are shallower.
  store(e, make_entry(5, 0, 1));
  EXPECT_FALSE(holds(b));
  for (uint64_t key : {a, c, d, e}) EXPECT_TRUE(holds(key));
  table_.new_search();
  table_.new_search();
  // Worth at age 3: a 20-24=-4, c 5-16=-11, d 6-16=-10, e 1-16=-15: e goes.
  store(f, make_entry(6, 0, 0));
  EXPECT_FALSE(holds(e));
  // Now a -4, c -11, d -10, f 0: c goes.
  store(g, make_entry(7, 0, 0));
  EXPECT_FALSE(holds(c));
  for (uint64_t key : {a, d, f, g}) EXPECT_TRUE(holds(key));
}

TEST_P(TtSchemeTest, PrefetchIsHarmless) {
  for (uint64_t key = 0; key < 100000; key += 977) table_.prefetch(key);
  table_.prefetch(std::numeric_limits<uint64_t>::max());
  store(1, make_entry(1, 0, 1));
  EXPECT_TRUE(holds(1));
}

// ---- The torn-entry audit, on a planted torn entry ----------------------------------------

class TtRawAuditTest : public ::testing::Test {
 protected:
  void SetUp() override {
    table_.set_scheme(TtEntryScheme::Raw);
    table_.set_policy(TtReplacePolicy::New);  // 1-way: key_at_slot(id, s) lives in slot s
    std::string error;
    ASSERT_TRUE(table_.resize_buckets(1, &error)) << error;
    table_.store(kVictim, kVictimEntry, stats_);
    table_.store(kOther, kOtherEntry, stats_);
  }

  static constexpr uint64_t kVictim = key_at_slot(0xA11CE, 0);
  static constexpr uint64_t kOther = key_at_slot(0xB0B, 1);
  const TtEntry kVictimEntry = make_entry(111, 50, 7);
  const TtEntry kOtherEntry = make_entry(222, -300, 3, TtBound::Upper);
  TranspositionTable table_;
  TtStats stats_;
};

TEST_F(TtRawAuditTest, UntornEntriesCountNothing) {
  TtEntry found;
  for (int i = 0; i < 10; ++i) {
    ASSERT_TRUE(table_.probe(kVictim, found, stats_));
    EXPECT_EQ(found, kVictimEntry);
    ASSERT_TRUE(table_.probe(kOther, found, stats_));
    EXPECT_EQ(found, kOtherEntry);
  }
  EXPECT_EQ(stats_.hits, 20u);
  EXPECT_EQ(stats_.torn_accepted, 0u);
}

// The victim's key word with the other position's data word: raw accepts it (that is what raw is
// for), and the audit counts it.
TEST_F(TtRawAuditTest, CountsAPlantedTornEntryThatRawAccepts) {
  // This pair is not one of the 1 in 512 that the audit misses.
  ASSERT_FALSE(TtDataWord::pack(kOtherEntry, 0).with_audit_tag(kOther).audit_tag_matches(kVictim));
  ASSERT_TRUE(table_.tear_raw_slot_for_tests(0, 0, 1));
  TtEntry found;
  ASSERT_TRUE(table_.probe(kVictim, found, stats_)) << "raw must still accept a torn entry";
  EXPECT_EQ(found, kOtherEntry) << "the search would have used the other position's data";
  EXPECT_EQ(stats_.torn_accepted, 1u);
  ASSERT_TRUE(table_.probe(kOther, found, stats_));
  EXPECT_EQ(stats_.torn_accepted, 1u) << "the untouched slot is fine";
  // A store repairs the slot: its tag is written for its key again.
  table_.store(kVictim, kVictimEntry, stats_);
  ASSERT_TRUE(table_.probe(kVictim, found, stats_));
  EXPECT_EQ(found, kVictimEntry);
  EXPECT_EQ(stats_.torn_accepted, 1u);
}

TEST_F(TtRawAuditTest, TheTestHookTearsOnlyRawSlotsInsideTheTable) {
  EXPECT_FALSE(table_.tear_raw_slot_for_tests(4, 0, 1));
  EXPECT_FALSE(table_.tear_raw_slot_for_tests(0, 0, 4));
  table_.set_scheme(TtEntryScheme::Xor);
  EXPECT_FALSE(table_.tear_raw_slot_for_tests(0, 0, 1));
}

}  // namespace
}  // namespace splitlab::hashing
