#include "bench/overhead.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "bench/json_writer.h"
#include "bench/node_log_compare.h"
#include "bench/run_metadata.h"
#include "bench/scale_calibration.h"
#include "bench/statistics.h"
#include "engine/chess/chess_game.h"
#include "engine/search/searcher.h"
#include "engine/util/files.h"
#include "engine/util/progress.h"
#include "parallel/options.h"

namespace splitlab::bench {
namespace {

using Clock = std::chrono::steady_clock;
using search::kNodeTypes;
using search::kPlyBuckets;
using search::kResearchKinds;

// One search's counters, summed over its threads.
struct Row {
  std::string strategy;  // "none" for the 1-thread search.
  int threads = 1;
  int repeat = 0;
  std::string position;
  int depth = 0;
  double seconds = 0;
  uint64_t nodes = 0, qnodes = 0;
  search::NodeAccounting accounting;
  uint64_t cut_waste_nodes = 0, aborted_nodes = 0, stale_researches = 0, splits = 0;
  uint64_t deferred_moves = 0;

  std::string key() const {
    return strategy + "|" + std::to_string(threads) + "|" + std::to_string(repeat) + "|" +
           position + "|" + std::to_string(depth);
  }
};

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

// One configuration's searcher: one thread, or a strategy at N threads, on the shared table.
class Runner {
 public:
  Runner(parallel::SplitStrategy strategy, int threads, const parallel::SplitSettings& split,
         const search::SearchFeatures& features, hashing::TranspositionTable& table)
      : searcher_(table), table_(table), threads_(threads) {
    searcher_.shared_state().features = features;
    parallel::SplitSettings settings = split;
    settings.strategy = strategy;
    parallel::configure_threads(searcher_, threads, settings);
  }

  // With `log`, every thread's full-width nodes go into it (emptied first).
  Row search(const ScalePosition& position, int depth, double cap_seconds = 0,
             search::NodeLog* log = nullptr) {
    Row row;
    if (log) log->reset(threads_);
    searcher_.shared_state().node_log = log;
    chess::Position pos;
    std::string error;
    chess::Position::parse_fen(position.fen, pos, error);  // Checked when the suite was read.
    table_.clear();
    searcher_.new_game();
    search::SearchLimits limits;
    limits.depth = depth;
    if (cap_seconds > 0) limits.movetime_ms = int64_t(cap_seconds * 1000);
    searcher_.arm();
    const auto start = Clock::now();
    const auto result = searcher_.run(pos, limits, false, 0, [](const search::SearchResult&) {});
    row.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    searcher_.shared_state().node_log = nullptr;
    row.depth = result.depth;
    for (const auto& t : parallel::thread_reports(searcher_)) {
      row.nodes += t.search.nodes;
      row.qnodes += t.search.qnodes;
      row.accounting += t.search.accounting;
      row.cut_waste_nodes += t.stats.cut_waste_nodes;
      row.aborted_nodes += t.stats.aborted_nodes;
      row.stale_researches += t.stats.stale_window_researches;
      row.splits += t.stats.splits;
      row.deferred_moves += t.stats.deferred_moves;
    }
    return row;
  }

 private:
  search::Searcher<chess::ChessGame> searcher_;
  hashing::TranspositionTable& table_;
  int threads_;
};

// One N-thread search's node log against its position's 1-thread log (nodelog.csv).
struct NodeLogRow {
  std::string strategy, position;
  int threads = 2, repeat = 0, depth = 0;
  NodeLogComparison comparison;

  std::string key() const {
    return strategy + "|" + std::to_string(threads) + "|" + std::to_string(repeat) + "|" +
           position + "|" + std::to_string(depth);
  }
};

std::string node_log_header() {
  std::string h =
      "strategy,threads,repeat,position,depth,one_nodes,many_nodes,matched,one_new,"
      "one_other_depth,one_again,many_new,many_other_depth,many_again,many_deeper,"
      "many_shallower,many_other_window,iir_differs,many_aborted,many_unfinished";
  for (const char* side : {"one", "many"})
    for (const char* name : search::kResearchNames) h += std::string(",") + side + "_own_" + name;
  return h;
}

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

// Sums of the rows of one configuration, over the positions and repeats both sides have.
struct Totals {
  Row sum;
  int searches = 0;
  void add(const Row& r) {
    sum.nodes += r.nodes;
    sum.qnodes += r.qnodes;
    sum.accounting += r.accounting;
    sum.cut_waste_nodes += r.cut_waste_nodes;
    sum.aborted_nodes += r.aborted_nodes;
    sum.stale_researches += r.stale_researches;
    sum.splits += r.splits;
    sum.deferred_moves += r.deferred_moves;
    sum.seconds += r.seconds;
    ++searches;
  }
};

// One line of the decomposition: a part of the nodes at one thread and at N.
struct Part {
  std::string line, item;
  double one = 0, many = 0;
};

struct StrategySummary {
  std::string strategy;
  int threads = 0;
  int searches = 0;
  Totals one, many;
  Interval node_ratio;  // Geometric mean of the per-search ratios, as scale reports it.
  std::vector<Part> parts;
  int node_logs = 0;  // Searches with a node-log comparison, pooled in `node_log`.
  NodeLogComparison node_log;
};

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

std::string format_report(const std::vector<StrategySummary>& summaries) {
  std::string out;
  char line[400];
  for (const auto& s : summaries) {
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
    auto find = [&](const std::string& line, const std::string& item) -> const Part* {
      for (const auto& q : s.parts)
        if (q.line == line && q.item == item) return &q;
      return nullptr;
    };
    for (const auto& p : s.parts) {
      if (p.line == "researches-at-splits" || p.line == "researches-confirmed") continue;
      if (p.line == "researches") {
        // One entry a class: how often it begins, how often at split nodes, how often borne out.
        const Part* at_splits = find("researches-at-splits", p.item);
        const Part* confirmed = find("researches-confirmed", p.item);
        if (current != "researches") {
          current = "researches";
          out += "\n  re-searches begun per 1000 full-width nodes, 1 thread -> N (at split nodes; "
                 "share borne out, the move still beating alpha):\n   ";
        }
        std::snprintf(line, sizeof line, " %s %.3f -> %.3f (%.3f; %.0f%% -> %.0f%%);",
                      p.item.c_str(), one_full ? 1000 * p.one / one_full : 0,
                      many_full ? 1000 * p.many / many_full : 0,
                      many_full && at_splits ? 1000 * at_splits->many / many_full : 0,
                      p.one && confirmed ? 100 * confirmed->one / p.one : 0,
                      p.many && confirmed ? 100 * confirmed->many / p.many : 0);
        out += line;
        continue;
      }
      if (p.line != current) {
        current = p.line;
        const char* heading =
            current == "research"  ? "  extra nodes by re-search class (% of one thread's nodes):"
            : current == "type"    ? "  extra nodes by predicted node type:"
            : current == "ply"     ? "  extra nodes by ply:"
            : current == "waste"   ? "  nodes of cut-off split points (a part of the extra):"
            : current == "nodelog"
                ? "  extra full-width nodes by kind, from the node logs (a search's own nodes, "
                  "which the other has no counterpart for; N-thread less one thread's):"
            : current == "nodelog-gross"
                ? "  the same, gross: each search's own nodes by kind, one thread -> N, and the "
                  "nodes both have (% of one thread's nodes):"
            : current == "nodelog-research"
                ? "  the same own nodes by re-search class (N-thread less one thread's):"
            : current == "nodelog-detail"
                ? "  of the N-thread search's own or all nodes (% of one thread's nodes): other "
                  "depth, deeper or shallower than any of one thread's; nodes with a window one "
                  "thread never gave that position and depth; nodes stopped by an abort:"
                : "  depth rules, per 1000 full-width nodes (1 thread -> N):";
        out += std::string("\n") + heading + "\n   ";
      }
      if (current == "rules") {
        const bool per_move = p.item == "reduced-plies";
        if (per_move) {
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
      } else if (current == "nodelog-gross") {
        std::snprintf(line, sizeof line, " %s %.1f%% -> %.1f%%;", p.item.c_str(),
                      one ? 100 * p.one / one : 0, one ? 100 * p.many / one : 0);
      } else if (current == "waste" || current == "nodelog-detail") {
        std::snprintf(line, sizeof line, " %s %.1f%%;", p.item.c_str(),
                      one ? 100 * p.many / one : 0);
      } else {
        std::snprintf(line, sizeof line, " %s %+.1f%%;", p.item.c_str(),
                      one ? 100 * (p.many - p.one) / one : 0);
      }
      out += line;
    }
    out += "\n\n";
  }
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

// Reads the rows of a resumable CSV file into `done` (keyed by `key`), and opens it to append,
// writing the metadata and `header` into a new file; false with `error` if it cannot be written.
template <typename R, typename Parse>
bool open_resumable(const std::string& path, const std::string& header,
                    const RunMetadata& metadata, Parse parse, std::map<std::string, R>& done,
                    std::ofstream& out, bool& metadata_written, std::string& error) {
  if (!util::cut_partial_last_line(path, error)) return false;
  {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      R row;
      if (!line.empty() && line[0] != '#' && line != header && parse(line, row))
        done[row.key()] = row;
    }
  }
  std::error_code ec;
  const bool fresh =
      !std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0;
  out.open(path, std::ios::app);
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  if (fresh) out << run_metadata_comments(metadata) << header << '\n' << std::flush;
  metadata_written = fresh;
  return true;
}

}  // namespace

int run_overhead(const OverheadConfig& config, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(config.out_dir, ec);
  if (ec) {
    error = "cannot create '" + config.out_dir + "': " + ec.message();
    return 2;
  }
  const RunMetadata metadata = collect_run_metadata(config.command_line, kBootstrapSeed);
  const std::string build_warning = timing_build_warning(metadata.build);
  if (!build_warning.empty()) std::fprintf(stderr, "overhead: warning: %s\n", build_warning.c_str());
  hashing::TranspositionTable table;
  if (!table.resize(config.hash_mb, &error)) return 2;
  // As scale: the same table scheme and policy, so that the figures are comparable.
  table.set_scheme(hashing::TtEntryScheme::Xor);
  table.set_policy(hashing::TtReplacePolicy::Bucket);

  std::vector<std::unique_ptr<Runner>> runners;
  std::vector<std::string> names = {"none"};
  runners.push_back(std::make_unique<Runner>(parallel::SplitStrategy::kNone, 1, config.split,
                                             config.features, table));
  for (auto strategy : config.strategies) {
    names.emplace_back(parallel::split_strategy_name(strategy));
    runners.push_back(
        std::make_unique<Runner>(strategy, config.threads, config.split, config.features, table));
  }

  int depth = config.depth;
  CalibrationChoice calibration;
  if (config.seconds > 0) {
    std::map<std::string, CalibrationRow> done;
    std::ofstream csv;
    bool metadata_written = false;
    if (!open_resumable<CalibrationRow>(config.out_dir + "/calibration.csv", kCalibrationHeader,
                                        metadata, calibration_from_csv, done, csv,
                                        metadata_written, error))
      return 2;
    std::vector<const ScalePosition*> sample;
    std::vector<std::string> ids;
    for (size_t i : calibration_sample(config.positions.size(), config.calibration_positions)) {
      sample.push_back(&config.positions[i]);
      ids.push_back(config.positions[i].id);
    }
    util::Progress progress("overhead calibration");
    double spent = 0;
    const double expected = 2.5 * config.seconds * double(sample.size());
    calibration = calibrate_depth(
        "splitlab", config.seconds, 60, ids, done,
        [&](int d, size_t index) {
          const Row r = runners[0]->search(*sample[index], d, 8 * config.seconds);
          spent += r.seconds;
          progress.update(std::min(spent, 0.99 * expected), expected,
                          "depth " + std::to_string(d) + " " + sample[index]->id);
          CalibrationRow row;
          row.seconds = r.seconds;
          row.nodes = r.nodes;
          row.capped = r.depth < d;
          return row;
        },
        [&](const CalibrationRow& row) {
          if (!metadata_written) csv << run_metadata_comments(metadata);
          metadata_written = true;
          csv << calibration_to_csv(row) << '\n' << std::flush;
        });
    depth = calibration.depth;
    std::fprintf(stderr, "overhead: depth %d (1-thread median %.3f s over %zu positions)\n", depth,
                 calibration.median_seconds, sample.size());
  }

  std::map<std::string, Row> done;
  std::ofstream runs_csv;
  bool metadata_written = false;
  if (!open_resumable<Row>(config.out_dir + "/runs.csv", runs_header(), metadata, from_csv, done,
                           runs_csv, metadata_written, error))
    return 2;

  std::map<std::string, NodeLogRow> logs_done;
  std::ofstream node_log_csv;
  bool node_log_metadata_written = false;
  const std::string node_log_dir = config.out_dir + "/nodelogs";
  if (config.node_log) {
    if (!open_resumable<NodeLogRow>(config.out_dir + "/nodelog.csv", node_log_header(), metadata,
                                    node_log_from_csv, logs_done, node_log_csv,
                                    node_log_metadata_written, error))
      return 2;
    if (config.keep_node_logs) {
      std::filesystem::create_directories(node_log_dir, ec);
      if (ec) {
        error = "cannot create '" + node_log_dir + "': " + ec.message();
        return 2;
      }
    }
  }
  auto keep_log = [&](const search::NodeLog& log, const ScalePosition& position,
                      const std::string& strategy, int threads, int repeat) {
    if (!config.keep_node_logs) return true;
    NodeLogHeader header{position.id, position.fen, strategy, threads, depth};
    const std::string path = node_log_dir + "/" + position.id + "." + strategy + ".x" +
                             std::to_string(threads) + ".r" + std::to_string(repeat) + ".nodelog";
    return write_node_log(path, header, log.merged(), error);
  };

  // Configurations interleave position by position, so that drift in the machine's speed
  // touches them all alike.
  std::map<std::string, Row> rows;  // This run's, by key.
  std::map<std::string, NodeLogRow> log_rows;
  util::Progress progress("overhead");
  const double total = double(config.repeats) * double(config.positions.size()) * double(runners.size());
  double finished = 0;
  for (int repeat = 0; repeat < config.repeats; ++repeat)
    for (const auto& position : config.positions) {
      // The position's 1-thread node log, once searched (again, if its row was resumed: the
      // 1-thread search is deterministic, so the log is the one its row counted).
      search::NodeLog one_log;
      bool one_logged = false;
      for (size_t c = 0; c < runners.size(); ++c) {
        ++finished;
        Row probe;
        probe.strategy = names[c];
        probe.threads = c == 0 ? 1 : config.threads;
        probe.repeat = repeat;
        probe.position = position.id;
        probe.depth = depth;
        auto logged = logs_done.end();
        if (config.node_log && c > 0) {
          logged = logs_done.find(probe.key());
          if (logged != logs_done.end()) log_rows[probe.key()] = logged->second;
        }
        if (auto it = done.find(probe.key());
            it != done.end() && (c == 0 || !config.node_log || logged != logs_done.end())) {
          rows[probe.key()] = it->second;
          continue;
        }
        search::NodeLog many_log;
        search::NodeLog* log = nullptr;
        if (config.node_log) {
          if (c > 0 && !one_logged) {
            runners[0]->search(position, depth, 0, &one_log);
            if (!keep_log(one_log, position, names[0], 1, repeat)) return 2;
            one_logged = true;
          }
          log = c == 0 ? &one_log : &many_log;
        }
        Row row = runners[c]->search(position, depth, 0, log);
        if (config.node_log && c == 0) {
          one_logged = true;
          if (!keep_log(one_log, position, names[0], 1, repeat)) return 2;
        }
        if (config.node_log && c > 0) {
          if (!keep_log(many_log, position, names[c], config.threads, repeat)) return 2;
          NodeLogRow compared;
          compared.strategy = names[c];
          compared.threads = config.threads;
          compared.repeat = repeat;
          compared.position = position.id;
          compared.depth = depth;
          compared.comparison = compare_node_logs(one_log.merged(), many_log.merged());
          if (!node_log_metadata_written) node_log_csv << run_metadata_comments(metadata);
          node_log_metadata_written = true;
          node_log_csv << to_csv(compared) << '\n' << std::flush;
          log_rows[compared.key()] = compared;
        }
        row.strategy = probe.strategy;
        row.threads = probe.threads;
        row.repeat = repeat;
        row.position = position.id;
        row.depth = depth;  // Asked for; a search always completes it (no time limit).
        if (!metadata_written) runs_csv << run_metadata_comments(metadata);
        metadata_written = true;
        runs_csv << to_csv(row) << '\n' << std::flush;
        rows[row.key()] = row;
        progress.update(finished, total,
                        names[c] + " x" + std::to_string(row.threads) + " " + position.id);
      }
    }

  std::vector<StrategySummary> summaries;
  for (size_t c = 1; c < runners.size(); ++c) {
    StrategySummary s;
    s.strategy = names[c];
    s.threads = config.threads;
    std::vector<double> ratios;
    for (int repeat = 0; repeat < config.repeats; ++repeat)
      for (const auto& position : config.positions) {
        Row key;
        key.repeat = repeat;
        key.position = position.id;
        key.depth = depth;
        key.strategy = "none";
        key.threads = 1;
        auto one = rows.find(key.key());
        key.strategy = names[c];
        key.threads = config.threads;
        auto many = rows.find(key.key());
        if (one == rows.end() || many == rows.end() || one->second.nodes == 0) continue;
        s.one.add(one->second);
        s.many.add(many->second);
        if (auto logged = log_rows.find(key.key()); logged != log_rows.end()) {
          s.node_log += logged->second.comparison;
          ++s.node_logs;
        }
        ratios.push_back(double(many->second.nodes) / double(one->second.nodes));
      }
    s.searches = s.many.searches;
    if (ratios.empty()) continue;
    s.node_ratio = geometric_mean_interval(ratios);
    decompose(s);
    summaries.push_back(s);
  }
  char heading[200];
  std::snprintf(heading, sizeof heading, "overhead: %zu positions at depth %d%s\n\n",
                config.positions.size(), depth,
                config.seconds > 0 ? " (where one thread takes about the target time)" : "");
  const std::string report = (build_warning.empty() ? "" : "warning: " + build_warning + "\n") +
                             heading + format_report(summaries);
  std::printf("\n%s", report.c_str());
  const std::string comments = run_metadata_comments(metadata);
  std::ofstream(config.out_dir + "/summary.txt") << comments << report;
  std::ofstream(config.out_dir + "/summary.csv") << comments << summary_csv(summaries);
  std::ofstream(config.out_dir + "/summary.json")
      << summary_json(summaries, config, depth, config.seconds > 0 ? &calibration : nullptr,
                      metadata);
  std::fprintf(stderr, "overhead: results in %s (runs.csv, summary.txt, summary.csv, summary.json)\n",
               config.out_dir.c_str());
  return 0;
}

}  // namespace splitlab::bench
