#include "bench/match/affinity.h"

#include <cstdint>

namespace splitlab::bench::match {

bool cpus_per_slot(const std::vector<int>& order, int slots, int threads,
                   std::vector<std::vector<int>>& out, std::string& error) {
  out.clear();
  if (int64_t(slots) * threads > int64_t(order.size())) {
    error = "--affinity needs " + std::to_string(slots) + " games at once x " +
            std::to_string(threads) + " threads = " + std::to_string(int64_t(slots) * threads) +
            " CPUs, and this process may use " + std::to_string(order.size());
    return false;
  }
  for (int slot = 0; slot < slots; ++slot)
    out.emplace_back(order.begin() + slot * threads, order.begin() + (slot + 1) * threads);
  return true;
}

}  // namespace splitlab::bench::match
