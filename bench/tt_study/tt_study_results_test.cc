// The rows of `splitlab tt-study`: CSV lines that round-trip and torn lines that are refused;
// nodes relative to the best policy at each size; the summary's tables.
#include "bench/tt_study/tt_study_results.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace splitlab::bench {
namespace {

using hashing::TtReplacePolicy;

TtStudyRow row(StudySearch search, StudyTable table, TtReplacePolicy policy, int log2,
               uint64_t nodes) {
  TtStudyRow r;
  r.search = search;
  r.table = table;
  r.policy = policy;
  r.log2_entries = log2;
  r.depth = 8;
  r.positions = 10;
  r.nodes = nodes;
  r.seconds = 0.25;
  return r;
}

constexpr auto kFull = StudySearch::Full;
constexpr auto kPlain = StudySearch::Plain;
constexpr auto kKept = StudyTable::Kept;
constexpr auto kCleared = StudyTable::Cleared;

TEST(TtStudyResultsTest, NamesParseBack) {
  for (auto s : {kFull, kPlain}) EXPECT_EQ(parse_study_search(study_search_name(s)), s);
  for (auto t : {kKept, kCleared}) EXPECT_EQ(parse_study_table(study_table_name(t)), t);
  EXPECT_FALSE(parse_study_search("both"));
  EXPECT_FALSE(parse_study_table("Kept"));
}

TEST(TtStudyResultsTest, CsvRowsRoundTripAndBadLinesAreRefused) {
  const TtStudyRow a = row(kPlain, kCleared, TtReplacePolicy::DepthAge, 22, 123456789012ull);
  const std::string line = to_csv(a);
  EXPECT_EQ(line, "plain,cleared,depth-age,22,8,10,123456789012,0.250000,,,,");
  TtStudyRow b;
  ASSERT_TRUE(from_csv(line, b));
  EXPECT_EQ(to_csv(b), line);
  // A row names the machine it was measured on (a study over MPI ranks has several); a comma
  // in a name cannot split the row.
  TtStudyRow on_host = a;
  on_host.host = "node07";
  on_host.cpu_model = "AMD EPYC 7763 64-Core Processor, rev 1";
  ASSERT_TRUE(from_csv(to_csv(on_host), b));
  EXPECT_EQ(b.host, "node07");
  EXPECT_EQ(b.cpu_model, "AMD EPYC 7763 64-Core Processor  rev 1");
  // And the build that measured it: its commit and instruction-set level.
  TtStudyRow built = on_host;
  built.commit = "0123456789abcdef0123456789abcdef01234567+dirty";
  built.isa = "x86-64-v3";
  ASSERT_TRUE(from_csv(to_csv(built), b));
  EXPECT_EQ(b.commit, built.commit);
  EXPECT_EQ(b.isa, "x86-64-v3");
  // Rows written before rows named their build still read, with none.
  ASSERT_TRUE(from_csv(to_csv(on_host).substr(0, to_csv(on_host).size() - 2), b));
  EXPECT_EQ(b.host, "node07");
  EXPECT_EQ(b.commit, "");
  // Rows written before rows named a machine still read, with none.
  ASSERT_TRUE(from_csv("plain,cleared,depth-age,22,8,10,123456789012,0.250000", b));
  EXPECT_EQ(b.nodes, 123456789012ull);
  EXPECT_EQ(b.host, "");
  EXPECT_EQ(b.key(), a.key());
  EXPECT_EQ(a.key(), "plain|cleared|depth-age|22");
  ASSERT_TRUE(from_csv(line + "\r", b));  // CRLF files.
  for (const char* bad : {"plain,cleared,depth-age,22,8,10,123", "plain,cleared,depth-a",
                          "plain,cleared,deeper,22,8,10,1,0.5", "both,kept,deep,8,8,10,1,0.5",
                          "full,kept,deep,8,8,10,-5,0.5", "full,kept,deep,8x,8,10,5,0.5",
                          "full,kept,deep,8,8,10,5,0.5,extra",
                          "full,kept,deep,8,10,5,0.5",  // Written before depth was a column.
                          ""})
    EXPECT_FALSE(from_csv(bad, b)) << bad;
}

TEST(TtStudyResultsTest, RelativeToTheFewestNodesAtTheSameSizeAndModes) {
  const std::vector<TtStudyRow> rows = {
      row(kFull, kKept, TtReplacePolicy::Deep, 8, 1000),
      row(kFull, kKept, TtReplacePolicy::New, 8, 1250),
      row(kFull, kKept, TtReplacePolicy::Bucket, 8, 800),
      row(kFull, kKept, TtReplacePolicy::Deep, 9, 500),
      row(kFull, kKept, TtReplacePolicy::New, 9, 500),
      // Other modes are other groups, whatever their counts.
      row(kFull, kCleared, TtReplacePolicy::Deep, 8, 2000),
      row(kPlain, kKept, TtReplacePolicy::Deep, 8, 4000),
      row(kPlain, kKept, TtReplacePolicy::New, 8, 3000),
  };
  const auto relative = relative_to_best(rows);
  ASSERT_EQ(relative.size(), rows.size());
  const double expected[] = {1.25, 1.5625, 1.0, 1.0, 1.0, 1.0, 4.0 / 3.0, 1.0};
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(relative[i].row.key(), rows[i].key());
    EXPECT_DOUBLE_EQ(relative[i].ratio, expected[i]) << rows[i].key();
  }
}

// The line of `text` after the line containing `heading` that starts with `first_word`.
std::vector<std::string> line_after(const std::string& text, const std::string& heading,
                                    const std::string& first_word) {
  std::istringstream in(text);
  std::string line;
  bool in_section = false;
  while (std::getline(in, line)) {
    if (line.find(heading) != std::string::npos) in_section = true;
    if (!in_section) continue;
    std::istringstream words(line);
    std::vector<std::string> fields;
    for (std::string w; words >> w;) fields.push_back(w);
    if (!fields.empty() && fields[0] == first_word) return fields;
  }
  return {};
}

TEST(TtStudyResultsTest, SummaryNamesBestAndWorstAtEachSize) {
  const std::vector<TtStudyRow> rows = {
      row(kFull, kKept, TtReplacePolicy::Deep, 8, 1000),
      row(kFull, kKept, TtReplacePolicy::New, 8, 1250),
      row(kFull, kKept, TtReplacePolicy::Bucket, 8, 800),
      row(kFull, kKept, TtReplacePolicy::Deep, 9, 500),
      row(kFull, kKept, TtReplacePolicy::New, 9, 500),
      row(kFull, kCleared, TtReplacePolicy::Deep, 8, 2000),
      row(kFull, kCleared, TtReplacePolicy::New, 8, 2000),
      row(kFull, kCleared, TtReplacePolicy::Bucket, 8, 1000),
      // Not in the policy list below: left out, and no part of any best.
      row(kFull, kKept, TtReplacePolicy::Old, 8, 10),
  };
  const std::string text = tt_study_summary(
      rows, {TtReplacePolicy::Deep, TtReplacePolicy::New, TtReplacePolicy::Bucket}, "HEADER\n");
  EXPECT_EQ(text.rfind("HEADER\n", 0), 0u);
  EXPECT_EQ(text.find(" old"), std::string::npos) << text;
  EXPECT_EQ(text.find("plain search"), std::string::npos) << text;  // No plain rows.
  const std::string kept = "full search, depth 8, table kept";
  // log2 deep new bucket best worst worst/best best-nodes
  EXPECT_EQ(
      line_after(text, kept, "8"),
      (std::vector<std::string>{"8", "1.250", "1.562", "1.000", "bucket", "new", "1.562", "800"}))
      << text;
  // A tie: the first listed is best, the last worst; a policy not measured shows "-".
  EXPECT_EQ(line_after(text, kept, "9"),
            (std::vector<std::string>{"9", "1.000", "1.000", "-", "deep", "new", "1.000", "500"}))
      << text;
  EXPECT_EQ(line_after(text, kept, "mean"),
            (std::vector<std::string>{"mean", "1.125", "1.281", "1.000"}))
      << text;
  EXPECT_EQ(
      line_after(text, "full search, depth 8, table cleared", "8"),
      (std::vector<std::string>{"8", "2.000", "2.000", "1.000", "bucket", "new", "2.000", "1000"}))
      << text;
  // Cleared over kept, per policy and size.
  const std::string effect = "full search: nodes with the table cleared";
  EXPECT_EQ(line_after(text, effect, "8"),
            (std::vector<std::string>{"8", "2.000", "1.600", "1.250"}))
      << text;
  EXPECT_EQ(line_after(text, effect, "9"), (std::vector<std::string>{"9", "-", "-", "-"})) << text;
}

}  // namespace
}  // namespace splitlab::bench
