#include "engine/search/node_type.h"

#include <cstdio>

namespace splitlab::search {
namespace {

double percent(uint64_t part, uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

uint64_t row_total(const std::array<uint64_t, kNodeTypes>& row) { return row[0] + row[1] + row[2]; }

}  // namespace

std::string draft_bucket_name(int bucket) {
  return bucket >= kDraftBuckets - 1 ? ">" + std::to_string(kDeepestSingleDraft)
                                     : std::to_string(bucket + 1);
}

uint64_t matrix_total(const NodeTypeMatrix& m) {
  uint64_t t = 0;
  for (const auto& row : m) t += row_total(row);
  return t;
}

double matrix_accuracy(const NodeTypeMatrix& m) {
  const uint64_t t = matrix_total(m);
  return t ? double(m[0][0] + m[1][1] + m[2][2]) / double(t) : 0.0;
}

std::string matrix_table(const NodeTypeMatrix& m, const std::string& indent) {
  std::string out =
      indent + "predicted \\ actual          PV           Cut           All    right\n";
  char line[160];
  for (int p = 0; p < kNodeTypes; ++p) {
    std::snprintf(line, sizeof line, "%-18s %12llu  %12llu  %12llu   %5.1f%%\n",
                  node_type_name(NodeType(p)), (unsigned long long)m[p][0],
                  (unsigned long long)m[p][1], (unsigned long long)m[p][2],
                  percent(m[p][p], row_total(m[p])));
    out += indent + line;
  }
  std::snprintf(line, sizeof line, "prediction right for %.1f%% of %llu nodes\n",
                100.0 * matrix_accuracy(m), (unsigned long long)matrix_total(m));
  out += indent + line;
  return out;
}

NodeTypeStats& NodeTypeStats::operator+=(const NodeTypeStats& o) {
  for (int p = 0; p < kNodeTypes; ++p)
    for (int a = 0; a < kNodeTypes; ++a) counts[p][a] += o.counts[p][a];
  for (int b = 0; b < kDraftBuckets; ++b)
    for (int p = 0; p < kNodeTypes; ++p) {
      for (int a = 0; a < kNodeTypes; ++a) counts_by_draft[b][p][a] += o.counts_by_draft[b][p][a];
      first_move_cuts[b][p] += o.first_move_cuts[b][p];
    }
  return *this;
}

uint64_t NodeTypeStats::cut_nodes(int bucket) const {
  const NodeTypeMatrix& m = bucket < 0 ? counts : counts_by_draft[bucket];
  return m[0][int(NodeType::kCut)] + m[1][int(NodeType::kCut)] + m[2][int(NodeType::kCut)];
}

uint64_t NodeTypeStats::first_move_cut_nodes(int bucket) const {
  uint64_t n = 0;
  for (int b = 0; b < kDraftBuckets; ++b)
    if (bucket < 0 || b == bucket) n += row_total(first_move_cuts[b]);
  return n;
}

double NodeTypeStats::first_move_cut_share(int bucket) const {
  const uint64_t cuts = cut_nodes(bucket);
  return cuts ? double(first_move_cut_nodes(bucket)) / double(cuts) : 0.0;
}

int NodeTypeStats::deepest_bucket() const {
  for (int b = kDraftBuckets - 1; b >= 0; --b)
    if (matrix_total(counts_by_draft[b])) return b;
  return -1;
}

std::string NodeTypeStats::table() const {
  char line[160];
  std::snprintf(line, sizeof line,
                "Cut nodes (fail high): %llu, %.1f%% of them on the first move searched\n",
                (unsigned long long)cut_nodes(), 100.0 * first_move_cut_share());
  return matrix_table(counts) + line;
}

std::string NodeTypeStats::draft_table(int bucket) const {
  char line[200];
  std::snprintf(line, sizeof line,
                "draft %s: %llu nodes; %llu Cut nodes, %.1f%% on the first move searched\n",
                draft_bucket_name(bucket).c_str(),
                (unsigned long long)matrix_total(counts_by_draft[bucket]),
                (unsigned long long)cut_nodes(bucket), 100.0 * first_move_cut_share(bucket));
  return line + matrix_table(counts_by_draft[bucket], "  ");
}

std::string NodeTypeStats::by_draft_summary() const {
  std::string out =
      "draft        nodes     PV nodes  right     Cut nodes  right     All nodes  right  "
      " right  fail high  first move\n";
  char line[200];
  for (int b = 0; b <= deepest_bucket(); ++b) {
    const NodeTypeMatrix& m = counts_by_draft[b];
    std::snprintf(line, sizeof line,
                  "%-5s %12llu %12llu %5.1f%% %12llu %5.1f%% %12llu %5.1f%% %5.1f%% %10llu "
                  "%10.1f%%\n",
                  draft_bucket_name(b).c_str(), (unsigned long long)matrix_total(m),
                  (unsigned long long)row_total(m[0]), percent(m[0][0], row_total(m[0])),
                  (unsigned long long)row_total(m[1]), percent(m[1][1], row_total(m[1])),
                  (unsigned long long)row_total(m[2]), percent(m[2][2], row_total(m[2])),
                  100.0 * matrix_accuracy(m), (unsigned long long)cut_nodes(b),
                  100.0 * first_move_cut_share(b));
    out += line;
  }
  return out;
}

}  // namespace splitlab::search
