// Torn entries, proven. Writer and reader threads hammer a one-bucket table with sixteen
// positions whose keys all want the same slot, and every position always stores the same data,
// a known function of its key. A reader that accepts an entry whose data is not its key's data has
// accepted a torn entry (the key word of one store with the data word of another). `xor`,
// `bracket` and `locked` must accept none; `raw` must accept some, or the test has no teeth.
// The table's own audit (TtStats::torn_accepted) must count exactly the torn entries that the
// readers saw and whose audit tags can tell (all but the mixtures whose 9-bit tags collide).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "hashing/tt.h"
#include "hashing/zobrist.h"

namespace splitlab::hashing {
namespace {

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
// The sanitizers make every atomic access 5-50 times slower; fewer probes still run every path.
// Under TSan's scheduling `raw` may show no tearing at all, so it is asserted only without them.
constexpr bool kSanitized = true;
constexpr uint64_t kTornProbesPerScheme = 1'000'000;
constexpr uint64_t kPolicyProbes = 100'000;
#else
constexpr bool kSanitized = false;
constexpr uint64_t kTornProbesPerScheme = 10'000'000;
constexpr uint64_t kPolicyProbes = 1'000'000;
#endif

// More threads than the machine's two cores: preemption mid-store is one more way to tear.
constexpr int kWriters = 2;
constexpr int kReaders = 2;
constexpr int kPositions = 16;

struct Position {
  uint64_t key;
  TtEntry entry;  // what every store of this position writes
  uint64_t data;  // its data word as stored, audit tag included (the age stays 0: no new_search())
};

// Keys with the low byte clear share slot 0 of the table's only bucket under every policy. The
// data fields are bits of a hash of the key, so different positions store different data.
std::vector<Position> make_positions() {
  SplitMix64 rng(0x70'52'4E'00'57'52'45'53ULL);
  std::vector<Position> positions;
  for (int i = 0; i < kPositions; ++i) {
    Position p;
    p.key = rng.next() & ~uint64_t{0xFF};
    const uint64_t hash = rng.next();
    p.entry.move = static_cast<uint16_t>(hash | 1);  // never 0, so stores never merge moves
    p.entry.score = static_cast<int16_t>(hash >> 16);
    p.entry.depth = static_cast<int8_t>(hash >> 32);
    p.entry.bound = static_cast<TtBound>((hash >> 40) & 3);
    p.entry.log2_size = (hash >> 48) & kTtMaxLog2Size;
    p.data = TtDataWord::pack(p.entry, 0).with_audit_tag(p.key).bits();
    positions.push_back(p);
  }
  return positions;
}

struct StressCounts {
  uint64_t probes = 0;
  uint64_t accepted = 0;
  uint64_t inconsistent = 0;  // accepted with data that is not the probed position's
  uint64_t auditable = 0;     // of those, the ones whose audit tag shows it (no tag collision)
  uint64_t torn_counted = 0;  // TtStats::torn_accepted: what the table's audit counted
  uint64_t stores = 0;
};

StressCounts& operator+=(StressCounts& a, const StressCounts& b) {
  a.probes += b.probes;
  a.accepted += b.accepted;
  a.inconsistent += b.inconsistent;
  a.auditable += b.auditable;
  a.torn_counted += b.torn_counted;
  a.stores += b.stores;
  return a;
}

// Whether the audit can see that `probed`'s key word with the data word of the position whose
// entry is `found` is torn: it cannot when the two tags happen to agree.
bool audit_can_tell(const std::vector<Position>& positions, const Position& probed,
                    const TtEntry& found) {
  for (const Position& source : positions) {
    if (source.entry == found) return !TtDataWord(source.data).audit_tag_matches(probed.key);
  }
  ADD_FAILURE() << "accepted data that no position stored";
  return true;
}

// Like a search, a writer works a little between stores (a chain of eight generator steps, ~25 ns):
// writers storing back to back keep the line from the readers and, under `locked`, starve them of
// the unfair spin lock: the run took ten times longer.
constexpr int kWriterWorkSteps = 8;

StressCounts run_stress(TtEntryScheme scheme, TtReplacePolicy policy, uint64_t total_probes) {
  TranspositionTable table;
  table.set_scheme(scheme);
  table.set_policy(policy);
  std::string error;
  EXPECT_TRUE(table.resize_buckets(1, &error)) << error;
  const std::vector<Position> positions = make_positions();

  const uint64_t probes_per_reader = (total_probes + kReaders - 1) / kReaders;
  std::atomic<int> readers_running{kReaders};
  // Readers start once every writer has stored: on a loaded machine a reader could otherwise
  // finish its quota before a writer ran at all.
  std::atomic<int> writers_started{0};
  std::vector<StressCounts> reader_counts(kReaders);
  std::vector<uint64_t> writer_stores(kWriters);
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      SplitMix64 rng(1000 + w);
      TtStats stats;
      while (readers_running.load(std::memory_order_relaxed) > 0) {
        uint64_t choice = 0;
        for (int step = 0; step < kWriterWorkSteps; ++step) choice ^= rng.next();
        const Position& p = positions[choice % kPositions];
        table.store(p.key, p.entry, stats);
        if (stats.stores == 1) writers_started.fetch_add(1, std::memory_order_relaxed);
      }
      writer_stores[w] = stats.stores;
    });
  }
  for (int r = 0; r < kReaders; ++r) {
    threads.emplace_back([&, r] {
      SplitMix64 rng(2000 + r);
      TtStats stats;
      StressCounts counts;
      while (writers_started.load(std::memory_order_relaxed) < kWriters) {
        std::this_thread::yield();
      }
      for (uint64_t i = 0; i < probes_per_reader; ++i) {
        const Position& p = positions[rng.next() % kPositions];
        TtEntry found;
        if (table.probe(p.key, found, stats)) {
          ++counts.accepted;
          if (found != p.entry) {
            ++counts.inconsistent;
            if (audit_can_tell(positions, p, found)) ++counts.auditable;
          }
        }
      }
      counts.probes = stats.probes;
      counts.torn_counted = stats.torn_accepted;
      reader_counts[r] = counts;
      readers_running.fetch_sub(1, std::memory_order_relaxed);
    });
  }
  for (std::thread& thread : threads) thread.join();

  StressCounts total;
  for (const StressCounts& counts : reader_counts) total += counts;
  for (uint64_t stores : writer_stores) total.stores += stores;
  return total;
}

void report(TtEntryScheme scheme, TtReplacePolicy policy, const StressCounts& counts) {
  std::cout << "scheme=" << tt_entry_scheme_name(scheme)
            << " policy=" << tt_replace_policy_name(policy) << " probes=" << counts.probes
            << " stores=" << counts.stores << " accepted=" << counts.accepted
            << " torn_accepted=" << counts.inconsistent << " audit_counted=" << counts.torn_counted
            << std::endl;
}

// Before blaming a scheme, rule out chance: no mixture of words that these stores can leave in a
// slot passes a scheme's check for a probed key with someone else's data. Every torn read is such
// a mixture (each word comes from some store, or is still zero), so an inconsistent acceptance
// below is a bug, not bad luck with 32- or 64-bit checks.
TEST(TtStressTest, NoMixtureOfTheseStoresFoolsTheChecksByChance) {
  const std::vector<Position> positions = make_positions();
  std::vector<uint64_t> data_words = {0};
  std::vector<uint64_t> key_xor_data_words = {0};
  std::vector<uint32_t> checks = {0};
  for (const Position& p : positions) {
    data_words.push_back(p.data);
    key_xor_data_words.push_back(p.key ^ p.data);
    checks.push_back(tt_bracket_check(p.key, p.data));
    for (const Position& q : positions) {
      if (p.key != q.key) {
        EXPECT_NE(p.data, q.data);
      }
    }
  }
  for (const Position& probed : positions) {
    for (uint64_t data : data_words) {
      for (uint64_t key_xor_data : key_xor_data_words) {
        if ((data ^ key_xor_data) == probed.key && TtDataWord(data).occupied()) {
          EXPECT_EQ(data, probed.data) << "xor mixture accepted";
        }
      }
    }
    for (uint64_t low_source : data_words) {
      for (uint64_t high_source : data_words) {
        const uint64_t data = (high_source & ~uint64_t{0xFFFF'FFFF}) | (low_source & 0xFFFF'FFFF);
        if (!TtDataWord(data).occupied() || data == probed.data) continue;
        for (uint32_t check : checks) {
          EXPECT_NE(check, tt_bracket_check(probed.key, data)) << "bracket mixture accepted";
        }
      }
    }
  }
}

// The audit sees a torn entry unless the two positions' 9-bit tags collide: for these sixteen
// positions, few of the 240 (probed key, other position's data) mixtures may, or the raw test
// below would check the audit on too few of the torn entries it provokes.
TEST(TtStressTest, TheAuditCanTellAlmostEveryMixtureOfTheseStores) {
  const std::vector<Position> positions = make_positions();
  int blind_pairs = 0;
  for (const Position& probed : positions) {
    for (const Position& source : positions) {
      if (&probed != &source) blind_pairs += TtDataWord(source.data).audit_tag_matches(probed.key);
    }
  }
  EXPECT_LE(blind_pairs, 4) << "expected 240 / 512 = 0.5";
}

class TtTornEntryTest : public ::testing::TestWithParam<TtEntryScheme> {};

INSTANTIATE_TEST_SUITE_P(AllSchemes, TtTornEntryTest, ::testing::ValuesIn(kAllTtEntrySchemes),
                         [](const auto& info) {
                           return std::string(tt_entry_scheme_name(info.param));
                         });

// The policy `new` writes on every store, which gives readers the most chances to tear.
TEST_P(TtTornEntryTest, OnlyRawAcceptsTornEntries) {
  const TtEntryScheme scheme = GetParam();
  StressCounts counts = run_stress(scheme, TtReplacePolicy::New, kTornProbesPerScheme);
  // Torn reads of `raw` are rare on x86: stores become visible in order and both words share a
  // cache line, so a reader must fetch the line between a writer's two stores. Runs here saw from
  // one to thousands per 10^7 probes, depending on how the threads land on the cores; when a
  // round sees none, `raw` gets more rounds, up to a deadline.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (scheme == TtEntryScheme::Raw && !kSanitized && counts.inconsistent == 0 &&
         std::chrono::steady_clock::now() < deadline) {
    counts += run_stress(scheme, TtReplacePolicy::New, kTornProbesPerScheme);
  }
  report(scheme, TtReplacePolicy::New, counts);
  RecordProperty("probes", std::to_string(counts.probes));
  RecordProperty("accepted", std::to_string(counts.accepted));
  RecordProperty("torn_accepted", std::to_string(counts.inconsistent));
  RecordProperty("audit_counted", std::to_string(counts.torn_counted));

  EXPECT_GE(counts.probes, kTornProbesPerScheme);
  EXPECT_GT(counts.stores, 0u);
  EXPECT_GT(counts.accepted, 0u) << "the readers must find entries for the test to mean anything";
  if (scheme == TtEntryScheme::Raw) {
    if (!kSanitized) {
      EXPECT_GT(counts.inconsistent, 0u) << "raw should accept torn entries under contention";
    }
  } else {
    EXPECT_EQ(counts.inconsistent, 0u);
  }
  EXPECT_EQ(counts.torn_counted, counts.auditable)
      << "the audit must count every torn entry accepted whose tag can tell, and nothing else";
}

// Every protected scheme under every policy (their copies and in-place updates included). `bigall`
// is left out: it changes the stored size on every same-key store, so data is not a function of
// the key there.
class TtPolicyStressTest
    : public ::testing::TestWithParam<std::tuple<TtEntryScheme, TtReplacePolicy>> {};

INSTANTIATE_TEST_SUITE_P(
    ProtectedSchemes, TtPolicyStressTest,
    ::testing::Combine(
        ::testing::Values(TtEntryScheme::Xor, TtEntryScheme::Bracket, TtEntryScheme::Locked),
        ::testing::Values(TtReplacePolicy::Deep, TtReplacePolicy::New, TtReplacePolicy::Old,
                          TtReplacePolicy::Big1, TtReplacePolicy::TwoDeep, TtReplacePolicy::TwoBig1,
                          TtReplacePolicy::Bucket, TtReplacePolicy::DepthAge)),
    [](const auto& info) {
      std::string name = std::string(tt_entry_scheme_name(std::get<0>(info.param))) + "_" +
                         std::string(tt_replace_policy_name(std::get<1>(info.param)));
      for (char& c : name) {
        if (c == '-') c = '_';
      }
      return name;
    });

TEST_P(TtPolicyStressTest, AcceptsNoTornEntry) {
  const auto [scheme, policy] = GetParam();
  StressCounts counts = run_stress(scheme, policy, kPolicyProbes);
  // A round can accept nothing, correctly: with 4 threads on 2 cores a writer preempted between
  // its two words leaves the bucket's live entry torn for the readers' whole quota (seen once
  // under ASan with bracket/new, 0 of 10^5 probes). More rounds, up to a deadline, so that the
  // check below means something.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (counts.accepted == 0 && std::chrono::steady_clock::now() < deadline)
    counts += run_stress(scheme, policy, kPolicyProbes);
  report(scheme, policy, counts);
  EXPECT_GT(counts.accepted, 0u);
  EXPECT_EQ(counts.inconsistent, 0u);
  EXPECT_EQ(counts.torn_counted, 0u);
}

}  // namespace
}  // namespace splitlab::hashing
