// The rows of `splitlab tt-study` and what is made of them: one row per search mode, table mode,
// replacement policy and table size, holding the nodes of the whole series of positions; the
// CSV line of a row; and the summary, each policy's nodes relative to the best policy at the
// same size (the measure of Breuker, Uiterwijk & van den Herik's replacement experiment).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashing/tt_options.h"

namespace splitlab::bench {

// Splitlab's search, or the plain one of the papers' test program (search_worker.h).
enum class StudySearch : uint8_t { Full, Plain };
// The table kept between the positions of a game's series, or cleared before each position.
enum class StudyTable : uint8_t { Kept, Cleared };

std::string_view study_search_name(StudySearch search);  // "full", "plain"
std::optional<StudySearch> parse_study_search(std::string_view name);
std::string_view study_table_name(StudyTable table);  // "kept", "cleared"
std::optional<StudyTable> parse_study_table(std::string_view name);

struct TtStudyRow {
  StudySearch search = StudySearch::Full;
  StudyTable table = StudyTable::Kept;
  hashing::TtReplacePolicy policy = hashing::TtReplacePolicy::Deep;
  int log2_entries = 0;
  int depth = 0;
  int positions = 0;
  uint64_t nodes = 0;  // Every node, interior and quiescence, over all positions.
  double seconds = 0;
  std::string host, cpu_model;  // Where it was measured (empty in rows from before ranks).
  // The build that measured it: its commit (bench/build_commit.h) and instruction-set level
  // (bench/cpu_features.h); empty in rows written before rows named them.
  std::string commit, isa;

  // Identifies the measurement: a resumed run skips the rows it already has.
  std::string key() const;
};

inline constexpr std::string_view kTtStudyCsvHeader =
    "search,table,policy,log2_entries,depth,positions,nodes,seconds,host,cpu_model,commit,isa";
// The headers of results files written before rows named their build, and before they named
// their machine: still read (a resume rewrites the file under the new header, the old rows with
// those fields empty).
inline constexpr std::string_view kTtStudyCsvHeaderWithoutBuild =
    "search,table,policy,log2_entries,depth,positions,nodes,seconds,host,cpu_model";
inline constexpr std::string_view kTtStudyCsvHeaderWithoutMachine =
    "search,table,policy,log2_entries,depth,positions,nodes,seconds";
std::string to_csv(const TtStudyRow& row);
// False on a line that is not a row (a torn last line of an interrupted run, say).
bool from_csv(std::string_view line, TtStudyRow& row);

// One policy at one size, against the policy with the fewest nodes at that size (same search
// and table mode): ratio = nodes / best nodes, so the best is 1.
struct RelativeNodes {
  TtStudyRow row;
  double ratio = 0;
};
// Every row of `rows`, with its ratio, grouped by search, table and size in the order of the
// rows. A group's best is its row with the fewest nodes; ties go to the earlier row.
std::vector<RelativeNodes> relative_to_best(const std::vector<TtStudyRow>& rows);

// The readable summary: for each search and table mode, a table of ratios (sizes down, policies
// across in the order given) with the best and worst policy at each size and the spread
// (worst / best); the mean ratio of each policy over the sizes; and, where both table modes
// were run, nodes with the table cleared over nodes with it kept. `header` opens it.
std::string tt_study_summary(const std::vector<TtStudyRow>& rows,
                             const std::vector<hashing::TtReplacePolicy>& policies,
                             const std::string& header);

}  // namespace splitlab::bench
