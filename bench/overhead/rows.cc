#include "bench/overhead/rows.h"

#include <sstream>

namespace splitlab::bench::overhead {

using search::kNodeTypes;
using search::kPlyBuckets;
using search::kResearchKinds;

namespace {

// Every counter of a comparison, in the columns' order.
std::vector<uint64_t*> node_log_fields(NodeLogComparison& c) {
  std::vector<uint64_t*> f = {&c.one.nodes, &c.many.nodes, &c.matched, &c.one.new_positions,
                              &c.one.other_depth, &c.one.again, &c.many.new_positions,
                              &c.many.other_depth, &c.many.again, &c.many_deeper,
                              &c.many_shallower, &c.many_other_window, &c.iir_differs,
                              &c.many_aborted, &c.many_unfinished};
  for (auto& n : c.one.own_by_research) f.push_back(&n);
  for (auto& n : c.many.own_by_research) f.push_back(&n);
  return f;
}

}  // namespace

std::string runs_header() {
  std::string h = "strategy,threads,repeat,position,depth,seconds,nodes,qnodes";
  for (const char* name : search::kResearchNames) h += std::string(",research_") + name;
  for (int t = 0; t < kNodeTypes; ++t)
    h += std::string(",type_") + search::node_type_name(search::NodeType(t));
  h += ",iir,singular_tests,singular_extended,check_extensions,reduced_moves,reduced_plies,"
       "cut_waste_nodes,aborted_nodes,stale_researches,splits,by_ply";
  for (int k = 1; k < kResearchKinds; ++k) h += std::string(",researches_") + search::kResearchNames[k];
  for (int k = 1; k < kResearchKinds; ++k)
    h += std::string(",researches_at_splits_") + search::kResearchNames[k];
  for (int k = 1; k < kResearchKinds; ++k)
    h += std::string(",researches_confirmed_") + search::kResearchNames[k];
  return h + ",deferred_moves";
}

std::string to_csv(const Row& r) {
  std::ostringstream out;
  out.precision(9);
  const auto& a = r.accounting;
  out << r.strategy << ',' << r.threads << ',' << r.repeat << ',' << r.position << ',' << r.depth
      << ',' << r.seconds << ',' << r.nodes << ',' << r.qnodes;
  for (uint64_t n : a.by_research) out << ',' << n;
  for (uint64_t n : a.by_type) out << ',' << n;
  out << ',' << a.iir << ',' << a.singular_tests << ',' << a.singular_extended << ','
      << a.check_extensions << ',' << a.reduced_moves << ',' << a.reduced_plies << ','
      << r.cut_waste_nodes << ',' << r.aborted_nodes << ',' << r.stale_researches << ','
      << r.splits << ',';
  for (int p = 0; p < kPlyBuckets; ++p) out << (p ? ";" : "") << a.by_ply[p];
  for (int k = 1; k < kResearchKinds; ++k) out << ',' << a.researches[k];
  for (int k = 1; k < kResearchKinds; ++k) out << ',' << a.researches_at_splits[k];
  for (int k = 1; k < kResearchKinds; ++k) out << ',' << a.researches_confirmed[k];
  out << ',' << r.deferred_moves;
  return out.str();
}

bool from_csv(const std::string& line, Row& r) {
  std::vector<std::string> f;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) f.push_back(field);
  const size_t expected = 8 + kResearchKinds + kNodeTypes + 11 + 3 * (kResearchKinds - 1) + 1;
  if (f.size() != expected) return false;
  try {
    size_t i = 0;
    auto next_u64 = [&] { return uint64_t(std::stoull(f[i++])); };
    r.strategy = f[i++];
    r.threads = std::stoi(f[i++]);
    r.repeat = std::stoi(f[i++]);
    r.position = f[i++];
    r.depth = std::stoi(f[i++]);
    r.seconds = std::stod(f[i++]);
    r.nodes = next_u64();
    r.qnodes = next_u64();
    auto& a = r.accounting;
    for (auto& n : a.by_research) n = next_u64();
    for (auto& n : a.by_type) n = next_u64();
    a.iir = next_u64();
    a.singular_tests = next_u64();
    a.singular_extended = next_u64();
    a.check_extensions = next_u64();
    a.reduced_moves = next_u64();
    a.reduced_plies = next_u64();
    r.cut_waste_nodes = next_u64();
    r.aborted_nodes = next_u64();
    r.stale_researches = next_u64();
    r.splits = next_u64();
    std::stringstream plies(f[i++]);
    int p = 0;
    while (std::getline(plies, field, ';')) {
      if (p >= kPlyBuckets) return false;
      a.by_ply[p++] = std::stoull(field);
    }
    if (p != kPlyBuckets) return false;
    for (int k = 1; k < kResearchKinds; ++k) a.researches[k] = next_u64();
    for (int k = 1; k < kResearchKinds; ++k) a.researches_at_splits[k] = next_u64();
    for (int k = 1; k < kResearchKinds; ++k) a.researches_confirmed[k] = next_u64();
    r.deferred_moves = next_u64();
  } catch (...) {
    return false;
  }
  return true;
}

std::string node_log_header() {
  std::string h =
      "strategy,threads,repeat,position,depth,one_nodes,many_nodes,matched,one_new,"
      "one_other_depth,one_again,many_new,many_other_depth,many_again,many_deeper,"
      "many_shallower,many_other_window,iir_differs,many_aborted,many_unfinished";
  for (const char* side : {"one", "many"})
    for (const char* name : search::kResearchNames) h += std::string(",") + side + "_own_" + name;
  return h;
}

std::string to_csv(NodeLogRow r) {
  std::ostringstream out;
  out << r.strategy << ',' << r.threads << ',' << r.repeat << ',' << r.position << ',' << r.depth;
  for (const uint64_t* n : node_log_fields(r.comparison)) out << ',' << *n;
  return out.str();
}

bool node_log_from_csv(const std::string& line, NodeLogRow& r) {
  std::vector<std::string> f;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) f.push_back(field);
  const auto numbers = node_log_fields(r.comparison);
  if (f.size() != 5 + numbers.size()) return false;
  try {
    r.strategy = f[0];
    r.threads = std::stoi(f[1]);
    r.repeat = std::stoi(f[2]);
    r.position = f[3];
    r.depth = std::stoi(f[4]);
    for (size_t i = 0; i < numbers.size(); ++i) *numbers[i] = std::stoull(f[5 + i]);
  } catch (...) {
    return false;
  }
  return true;
}

}  // namespace splitlab::bench::overhead
