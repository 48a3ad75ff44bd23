#include "bench/overhead/node_log_compare.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>

namespace splitlab::bench {
namespace {

using search::NodeRecord;

constexpr char kMagic[] = "splitlab-node-log 1";

bool node_order(const NodeRecord& x, const NodeRecord& y) {
  return std::tie(x.key, x.depth, x.alpha, x.beta, x.thread, x.sequence) <
         std::tie(y.key, y.depth, y.alpha, y.beta, y.thread, y.sequence);
}

// The end of the run of records from `begin` that share its key (and, with `by_depth`, depth).
size_t run_end(const std::vector<NodeRecord>& r, size_t begin, size_t end, bool by_depth) {
  size_t i = begin;
  while (i < end && r[i].key == r[begin].key && (!by_depth || r[i].depth == r[begin].depth)) ++i;
  return i;
}

void count_own(NodeLogSide& side, const NodeRecord& r, uint64_t NodeLogSide::*kind) {
  ++(side.*kind);
  ++side.own_by_research[size_t(r.research()) % search::kResearchKinds];
}

bool any_iir(const std::vector<NodeRecord>& r, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i)
    if (r[i].flags & NodeRecord::kIir) return true;
  return false;
}

// Compares the records of one position (the same key), both sides non-empty.
void compare_position(const std::vector<NodeRecord>& a, size_t a0, size_t a1,
                      const std::vector<NodeRecord>& b, size_t b0, size_t b1,
                      NodeLogComparison& c) {
  // Records are sorted by depth within a key: the first and last give the range.
  const int a_min = a[a0].depth, a_max = a[a1 - 1].depth;
  size_t i = a0, j = b0;
  while (i < a1 || j < b1) {
    const bool a_next = i < a1 && (j >= b1 || a[i].depth <= b[j].depth);
    const bool b_next = j < b1 && (i >= a1 || b[j].depth <= a[i].depth);
    const size_t i1 = a_next ? run_end(a, i, a1, true) : i;
    const size_t j1 = b_next ? run_end(b, j, b1, true) : j;
    if (!b_next) {
      for (size_t k = i; k < i1; ++k) count_own(c.one, a[k], &NodeLogSide::other_depth);
    } else if (!a_next) {
      for (size_t k = j; k < j1; ++k) {
        count_own(c.many, b[k], &NodeLogSide::other_depth);
        if (b[k].depth > a_max) ++c.many_deeper;
        if (b[k].depth < a_min) ++c.many_shallower;
      }
    } else {
      const size_t na = i1 - i, nb = j1 - j, matched = std::min(na, nb);
      c.matched += matched;
      // The surplus records of the side with more: its last ones in (window, thread) order,
      // so that the choice does not depend on the order threads logged them in.
      for (size_t k = i + matched; k < i1; ++k) count_own(c.one, a[k], &NodeLogSide::again);
      for (size_t k = j + matched; k < j1; ++k) count_own(c.many, b[k], &NodeLogSide::again);
      for (size_t k = j; k < j1; ++k) {
        bool seen = false;
        for (size_t m = i; m < i1 && !seen; ++m)
          seen = a[m].alpha == b[k].alpha && a[m].beta == b[k].beta;
        if (!seen) ++c.many_other_window;
      }
      if (any_iir(a, i, i1) != any_iir(b, j, j1)) ++c.iir_differs;
    }
    i = i1;
    j = j1;
  }
}

}  // namespace

NodeLogComparison& NodeLogComparison::operator+=(const NodeLogComparison& o) {
  auto add = [](NodeLogSide& x, const NodeLogSide& y) {
    x.nodes += y.nodes;
    x.new_positions += y.new_positions;
    x.other_depth += y.other_depth;
    x.again += y.again;
    for (size_t k = 0; k < x.own_by_research.size(); ++k) x.own_by_research[k] += y.own_by_research[k];
  };
  add(one, o.one);
  add(many, o.many);
  matched += o.matched;
  many_deeper += o.many_deeper;
  many_shallower += o.many_shallower;
  many_other_window += o.many_other_window;
  iir_differs += o.iir_differs;
  many_aborted += o.many_aborted;
  many_unfinished += o.many_unfinished;
  return *this;
}

NodeLogComparison compare_node_logs(std::vector<NodeRecord> one, std::vector<NodeRecord> many) {
  NodeLogComparison c;
  c.one.nodes = one.size();
  c.many.nodes = many.size();
  for (const auto& r : many) {
    if (r.flags & NodeRecord::kAborted) ++c.many_aborted;
    if (!(r.flags & NodeRecord::kFinished)) ++c.many_unfinished;
  }
  std::sort(one.begin(), one.end(), node_order);
  std::sort(many.begin(), many.end(), node_order);
  size_t i = 0, j = 0;
  while (i < one.size() || j < many.size()) {
    const bool a_next = i < one.size() && (j >= many.size() || one[i].key <= many[j].key);
    const bool b_next = j < many.size() && (i >= one.size() || many[j].key <= one[i].key);
    const size_t i1 = a_next ? run_end(one, i, one.size(), false) : i;
    const size_t j1 = b_next ? run_end(many, j, many.size(), false) : j;
    if (!b_next) {
      for (size_t k = i; k < i1; ++k) count_own(c.one, one[k], &NodeLogSide::new_positions);
    } else if (!a_next) {
      for (size_t k = j; k < j1; ++k) count_own(c.many, many[k], &NodeLogSide::new_positions);
    } else {
      compare_position(one, i, i1, many, j, j1, c);
    }
    i = i1;
    j = j1;
  }
  return c;
}

bool write_node_log(const std::string& path, const NodeLogHeader& header,
                    const std::vector<NodeRecord>& records, std::string& error) {
  for (const std::string* field : {&header.position, &header.fen, &header.strategy})
    if (field->find('\n') != std::string::npos) {
      error = "a node log's header field holds a line break";
      return false;
    }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  out << kMagic << '\n'
      << "position=" << header.position << "\tfen=" << header.fen
      << "\tstrategy=" << header.strategy << "\tthreads=" << header.threads
      << "\tdepth=" << header.depth << "\trecords=" << records.size() << '\n';
  out.write(reinterpret_cast<const char*>(records.data()),
            std::streamsize(records.size() * sizeof(NodeRecord)));
  if (!out) {
    error = "cannot write '" + path + "' (disk full?)";
    return false;
  }
  return true;
}

bool read_node_log(const std::string& path, NodeLogHeader& header,
                   std::vector<NodeRecord>& records, std::string& error) {
  auto failed = [&](const std::string& why) {
    error = "'" + path + "' is not a node log: " + why;
    return false;
  };
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read '" + path + "'";
    return false;
  }
  std::string magic, fields;
  if (!std::getline(in, magic) || magic != kMagic)
    return failed("its first line is not '" + std::string(kMagic) + "'");
  if (!std::getline(in, fields)) return failed("no header line");
  header = NodeLogHeader();
  long long count = -1;
  std::stringstream items(fields);
  std::string item;
  while (std::getline(items, item, '\t')) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos) return failed("header field '" + item + "' has no '='");
    const std::string name = item.substr(0, eq), value = item.substr(eq + 1);
    try {
      if (name == "position") header.position = value;
      else if (name == "fen") header.fen = value;
      else if (name == "strategy") header.strategy = value;
      else if (name == "threads") header.threads = std::stoi(value);
      else if (name == "depth") header.depth = std::stoi(value);
      else if (name == "records") count = std::stoll(value);
    } catch (...) {
      return failed("header field '" + item + "' is not a number");
    }
  }
  if (count < 0) return failed("the header gives no record count");
  const std::streamoff start = in.tellg();
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg() - start;
  if (size != std::streamoff(count) * std::streamoff(sizeof(NodeRecord)))
    return failed("the header gives " + std::to_string(count) + " records of " +
                  std::to_string(sizeof(NodeRecord)) + " bytes, the file holds " +
                  std::to_string(size) + " bytes after it");
  in.seekg(start);
  records.resize(size_t(count));
  in.read(reinterpret_cast<char*>(records.data()), std::streamsize(size));
  if (!in) return failed("its records cannot be read");
  return true;
}

std::string format_node_log_comparison(const NodeLogComparison& c) {
  std::string out;
  char line[512];
  const double base = c.one.nodes ? double(c.one.nodes) : 1.0;
  auto share = [&](double n) { return 100.0 * n / base; };
  std::snprintf(line, sizeof line,
                "full-width nodes: one thread %llu, parallel %llu (extra %+.1f%% of one thread's); "
                "matched %llu\n",
                (unsigned long long)c.one.nodes, (unsigned long long)c.many.nodes,
                share(double(c.extra())), (unsigned long long)c.matched);
  out += line;
  std::snprintf(line, sizeof line, "%-34s %10s %10s %9s\n", "own nodes, % of one thread's",
                "parallel", "one thread", "extra");
  out += line;
  auto row = [&](const char* name, uint64_t many, uint64_t one) {
    std::snprintf(line, sizeof line, "%-34s %9.1f%% %9.1f%% %+8.1f%%\n", name, share(double(many)),
                  share(double(one)), share(double(many) - double(one)));
    out += line;
  };
  row("new position (the other never)", c.many.new_positions, c.one.new_positions);
  row("other depth", c.many.other_depth, c.one.other_depth);
  row("again (same position and depth)", c.many.again, c.one.again);
  row("all", c.many.own(), c.one.own());
  for (int k = 0; k < search::kResearchKinds; ++k) {
    const std::string name = std::string("  under re-search class ") + search::kResearchNames[k];
    row(name.c_str(), c.many.own_by_research[size_t(k)], c.one.own_by_research[size_t(k)]);
  }
  std::snprintf(line, sizeof line,
                "parallel other-depth nodes: deeper than any of one thread's %.1f%%, shallower "
                "%.1f%%; nodes at a shared (position, depth) with a window one thread never "
                "gave it %.1f%%; (position, depth) pairs where IIR differs %llu; parallel "
                "nodes stopped by an abort %.1f%%\n",
                share(double(c.many_deeper)), share(double(c.many_shallower)),
                share(double(c.many_other_window)), (unsigned long long)c.iir_differs,
                share(double(c.many_aborted)));
  out += line;
  return out;
}

}  // namespace splitlab::bench
