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

std::string tt_study_summary(const std::vector<TtStudyRow>& all_rows,
                             const std::vector<TtReplacePolicy>& policies,
                             const std::string& header) {
  std::vector<TtStudyRow> rows;
  for (const auto& r : all_rows)
    if (std::find(policies.begin(), policies.end(), r.policy) != policies.end()) rows.push_back(r);
  // (search, table, log2, policy) -> the row and its ratio.
  using Cell = std::tuple<StudySearch, StudyTable, int, TtReplacePolicy>;
  std::map<Cell, RelativeNodes> cells;
  std::map<std::pair<StudySearch, StudyTable>, int> panels;  // -> the depth searched.
  std::set<int> sizes;
  for (const auto& rel : relative_to_best(rows)) {
    const auto& r = rel.row;
    cells[{r.search, r.table, r.log2_entries, r.policy}] = rel;
    panels[{r.search, r.table}] = r.depth;
    sizes.insert(r.log2_entries);
  }

  std::string out = header;
  for (const auto& [panel, depth] : panels) {
    const auto [search, table] = panel;
    out += "\n== " + std::string(study_search_name(search)) + " search, depth " +
           std::to_string(depth) + ", table " +
           (table == StudyTable::Kept ? "kept between the positions of a game"
                                      : "cleared before each position") +
           " ==\nnodes relative to the best policy at each size (best = 1.000)\n";
    out += pad_right("log2", 6);
    for (auto p : policies) out += pad(std::string(hashing::tt_replace_policy_name(p)), kColumn);
    out += "  " + pad_right("best", kColumn) + pad_right("worst", kColumn) + pad("worst/best", 11) +
           pad("best nodes", 14) + "\n";
    std::map<TtReplacePolicy, std::pair<double, int>> sums;  // Sum of ratios, sizes.
    for (int log2 : sizes) {
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
      if (!best) continue;
      line += "  " +
              pad_right(std::string(hashing::tt_replace_policy_name(best->row.policy)), kColumn) +
              pad_right(std::string(hashing::tt_replace_policy_name(worst->row.policy)), kColumn) +
              pad(format("%.3f", worst->ratio / best->ratio), 11) +
              pad(std::to_string(best->row.nodes), 14);
      out += line + "\n";
    }
    std::string mean = pad_right("mean", 6);
    for (auto p : policies)
      mean += sums[p].second ? pad(format("%.3f", sums[p].first / sums[p].second), kColumn)
                             : pad("-", kColumn);
    out += mean + "\n";
  }

  // The effect of clearing: per search mode where both table modes ran.
  for (StudySearch search : {StudySearch::Full, StudySearch::Plain}) {
    if (!panels.count({search, StudyTable::Kept}) || !panels.count({search, StudyTable::Cleared}))
      continue;
    out += "\n== " + std::string(study_search_name(search)) +
           " search: nodes with the table cleared before each position / kept ==\n";
    out += pad_right("log2", 6);
    for (auto p : policies) out += pad(std::string(hashing::tt_replace_policy_name(p)), kColumn);
    out += "\n";
    for (int log2 : sizes) {
      std::string line = pad_right(std::to_string(log2), 6);
      for (auto p : policies) {
        auto kept = cells.find({search, StudyTable::Kept, log2, p});
        auto cleared = cells.find({search, StudyTable::Cleared, log2, p});
        if (kept == cells.end() || cleared == cells.end() || kept->second.row.nodes == 0) {
          line += pad("-", kColumn);
          continue;
        }
        line +=
            pad(format("%.3f", double(cleared->second.row.nodes) / double(kept->second.row.nodes)),
                kColumn);
      }
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace splitlab::bench
