#include "bench/overhead/report.h"

#include <cstdio>
#include <sstream>

#include "bench/json_writer.h"

namespace splitlab::bench::overhead {

namespace {

// The heading of a group of parts in the report.
const char* part_heading(const std::string& line) {
  return line == "research"  ? "  extra nodes by re-search class (% of one thread's nodes):"
         : line == "type"    ? "  extra nodes by predicted node type:"
         : line == "ply"     ? "  extra nodes by ply:"
         : line == "waste"   ? "  nodes of cut-off split points (a part of the extra):"
         : line == "nodelog"
             ? "  extra full-width nodes by kind, from the node logs (a search's own nodes, "
               "which the other has no counterpart for; N-thread less one thread's):"
         : line == "nodelog-gross"
             ? "  the same, gross: each search's own nodes by kind, one thread -> N, and the "
               "nodes both have (% of one thread's nodes):"
         : line == "nodelog-research"
             ? "  the same own nodes by re-search class (N-thread less one thread's):"
         : line == "nodelog-detail"
             ? "  of the N-thread search's own or all nodes (% of one thread's nodes): other "
               "depth, deeper or shallower than any of one thread's; nodes with a window one "
               "thread never gave that position and depth; nodes stopped by an abort:"
             : "  depth rules, per 1000 full-width nodes (1 thread -> N):";
}

const Part* find_part(const StrategySummary& s, const std::string& line,
                      const std::string& item) {
  for (const auto& q : s.parts)
    if (q.line == line && q.item == item) return &q;
  return nullptr;
}

// One part as an item of its group's line: a rate, a share or the extra, as its group reads.
// `one` and `many` are all nodes, `one_full` and `many_full` the full-width ones.
std::string format_part(const StrategySummary& s, const Part& p, double one, double one_full,
                        double many_full) {
  char line[400];
  if (p.line == "rules") {
    if (p.item == "reduced-plies") {
      // Plies per reduced move, not a rate per node.
      const Part* moves = nullptr;
      for (const auto& q : s.parts)
        if (q.item == "reduced-moves") moves = &q;
      std::snprintf(line, sizeof line, " plies/reduction %.3f -> %.3f;",
                    moves && moves->one ? p.one / moves->one : 0,
                    moves && moves->many ? p.many / moves->many : 0);
    } else {
      std::snprintf(line, sizeof line, " %s %.2f -> %.2f;", p.item.c_str(),
                    one_full ? 1000 * p.one / one_full : 0,
                    many_full ? 1000 * p.many / many_full : 0);
    }
  } else if (p.line == "nodelog-gross") {
    std::snprintf(line, sizeof line, " %s %.1f%% -> %.1f%%;", p.item.c_str(),
                  one ? 100 * p.one / one : 0, one ? 100 * p.many / one : 0);
  } else if (p.line == "waste" || p.line == "nodelog-detail") {
    std::snprintf(line, sizeof line, " %s %.1f%%;", p.item.c_str(), one ? 100 * p.many / one : 0);
  } else {
    std::snprintf(line, sizeof line, " %s %+.1f%%;", p.item.c_str(),
                  one ? 100 * (p.many - p.one) / one : 0);
  }
  return line;
}

// A re-search class's entry: how often it begins, how often at split nodes, how often borne out.
std::string format_researches(const StrategySummary& s, const Part& p, double one_full,
                              double many_full) {
  const Part* at_splits = find_part(s, "researches-at-splits", p.item);
  const Part* confirmed = find_part(s, "researches-confirmed", p.item);
  char line[400];
  std::snprintf(line, sizeof line, " %s %.3f -> %.3f (%.3f; %.0f%% -> %.0f%%);", p.item.c_str(),
                one_full ? 1000 * p.one / one_full : 0, many_full ? 1000 * p.many / many_full : 0,
                many_full && at_splits ? 1000 * at_splits->many / many_full : 0,
                p.one && confirmed ? 100 * confirmed->one / p.one : 0,
                p.many && confirmed ? 100 * confirmed->many / p.many : 0);
  return line;
}

std::string format_strategy(const StrategySummary& s) {
  std::string out;
  char line[400];
  const double one = double(s.one.sum.nodes), many = double(s.many.sum.nodes);
  const double one_full = one - double(s.one.sum.qnodes);
  const double many_full = many - double(s.many.sum.qnodes);
  std::snprintf(line, sizeof line,
                "%s x%d: %d searches; nodes %+.1f%% against one thread (pooled: %.0f against "
                "%.0f); per search %+.1f%% [%+.1f, %+.1f] (geometric mean, as scale)\n",
                s.strategy.c_str(), s.threads, s.searches, 100 * (many / one - 1), many, one,
                100 * (s.node_ratio.estimate - 1), 100 * (s.node_ratio.low - 1),
                100 * (s.node_ratio.high - 1));
  out += line;
  std::string current;
  for (const auto& p : s.parts) {
    if (p.line == "researches-at-splits" || p.line == "researches-confirmed") continue;
    if (p.line == "researches") {
      if (current != "researches") {
        current = "researches";
        out += "\n  re-searches begun per 1000 full-width nodes, 1 thread -> N (at split nodes; "
               "share borne out, the move still beating alpha):\n   ";
      }
      out += format_researches(s, p, one_full, many_full);
      continue;
    }
    if (p.line != current) {
      current = p.line;
      out += std::string("\n") + part_heading(current) + "\n   ";
    }
    out += format_part(s, p, one, one_full, many_full);
  }
  return out + "\n\n";
}

}  // namespace

std::string format_report(const std::vector<StrategySummary>& summaries) {
  std::string out;
  for (const auto& s : summaries) out += format_strategy(s);
  out +=
      "Pooled: sums over every position and repeat searched by both (big searches weigh "
      "most); each of the research, type and ply lines adds up to the whole extra. Re-search "
      "class: the outermost re-search on a node's path (lmr: a reduced move searched again at "
      "full depth; pvs: with the full window at a PV node; stale: a split node's null-window "
      "search repeated at alpha raised by another thread; aspiration: a root search repeated "
      "with a wider window). after-cutting-move: nodes that split points which cut off spent "
      "on moves ordered after the cutting move, by every thread (one thread never searches "
      "them); aborted-in-hand: the moves in hand when the cutoff came (scale's 'aborted'). With "
      "--node-log: a node is a position entered at a depth; each search's nodes that the other "
      "has no counterpart for are its own, as a new position (the other never enters it), at "
      "another depth, or again (the same position and depth, more often); the N-thread "
      "search's own less one thread's is its extra full-width nodes.\n";
  return out;
}

std::string summary_csv(const std::vector<StrategySummary>& summaries) {
  std::ostringstream csv;
  csv.precision(9);
  csv << "strategy,threads,searches,line,item,one_thread,n_threads,extra_percent\n";
  for (const auto& s : summaries) {
    const double one = double(s.one.sum.nodes);
    csv << s.strategy << ',' << s.threads << ',' << s.searches << ",total,nodes," << one << ','
        << double(s.many.sum.nodes) << ',' << 100 * (double(s.many.sum.nodes) / one - 1) << '\n';
    for (const auto& p : s.parts)
      csv << s.strategy << ',' << s.threads << ',' << s.searches << ',' << p.line << ','
          << p.item << ',' << p.one << ',' << p.many << ','
          << (p.line == "rules" || p.line == "nodelog-detail" || p.line == "nodelog-gross" ||
                      p.line.rfind("researches", 0) == 0
                  ? 0.0
                  : 100 * (p.many - p.one) / one)
          << '\n';
  }
  return csv.str();
}

std::string summary_json(const std::vector<StrategySummary>& summaries, const OverheadConfig& config,
                         int depth, const CalibrationChoice* calibration,
                         const RunMetadata& metadata) {
  JsonWriter json;
  json.begin_object();
  write_run_metadata(json, metadata);
  json.integer("depth", depth).integer("threads", config.threads).integer("repeats", config.repeats)
      .integer("positions", int64_t(config.positions.size()));
  if (calibration) {
    json.number("seconds", config.seconds)
        .number("calibration_median_seconds", calibration->median_seconds);
  }
  json.begin_array("strategies");
  for (const auto& s : summaries) {
    json.begin_object()
        .string("strategy", s.strategy)
        .integer("threads", s.threads)
        .integer("searches", s.searches)
        .unsigned_integer("one_thread_nodes", s.one.sum.nodes)
        .unsigned_integer("n_thread_nodes", s.many.sum.nodes)
        .number("node_ratio_geometric_mean", s.node_ratio.estimate)
        .number("node_ratio_low", s.node_ratio.low)
        .number("node_ratio_high", s.node_ratio.high);
    json.begin_array("parts");
    for (const auto& p : s.parts)
      json.begin_object()
          .string("line", p.line)
          .string("item", p.item)
          .number("one_thread", p.one)
          .number("n_threads", p.many)
          .end_object();
    json.end_array();
    json.end_object();
  }
  json.end_array();
  json.end_object();
  return json.text();
}

}  // namespace splitlab::bench::overhead
