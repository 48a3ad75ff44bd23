#include "bench/overhead/decomposition.h"

#include <algorithm>

namespace splitlab::bench::overhead {

using search::kNodeTypes;
using search::kPlyBuckets;
using search::kResearchKinds;

void decompose(StrategySummary& s) {
  const Row& o = s.one.sum;
  const Row& m = s.many.sum;
  auto add = [&](const std::string& line, const std::string& item, double one, double many) {
    s.parts.push_back({line, item, one, many});
  };
  for (int k = 0; k < kResearchKinds; ++k)
    add("research", search::kResearchNames[k], double(o.accounting.by_research[k]),
        double(m.accounting.by_research[k]));
  for (int t = 0; t < kNodeTypes; ++t)
    add("type", search::node_type_name(search::NodeType(t)), double(o.accounting.by_type[t]),
        double(m.accounting.by_type[t]));
  add("type", "quiescence", double(o.qnodes), double(m.qnodes));
  // Plies in fours, up to the deepest bucket either search reached.
  int deepest = 0;
  for (int p = 0; p < kPlyBuckets; ++p)
    if (o.accounting.by_ply[p] || m.accounting.by_ply[p]) deepest = p;
  for (int first = 0; first <= deepest; first += 4) {
    double one = 0, many = 0;
    for (int p = first; p < first + 4 && p < kPlyBuckets; ++p) {
      one += double(o.accounting.by_ply[p]);
      many += double(m.accounting.by_ply[p]);
    }
    const int last = std::min(first + 3, kPlyBuckets - 1);
    add("ply", std::to_string(first) + "-" + std::to_string(last) +
                   (last == kPlyBuckets - 1 ? "+" : ""),
        one, many);
  }
  add("waste", "after-cutting-move", double(o.cut_waste_nodes), double(m.cut_waste_nodes));
  add("waste", "aborted-in-hand", double(o.aborted_nodes), double(m.aborted_nodes));
  // How often the rules that set depths fired (counts, not nodes).
  add("rules", "iir", double(o.accounting.iir), double(m.accounting.iir));
  add("rules", "singular-tests", double(o.accounting.singular_tests),
      double(m.accounting.singular_tests));
  add("rules", "singular-extended", double(o.accounting.singular_extended),
      double(m.accounting.singular_extended));
  add("rules", "check-extensions", double(o.accounting.check_extensions),
      double(m.accounting.check_extensions));
  add("rules", "reduced-moves", double(o.accounting.reduced_moves),
      double(m.accounting.reduced_moves));
  add("rules", "reduced-plies", double(o.accounting.reduced_plies),
      double(m.accounting.reduced_plies));
  add("rules", "stale-window-researches", double(o.stale_researches),
      double(m.stale_researches));
  add("rules", "deferred-moves", double(o.deferred_moves), double(m.deferred_moves));
  // Positions at one depth where IIR fired in one search and not in the other (node logs).
  if (s.node_logs > 0) add("rules", "iir-differs", 0, double(s.node_log.iir_differs));
  if (s.node_logs > 0) {
    // The node logs' own nodes of each search by kind: the N-thread's less one thread's is the
    // extra full-width nodes (of the searches logged), which the three kinds add up to.
    const NodeLogComparison& c = s.node_log;
    add("nodelog", "new-position", double(c.one.new_positions), double(c.many.new_positions));
    add("nodelog", "other-depth", double(c.one.other_depth), double(c.many.other_depth));
    add("nodelog", "again", double(c.one.again), double(c.many.again));
    for (int k = 0; k < kResearchKinds; ++k)
      add("nodelog-research", search::kResearchNames[k], double(c.one.own_by_research[k]),
          double(c.many.own_by_research[k]));
    // The same, gross: how far the two trees differ, whatever the net.
    add("nodelog-gross", "matched", double(c.matched), double(c.matched));
    add("nodelog-gross", "new-position", double(c.one.new_positions), double(c.many.new_positions));
    add("nodelog-gross", "other-depth", double(c.one.other_depth), double(c.many.other_depth));
    add("nodelog-gross", "again", double(c.one.again), double(c.many.again));
    add("nodelog-detail", "deeper", 0, double(c.many_deeper));
    add("nodelog-detail", "shallower", 0, double(c.many_shallower));
    add("nodelog-detail", "other-window", 0, double(c.many_other_window));
    add("nodelog-detail", "aborted", 0, double(c.many_aborted));
  }
  // Re-searches begun (counts), and the share of them begun at split nodes.
  for (int k = 1; k < kResearchKinds; ++k) {
    add("researches", search::kResearchNames[k], double(o.accounting.researches[k]),
        double(m.accounting.researches[k]));
    add("researches-at-splits", search::kResearchNames[k],
        double(o.accounting.researches_at_splits[k]),
        double(m.accounting.researches_at_splits[k]));
    add("researches-confirmed", search::kResearchNames[k],
        double(o.accounting.researches_confirmed[k]),
        double(m.accounting.researches_confirmed[k]));
  }
}

}  // namespace splitlab::bench::overhead
