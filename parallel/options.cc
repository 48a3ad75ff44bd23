#include "parallel/options.h"

namespace splitlab::parallel {

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

std::optional<bool> parse_split_join(std::string_view name) {
  if (name == "booked") return false;
  if (name == "late") return true;
  return std::nullopt;
}

std::optional<bool> parse_split_choice(std::string_view name) {
  if (name == "own") return false;
  if (name == "tree") return true;
  return std::nullopt;
}

std::optional<AbdadaForm> parse_abdada_form(std::string_view name) {
  if (name == "marks") return AbdadaForm::kMarks;
  if (name == "kerrigan") return AbdadaForm::kKerrigan;
  return std::nullopt;
}

}  // namespace splitlab::parallel
