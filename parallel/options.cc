#include "parallel/options.h"

namespace splitlab::parallel {

std::optional<SplitStrategy> parse_split_strategy(std::string_view name) {
  if (name == "none") return SplitStrategy::kNone;
  if (name == "ybwc") return SplitStrategy::kYbwc;
  if (name == "dts") return SplitStrategy::kDts;
  if (name == "lazy") return SplitStrategy::kLazy;
  return std::nullopt;
}

std::string_view split_strategy_name(SplitStrategy s) {
  switch (s) {
    case SplitStrategy::kNone: return "none";
    case SplitStrategy::kYbwc: return "ybwc";
    case SplitStrategy::kDts: return "dts";
    case SplitStrategy::kLazy: return "lazy";
  }
  return "none";
}

std::optional<search::OrderingMemory> parse_ordering_memory(std::string_view name) {
  if (name == "shared") return search::OrderingMemory::kShared;
  if (name == "copy") return search::OrderingMemory::kCopy;
  if (name == "own") return search::OrderingMemory::kOwn;
  return std::nullopt;
}

std::optional<bool> parse_split_nodes(std::string_view name) {
  if (name == "pv-all") return false;
  if (name == "any") return true;
  return std::nullopt;
}

}  // namespace splitlab::parallel
