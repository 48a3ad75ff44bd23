// Probe and store cost of each entry scheme, in one thread and in two threads sharing the table,
// on a small table (1 MB, mostly in cache) and a large one (256 MB, every probe a cache miss).
//   bazel run -c opt //hashing:tt_benchmark
// Arguments: scheme (0 xor, 1 bracket, 2 locked, 3 raw; the label names it) and size in MB.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "hashing/tt.h"
#include "hashing/zobrist.h"

namespace splitlab::hashing {
namespace {

constexpr uint64_t kKeySeed = 0xB0B0'CAFE'0000'0001ULL;

// The benchmarked table. Set up by thread 0 before the timed loop, which starts with a barrier,
// and kept across runs while the scheme and size stay the same: filling 256 MB takes a while.
TranspositionTable* g_table = nullptr;
TtEntryScheme g_scheme = TtEntryScheme::Xor;
size_t g_megabytes = 0;

// Half of the table's entry count in distinct positions: about half of the keys the loops draw
// from twice that range are stored, so probes both hit and miss.
uint64_t filled_positions() { return g_table->entry_count() / 2; }

uint64_t key_of(uint64_t position) { return SplitMix64(kKeySeed ^ position).next(); }

TtEntry entry_of(uint64_t key) {
  TtEntry entry;
  entry.move = static_cast<uint16_t>(key);
  entry.score = static_cast<int16_t>(key >> 16);
  entry.depth = static_cast<int8_t>((key >> 32) & 63);
  entry.bound = TtBound::Exact;
  return entry;
}

void prepare_table(benchmark::State& state) {
  const auto scheme = static_cast<TtEntryScheme>(state.range(0));
  const auto megabytes = static_cast<size_t>(state.range(1));
  state.SetLabel(std::string(tt_entry_scheme_name(scheme)));
  if (state.thread_index() != 0) return;
  if (g_table == nullptr) g_table = new TranspositionTable();
  if (g_scheme == scheme && g_megabytes == megabytes) return;
  g_table->set_scheme(scheme);
  std::string error;
  if (!g_table->resize(megabytes, &error)) state.SkipWithError(error.c_str());
  g_scheme = scheme;
  g_megabytes = megabytes;
  TtStats stats;
  for (uint64_t position = 0; position < filled_positions(); ++position) {
    const uint64_t key = key_of(position);
    g_table->store(key, entry_of(key), stats);
  }
}

void BM_Probe(benchmark::State& state) {
  prepare_table(state);
  SplitMix64 rng(state.thread_index() + 1);
  TtStats stats;
  for (auto _ : state) {
    const uint64_t key = key_of(rng.next() % (2 * filled_positions()));
    TtEntry entry;
    benchmark::DoNotOptimize(g_table->probe(key, entry, stats));
    benchmark::DoNotOptimize(entry);
  }
  state.counters["hit_rate"] = benchmark::Counter(static_cast<double>(stats.hits) / stats.probes,
                                                  benchmark::Counter::kAvgThreads);
  state.SetItemsProcessed(state.iterations());
}

void BM_Store(benchmark::State& state) {
  prepare_table(state);
  SplitMix64 rng(state.thread_index() + 101);
  TtStats stats;
  for (auto _ : state) {
    const uint64_t key = key_of(rng.next() % (2 * filled_positions()));
    g_table->store(key, entry_of(key), stats);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Clear(benchmark::State& state) {
  prepare_table(state);
  for (auto _ : state) g_table->clear();
  g_megabytes = 0;  // emptied: refill before the next benchmark
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(g_table->size_bytes()));
}

void schemes_and_sizes(benchmark::internal::Benchmark* benchmark) {
  benchmark->ArgNames({"scheme", "mb"});
  for (int64_t megabytes : {1, 256}) {
    for (TtEntryScheme scheme : kAllTtEntrySchemes) {
      benchmark->Args({static_cast<int64_t>(scheme), megabytes});
    }
  }
}

BENCHMARK(BM_Probe)->Apply(schemes_and_sizes)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_Store)->Apply(schemes_and_sizes)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_Clear)
    ->Args({static_cast<int64_t>(TtEntryScheme::Xor), 256})
    ->Args({static_cast<int64_t>(TtEntryScheme::Bracket), 256})
    ->Args({static_cast<int64_t>(TtEntryScheme::Locked), 256})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace splitlab::hashing
