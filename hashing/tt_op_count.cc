// Runs exactly N table operations of one kind, for counting their instructions and branches
// under valgrind's callgrind (this VM exposes no hardware counters to perf). The loop is the
// one of hashing/tt_benchmark.cc (random keys from a universe of twice the table's entries, a
// full 256 KiB table, policy depth-age); bench/tt_op_count.py runs it at two counts and divides
// the difference of the totals by the difference of the counts, so that the set-up cancels.
//   tt_op_count <xor|bracket|locked|raw|memory> <probe|store|probe+store|ps+prefetch|rmw> <N>
// "memory rmw" is the benchmark's memory baseline: one random line read and written.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "hashing/tt.h"
#include "hashing/tt_workload.h"
#include "hashing/zobrist.h"

namespace splitlab::hashing {
namespace {

constexpr size_t kTableBytes = size_t{256} << 10;

using tt_workload::entry_of;
using tt_workload::key_of;

// Keeps a value alive without a store the optimiser could drop.
template <typename T>
void keep(const T& value) {
  asm volatile("" : : "g"(&value) : "memory");
}

int run(const std::string& scheme_name, const std::string& operation, long count) {
  const uint64_t positions = 2 * (kTableBytes / 16) - 1;
  SplitMix64 rng(12345);
  if (scheme_name == "memory") {
    if (operation != "rmw") return 2;
    auto* words = new std::atomic<uint64_t>[kTableBytes / sizeof(uint64_t)]();
    const size_t line_mask = kTableBytes / 64 - 1;
    for (long i = 0; i < count; ++i) {
      std::atomic<uint64_t>& word = words[(key_of(rng.next() & positions) & line_mask) * 8];
      const uint64_t value = word.load(std::memory_order_relaxed);
      keep(value);
      word.store(value + 1, std::memory_order_relaxed);
    }
    delete[] words;
    return 0;
  }
  const std::optional<TtEntryScheme> scheme = parse_tt_entry_scheme(scheme_name);
  if (!scheme) return 2;
  TranspositionTable table;
  table.set_scheme(*scheme);
  if (!table.resize_buckets(kTableBytes / TranspositionTable::kBucketBytes, nullptr)) return 1;
  TtStats stats;
  for (uint64_t position = 0; position <= positions; ++position) {
    table.store(key_of(position), entry_of(key_of(position)), stats);
  }
  const bool probe = operation == "probe" || operation == "probe+store" ||
                     operation == "ps+prefetch";
  const bool store = operation == "store" || operation == "probe+store" ||
                     operation == "ps+prefetch";
  const bool prefetch = operation == "ps+prefetch";
  if (!probe && !store) return 2;
  uint64_t key = key_of(rng.next() & positions);
  for (long i = 0; i < count; ++i) {
    const uint64_t next_key = key_of(rng.next() & positions);
    if (prefetch) table.prefetch(next_key);
    if (probe) {
      TtEntry entry;
      const bool found = table.probe(key, entry, stats);
      keep(found);
      keep(entry);
    }
    if (store) table.store(key, entry_of(key), stats);
    key = next_key;
  }
  keep(stats);
  return 0;
}

}  // namespace
}  // namespace splitlab::hashing

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr,
                 "usage: tt_op_count <xor|bracket|locked|raw|memory> "
                 "<probe|store|probe+store|ps+prefetch|rmw> <count>\n");
    return 2;
  }
  char* end = nullptr;
  const long count = std::strtol(argv[3], &end, 10);
  if (*end != '\0' || count < 0) {
    std::fprintf(stderr, "tt_op_count: count '%s' is not a number >= 0\n", argv[3]);
    return 2;
  }
  const int status = splitlab::hashing::run(argv[1], argv[2], count);
  if (status == 2) std::fprintf(stderr, "tt_op_count: unknown scheme or operation\n");
  return status;
}
