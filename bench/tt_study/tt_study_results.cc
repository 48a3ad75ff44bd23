#include "bench/tt_study/tt_study_results.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace splitlab::bench {
namespace {

using hashing::TtReplacePolicy;

std::vector<std::string> split_csv(std::string_view line) {
  std::vector<std::string> fields;
  size_t start = 0;
  while (true) {
    const size_t comma = line.find(',', start);
    fields.emplace_back(line.substr(start, comma - start));
    if (comma == std::string_view::npos) return fields;
    start = comma + 1;
  }
}

// A machine's name as a field: no comma (the fields' separator) and no line break in it.
std::string csv_name(std::string text) {
  for (char& c : text)
    if (c == ',' || c == '\n' || c == '\r') c = ' ';
  return text;
}

// A whole field as a number, or false.
template <typename T>
bool parse_number(const std::string& text, T& value) {
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && stop == end;
}

std::string format(const char* pattern, double value) {
  char text[32];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string pad(const std::string& text, size_t width) {
  return text.size() >= width ? text + " " : std::string(width - text.size(), ' ') + text;
}

std::string pad_right(const std::string& text, size_t width) {
  return text.size() >= width ? text + " " : text + std::string(width - text.size(), ' ');
}

constexpr size_t kColumn = 10;  // "depth-age" and a space.

}  // namespace

std::string_view study_search_name(StudySearch search) {
  return search == StudySearch::Full ? "full" : "plain";
}

std::optional<StudySearch> parse_study_search(std::string_view name) {
  if (name == "full") return StudySearch::Full;
  if (name == "plain") return StudySearch::Plain;
  return std::nullopt;
}

std::string_view study_table_name(StudyTable table) {
  return table == StudyTable::Kept ? "kept" : "cleared";
}

std::optional<StudyTable> parse_study_table(std::string_view name) {
  if (name == "kept") return StudyTable::Kept;
  if (name == "cleared") return StudyTable::Cleared;
  return std::nullopt;
}

std::string TtStudyRow::key() const {
  return std::string(study_search_name(search)) + "|" + std::string(study_table_name(table)) + "|" +
         std::string(hashing::tt_replace_policy_name(policy)) + "|" + std::to_string(log2_entries);
}

std::string to_csv(const TtStudyRow& row) {
  std::ostringstream out;
  out.precision(6);
  out << study_search_name(row.search) << ',' << study_table_name(row.table) << ','
      << hashing::tt_replace_policy_name(row.policy) << ',' << row.log2_entries << ',' << row.depth
      << ',' << row.positions << ',' << row.nodes << ',' << std::fixed << row.seconds << ','
      << csv_name(row.host) << ',' << csv_name(row.cpu_model) << ',' << csv_name(row.commit)
      << ',' << csv_name(row.isa);
  return out.str();
}

bool from_csv(std::string_view line, TtStudyRow& row) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const auto f = split_csv(line);
  // 8: written before rows named a machine; 10: before they named their build.
  if (f.size() != 8 && f.size() != 10 && f.size() != 12) return false;
  const auto search = parse_study_search(f[0]);
  const auto table = parse_study_table(f[1]);
  const auto policy = hashing::parse_tt_replace_policy(f[2]);
  if (!search || !table || !policy) return false;
  TtStudyRow parsed;
  parsed.search = *search;
  parsed.table = *table;
  parsed.policy = *policy;
  if (!parse_number(f[3], parsed.log2_entries) || !parse_number(f[4], parsed.depth) ||
      !parse_number(f[5], parsed.positions) || !parse_number(f[6], parsed.nodes) ||
      !parse_number(f[7], parsed.seconds))
    return false;
  if (f.size() >= 10) {
    parsed.host = f[8];
    parsed.cpu_model = f[9];
  }
  if (f.size() == 12) {
    parsed.commit = f[10];
    parsed.isa = f[11];
  }
  row = parsed;
  return true;
}

std::vector<RelativeNodes> relative_to_best(const std::vector<TtStudyRow>& rows) {
  using Group = std::tuple<StudySearch, StudyTable, int>;
  std::map<Group, uint64_t> best;
  for (const auto& r : rows) {
    const Group g{r.search, r.table, r.log2_entries};
    auto it = best.find(g);
    if (it == best.end() || r.nodes < it->second) best[g] = r.nodes;
  }
  std::vector<RelativeNodes> out;
  out.reserve(rows.size());
  for (const auto& r : rows) {
    const uint64_t fewest = best[{r.search, r.table, r.log2_entries}];
    out.push_back({r, fewest > 0 ? double(r.nodes) / double(fewest) : 1.0});
  }
  return out;
}

namespace {

// (search, table, log2, policy) -> the row and its ratio.
using Cell = std::tuple<StudySearch, StudyTable, int, TtReplacePolicy>;
using Cells = std::map<Cell, RelativeNodes>;

// The rows of the policies asked for, arranged as the summary's tables read them.
struct SummaryCells {
  Cells cells;
  std::map<std::pair<StudySearch, StudyTable>, int> panels;  // -> the depth searched.
  std::set<int> sizes;
};

SummaryCells arrange_cells(const std::vector<TtStudyRow>& all_rows,
                           const std::vector<TtReplacePolicy>& policies) {
  std::vector<TtStudyRow> rows;
  for (const auto& r : all_rows)
    if (std::find(policies.begin(), policies.end(), r.policy) != policies.end()) rows.push_back(r);
  SummaryCells s;
  for (const auto& rel : relative_to_best(rows)) {
    const auto& r = rel.row;
    s.cells[{r.search, r.table, r.log2_entries, r.policy}] = rel;
    s.panels[{r.search, r.table}] = r.depth;
    s.sizes.insert(r.log2_entries);
  }
  return s;
}

// A table's first heads: the size's column, then one column per policy.
std::string policy_heads(const std::vector<TtReplacePolicy>& policies) {
  std::string heads = pad_right("log2", 6);
  for (auto p : policies) heads += pad(std::string(hashing::tt_replace_policy_name(p)), kColumn);
  return heads;
}

// Per policy: the sum of its ratios and the number of sizes summed, for the mean.
using RatioSums = std::map<TtReplacePolicy, std::pair<double, int>>;

// One size's line of a panel: each policy's ratio, then the best and worst policy, the spread
// and the best one's nodes. Empty where no policy ran at that size.
std::string panel_line(const Cells& cells, const std::vector<TtReplacePolicy>& policies,
                       StudySearch search, StudyTable table, int log2, RatioSums& sums) {
  std::string line = pad_right(std::to_string(log2), 6);
  const RelativeNodes* best = nullptr;
  const RelativeNodes* worst = nullptr;
  for (auto p : policies) {
    auto it = cells.find({search, table, log2, p});
    if (it == cells.end()) {
      line += pad("-", kColumn);
      continue;
    }
    const RelativeNodes& cell = it->second;
    line += pad(format("%.3f", cell.ratio), kColumn);
    sums[p].first += cell.ratio;
    ++sums[p].second;
    // Ties: the first policy listed is named best and the last worst.
    if (!best || cell.ratio < best->ratio) best = &cell;
    if (!worst || cell.ratio >= worst->ratio) worst = &cell;
  }
  if (!best) return "";
  line += "  " +
          pad_right(std::string(hashing::tt_replace_policy_name(best->row.policy)), kColumn) +
          pad_right(std::string(hashing::tt_replace_policy_name(worst->row.policy)), kColumn) +
          pad(format("%.3f", worst->ratio / best->ratio), 11) +
          pad(std::to_string(best->row.nodes), 14);
  return line + "\n";
}

// One search and table mode's table of ratios, sizes down, and each policy's mean below.
std::string panel_text(const SummaryCells& s, const std::vector<TtReplacePolicy>& policies,
                       StudySearch search, StudyTable table, int depth) {
  std::string out = "\n== " + std::string(study_search_name(search)) + " search, depth " +
                    std::to_string(depth) + ", table " +
                    (table == StudyTable::Kept ? "kept between the positions of a game"
                                               : "cleared before each position") +
                    " ==\nnodes relative to the best policy at each size (best = 1.000)\n";
  out += policy_heads(policies);
  out += "  " + pad_right("best", kColumn) + pad_right("worst", kColumn) + pad("worst/best", 11) +
         pad("best nodes", 14) + "\n";
  RatioSums sums;
  for (int log2 : s.sizes) out += panel_line(s.cells, policies, search, table, log2, sums);
  std::string mean = pad_right("mean", 6);
  for (auto p : policies)
    mean += sums[p].second ? pad(format("%.3f", sums[p].first / sums[p].second), kColumn)
                           : pad("-", kColumn);
  out += mean + "\n";
  return out;
}

// The effect of clearing on one search mode: nodes with the table cleared over nodes with it
// kept, per size and policy. Empty unless both table modes ran.
std::string clearing_text(const SummaryCells& s, const std::vector<TtReplacePolicy>& policies,
                          StudySearch search) {
  if (!s.panels.count({search, StudyTable::Kept}) ||
      !s.panels.count({search, StudyTable::Cleared}))
    return "";
  std::string out = "\n== " + std::string(study_search_name(search)) +
                    " search: nodes with the table cleared before each position / kept ==\n";
  out += policy_heads(policies);
  out += "\n";
  for (int log2 : s.sizes) {
    std::string line = pad_right(std::to_string(log2), 6);
    for (auto p : policies) {
      auto kept = s.cells.find({search, StudyTable::Kept, log2, p});
      auto cleared = s.cells.find({search, StudyTable::Cleared, log2, p});
      if (kept == s.cells.end() || cleared == s.cells.end() || kept->second.row.nodes == 0) {
        line += pad("-", kColumn);
        continue;
      }
      line +=
          pad(format("%.3f", double(cleared->second.row.nodes) / double(kept->second.row.nodes)),
              kColumn);
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string tt_study_summary(const std::vector<TtStudyRow>& all_rows,
                             const std::vector<TtReplacePolicy>& policies,
                             const std::string& header) {
  const SummaryCells s = arrange_cells(all_rows, policies);
  std::string out = header;
  for (const auto& [panel, depth] : s.panels)
    out += panel_text(s, policies, panel.first, panel.second, depth);
  for (StudySearch search : {StudySearch::Full, StudySearch::Plain})
    out += clearing_text(s, policies, search);
  return out;
}

}  // namespace splitlab::bench
