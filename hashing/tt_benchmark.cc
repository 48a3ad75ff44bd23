// What the entry schemes cost: probe, store, and probe-then-store (what a search does at a node)
// throughput of each scheme, in one thread and in two threads sharing the table, on a table that
// fits in the L2 cache (256 KiB: the scheme's own instructions show) and on a 1 GiB table (nearly
// every access a cache and TLB miss), beside a memory baseline measured by the same binary in the
// same run. bench/tt_schemes.py runs it and judges the schemes against their targets.
//   bazel run -c opt //hashing:tt_benchmark
// Names: BM_<Operation>/<scheme>/<size>/real_time/threads:<n>, e.g.
// BM_ProbeStore/xor/1GiB/real_time/threads:2; BM_MemoryBaselineRandomLineRmw/<size>/... (the
// target), BM_MemoryLatencyDependentLineRmw/<size>/... (for comparison); BM_Clear/<scheme>/1GiB.
// Times are wall time over all threads' iterations: at 2 threads a figure is the inverse of the two
// threads' combined throughput (items_per_second says the same).
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <new>
#include <string>

#ifdef __linux__
#include <sys/mman.h>
#endif

#include "hashing/tt.h"
#include "hashing/tt_workload.h"
#include "hashing/zobrist.h"

namespace splitlab::hashing {
namespace {

constexpr size_t kLineBytes = 64;
constexpr size_t kEntryBytes = 16;

struct BenchmarkSize {
  const char* name;
  size_t bytes;
};
// 256 KiB fits in any L2 cache here; 1 GiB is far beyond any cache and beyond what the TLB maps.
constexpr BenchmarkSize kInCache = {"256KiB", size_t{256} << 10};
constexpr BenchmarkSize kLarge = {"1GiB", size_t{1} << 30};
constexpr BenchmarkSize kSizes[] = {kInCache, kLarge};

using tt_workload::entry_of;
using tt_workload::key_of;

// Keys are drawn from a universe of twice as many positions as the table has entries. Preparing a
// table stores every one of them, which leaves it full (but for ~1.5% of its slots) with half of
// the universe; after that a store either updates its position or replaces another, so the table
// stays full and about half of the probes hit, in every benchmark, however many iterations the
// schemes before it ran.
uint64_t random_key(SplitMix64& rng, uint64_t position_mask) {
  return key_of(rng.next() & position_mask);
}
uint64_t position_mask(size_t bytes) { return 2 * (bytes / kEntryBytes) - 1; }

// A new generator for every thread of every run: Google Benchmark calls a benchmark several times
// with growing iteration counts before the run it reports, and a run that replayed the keys of the
// run before would find their lines still in the cache (and their positions stored).
SplitMix64 fresh_rng() {
  constexpr uint64_t kRunSeed = 0x5EED'0000'0000'0001ULL;
  static std::atomic<uint64_t> runs{0};
  const uint64_t run = runs.fetch_add(1, std::memory_order_relaxed);
  return SplitMix64(SplitMix64(kRunSeed + run).next());  // mixed: far-apart streams
}

// The share of the process's anonymous memory that the kernel maps with huge pages
// (/proc/self/smaps_rollup; -1 where it cannot be read). One large block (a table or the baseline's
// buffer) is resident at a time, so this is that block's share. Huge pages are only offered
// (madvise): when the kernel cannot find free 2 MiB pages at the first touch, it maps 4 KiB
// pages and collapses them later in the background, and every access then pays longer page
// walks. Reported with each benchmark, since two benchmarks can differ by this alone.
double huge_page_share() {
  std::ifstream rollup("/proc/self/smaps_rollup");
  double anonymous_kb = -1, huge_kb = -1;
  // Lines "Field:   <value> kB" after a first line that names the address range.
  for (std::string line; std::getline(rollup, line);) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string field = line.substr(0, colon);
    if (field == "Anonymous") anonymous_kb = std::strtod(line.c_str() + colon + 1, nullptr);
    if (field == "AnonHugePages") huge_kb = std::strtod(line.c_str() + colon + 1, nullptr);
  }
  return anonymous_kb > 0 && huge_kb >= 0 ? huge_kb / anonymous_kb : -1;
}

// ---- The memory baseline ----------------------------------------------------------------------

// A buffer of 64-byte lines, allocated as the table allocates its storage (huge pages offered
// from 2 MiB up), so that the baseline pays the same TLB misses as a table of its size.
class LineBuffer {
 public:
  ~LineBuffer() { release(); }

  // Allocates `bytes` (a power of two) of zeroed words, every page touched; false on failure.
  bool allocate(size_t bytes) {
    if (bytes == bytes_) return true;
    release();
    constexpr size_t kHugePageBytes = size_t{2} << 20;
    const size_t alignment = bytes >= kHugePageBytes ? kHugePageBytes : kLineBytes;
    void* memory = std::aligned_alloc(alignment, bytes);
    if (memory == nullptr) return false;
#ifdef __linux__
    if (alignment == kHugePageBytes) madvise(memory, bytes, MADV_HUGEPAGE);  // a hint only
#endif
    words_ = ::new (memory) std::atomic<uint64_t>[bytes / sizeof(uint64_t)]();
    bytes_ = bytes;
    return true;
  }
  void release() {
    std::free(words_);
    words_ = nullptr;
    bytes_ = 0;
  }

  // The first word of line `line`.
  std::atomic<uint64_t>& line_word(size_t line) const {
    return words_[line * (kLineBytes / sizeof(uint64_t))];
  }
  size_t line_mask() const { return bytes_ / kLineBytes - 1; }

 private:
  std::atomic<uint64_t>* words_ = nullptr;  // racy by design, as the table's words
  size_t bytes_ = 0;
};

LineBuffer g_baseline_lines;

// The physical limit of the table's access pattern: per iteration one independent random
// 64-byte line read and written back (a relaxed load and store of one word: plain moves, as the
// table's), with the same key computation as the table benchmarks, over a buffer of the table's
// size. One probe-then-store touches one line the same way (the bucket holds every slot of the
// key), so BM_ProbeStore of a scheme cannot beat this. Two threads race on the buffer as they do
// on the table.
void BM_MemoryBaselineRandomLineRmw(benchmark::State& state, BenchmarkSize size) {
  state.SetLabel(std::string("memory ") + size.name);
  if (state.thread_index() == 0 && !g_baseline_lines.allocate(size.bytes)) {
    state.SkipWithError("cannot allocate the baseline's buffer");
  }
  // The timed loop starts with a barrier: the buffer is ready for every thread past this point.
  SplitMix64 rng = fresh_rng();
  const uint64_t positions = position_mask(size.bytes);
  for (auto _ : state) {
    std::atomic<uint64_t>& word =
        g_baseline_lines.line_word(random_key(rng, positions) & g_baseline_lines.line_mask());
    uint64_t value = word.load(std::memory_order_relaxed);
    benchmark::DoNotOptimize(value);  // the value is used: the load and the store both stay
    word.store(value + 1, std::memory_order_relaxed);
  }
  benchmark::ClobberMemory();
  state.SetItemsProcessed(state.iterations());
  state.counters["huge_pages"] = benchmark::Counter(huge_page_share(), benchmark::Counter::kAvgThreads);
}

// The same accesses with each address depending on the value read before (the counter it read is
// mixed into the next position): no two misses overlap, so this is the latency of one random line
// read and write. A table whose time per probe-then-store sits near this figure rather than near
// the baseline's gets no overlap of its misses (its branches on the data it loads stop the
// processor from running ahead). For comparison only; nothing is judged against it.
void BM_MemoryLatencyDependentLineRmw(benchmark::State& state, BenchmarkSize size) {
  state.SetLabel(std::string("memory latency ") + size.name);
  if (state.thread_index() == 0 && !g_baseline_lines.allocate(size.bytes)) {
    state.SkipWithError("cannot allocate the baseline's buffer");
  }
  SplitMix64 rng = fresh_rng();
  const uint64_t positions = position_mask(size.bytes);
  uint64_t previous_value = 0;
  for (auto _ : state) {
    const uint64_t position = (rng.next() ^ previous_value) & positions;
    std::atomic<uint64_t>& word =
        g_baseline_lines.line_word(key_of(position) & g_baseline_lines.line_mask());
    previous_value = word.load(std::memory_order_relaxed);
    word.store(previous_value + 1, std::memory_order_relaxed);
  }
  benchmark::DoNotOptimize(previous_value);
  benchmark::ClobberMemory();
  state.SetItemsProcessed(state.iterations());
  state.counters["huge_pages"] = benchmark::Counter(huge_page_share(), benchmark::Counter::kAvgThreads);
}

// ---- The table ------------------------------------------------------------------------------

// The benchmarked table. Set up by thread 0 before the timed loop, which starts with a barrier,
// and kept across benchmarks while the scheme and size stay the same: filling 1 GiB takes
// seconds, so the benchmarks are registered grouped by size and scheme.
TranspositionTable* g_table = nullptr;
TtEntryScheme g_scheme = TtEntryScheme::Xor;
size_t g_table_bytes = 0;

void prepare_table(benchmark::State& state, TtEntryScheme scheme, BenchmarkSize size) {
  state.SetLabel(std::string(tt_entry_scheme_name(scheme)) + " " + size.name);
  if (state.thread_index() != 0) return;
  g_baseline_lines.release();  // one large block resident at a time
  if (g_table == nullptr) g_table = new TranspositionTable();
  if (g_scheme == scheme && g_table_bytes == size.bytes) return;
  g_table->set_scheme(scheme);
  std::string error;
  if (!g_table->resize_buckets(size.bytes / TranspositionTable::kBucketBytes, &error)) {
    state.SkipWithError(error.c_str());
    g_table_bytes = 0;
    return;
  }
  g_scheme = scheme;
  g_table_bytes = size.bytes;
  // Untimed, but 2^27 stores for 1 GiB: prefetching a few stores ahead overlaps their misses.
  constexpr uint64_t kPrefetchDistance = 16;
  const uint64_t universe = position_mask(size.bytes) + 1;
  TtStats stats;
  for (uint64_t position = 0; position < universe; ++position) {
    g_table->prefetch(key_of(position + kPrefetchDistance));
    const uint64_t key = key_of(position);
    g_table->store(key, entry_of(key), stats);
  }
}

void report_table_counters(benchmark::State& state, const TtStats& stats) {
  if (stats.probes > 0) {
    state.counters["hit_rate"] = benchmark::Counter(static_cast<double>(stats.hits) / stats.probes,
                                                    benchmark::Counter::kAvgThreads);
    // Two threads on a shared table can tear an entry; only `raw` accepts one (summed over
    // threads).
    state.counters["torn_accepted"] = static_cast<double>(stats.torn_accepted);
  }
  state.counters["huge_pages"] = benchmark::Counter(huge_page_share(), benchmark::Counter::kAvgThreads);
  state.SetItemsProcessed(state.iterations());
}

void BM_Probe(benchmark::State& state, TtEntryScheme scheme, BenchmarkSize size) {
  prepare_table(state, scheme, size);
  SplitMix64 rng = fresh_rng();
  const uint64_t positions = position_mask(size.bytes);
  TtStats stats;
  for (auto _ : state) {
    TtEntry entry;
    benchmark::DoNotOptimize(g_table->probe(random_key(rng, positions), entry, stats));
    benchmark::DoNotOptimize(entry);
  }
  report_table_counters(state, stats);
}

void BM_Store(benchmark::State& state, TtEntryScheme scheme, BenchmarkSize size) {
  prepare_table(state, scheme, size);
  SplitMix64 rng = fresh_rng();
  const uint64_t positions = position_mask(size.bytes);
  TtStats stats;
  for (auto _ : state) {
    const uint64_t key = random_key(rng, positions);
    g_table->store(key, entry_of(key), stats);
  }
  report_table_counters(state, stats);
}

// A probe, then a store of the same key: the table's work at one node of a search (the store
// finds the line in the cache).
void BM_ProbeStore(benchmark::State& state, TtEntryScheme scheme, BenchmarkSize size) {
  prepare_table(state, scheme, size);
  SplitMix64 rng = fresh_rng();
  const uint64_t positions = position_mask(size.bytes);
  TtStats stats;
  for (auto _ : state) {
    const uint64_t key = random_key(rng, positions);
    TtEntry entry;
    benchmark::DoNotOptimize(g_table->probe(key, entry, stats));
    benchmark::DoNotOptimize(entry);
    g_table->store(key, entry_of(key), stats);
  }
  report_table_counters(state, stats);
}

// BM_ProbeStore as a search with the tt-prefetch feature sees it: the bucket of the next key is
// prefetched before this key's probe and store, as the search prefetches the child's bucket when
// it makes the move, one node's work ahead of the child's probe. Shown beside BM_ProbeStore; the
// targets judge BM_ProbeStore.
void BM_ProbeStorePrefetched(benchmark::State& state, TtEntryScheme scheme, BenchmarkSize size) {
  prepare_table(state, scheme, size);
  SplitMix64 rng = fresh_rng();
  const uint64_t positions = position_mask(size.bytes);
  TtStats stats;
  uint64_t key = random_key(rng, positions);
  for (auto _ : state) {
    const uint64_t next_key = random_key(rng, positions);
    g_table->prefetch(next_key);
    TtEntry entry;
    benchmark::DoNotOptimize(g_table->probe(key, entry, stats));
    benchmark::DoNotOptimize(entry);
    g_table->store(key, entry_of(key), stats);
    key = next_key;
  }
  report_table_counters(state, stats);
}

void BM_Clear(benchmark::State& state, TtEntryScheme scheme, BenchmarkSize size) {
  prepare_table(state, scheme, size);
  for (auto _ : state) g_table->clear();
  g_table_bytes = 0;  // emptied: refill before the next benchmark
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(g_table->size_bytes()));
}

// Grouped by size, then by scheme, so that each table is filled once.
bool register_benchmarks() {
  using Body = void (*)(benchmark::State&, TtEntryScheme, BenchmarkSize);
  struct Operation {
    const char* name;
    Body body;
  };
  constexpr Operation kOperations[] = {
      {"BM_Probe", BM_Probe},
      {"BM_Store", BM_Store},
      {"BM_ProbeStore", BM_ProbeStore},
      {"BM_ProbeStorePrefetched", BM_ProbeStorePrefetched}};
  for (const BenchmarkSize& size : kSizes) {
    const std::string baseline = std::string("BM_MemoryBaselineRandomLineRmw/") + size.name;
    benchmark::RegisterBenchmark(baseline.c_str(), BM_MemoryBaselineRandomLineRmw, size)
        ->Threads(1)
        ->Threads(2)
        ->UseRealTime();
    const std::string latency = std::string("BM_MemoryLatencyDependentLineRmw/") + size.name;
    benchmark::RegisterBenchmark(latency.c_str(), BM_MemoryLatencyDependentLineRmw, size)
        ->Threads(1)
        ->Threads(2)
        ->UseRealTime();
    for (TtEntryScheme scheme : kAllTtEntrySchemes) {
      const std::string suffix =
          "/" + std::string(tt_entry_scheme_name(scheme)) + "/" + std::string(size.name);
      for (const Operation& operation : kOperations) {
        benchmark::RegisterBenchmark((operation.name + suffix).c_str(), operation.body, scheme,
                                     size)
            ->Threads(1)
            ->Threads(2)
            ->UseRealTime();
      }
      if (size.bytes == kLarge.bytes) {
        benchmark::RegisterBenchmark(("BM_Clear" + suffix).c_str(), BM_Clear, scheme, size)
            ->Unit(benchmark::kMillisecond);
      }
    }
  }
  return true;
}

[[maybe_unused]] const bool kRegistered = register_benchmarks();

}  // namespace
}  // namespace splitlab::hashing
