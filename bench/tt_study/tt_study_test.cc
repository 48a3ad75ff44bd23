// The run of `splitlab tt-study` on a tiny grid: every row measured once and written as it
// goes; a rerun skips the rows present (and drops a line torn by an interruption) and gives the
// same numbers; a folder of another configuration, or without its config.txt, is refused.
#include "bench/tt_study/tt_study.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/protocol/pgn.h"

namespace splitlab::bench {
namespace {

namespace fs = std::filesystem;
using hashing::TtReplacePolicy;

constexpr char kGames[] = R"([Event "t"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *

[Event "t"]
[SetUp "1"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]
[Result "*"]

3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2 Bxd2+ 8. Nbxd2 d5 *
)";

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The header and rows of a results file, without its metadata comments.
std::vector<std::string> data_lines(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& line : lines(text))
    if (line.empty() || line[0] != '#') out.push_back(line);
  return out;
}

// Two games, two positions each, depth 3 (plain search 2), tables of 16 and 32 entries: 16 small
// rows.
TtStudyConfig tiny_config(const std::string& name) {
  TtStudyConfig config;
  std::vector<protocol::PgnLine> games;
  std::string error;
  EXPECT_TRUE(protocol::read_pgn(kGames, games, error)) << error;
  config.games_path = "inline";
  config.selection = {5, 2, 10};
  EXPECT_TRUE(select_series(games, config.selection, config.series, error)) << error;
  config.depth = 3;
  config.plain_depth = 2;
  config.min_log2 = 4;
  config.max_log2 = 5;
  config.policies = {TtReplacePolicy::Deep, TtReplacePolicy::Bucket};
  config.searches = {StudySearch::Full, StudySearch::Plain};
  config.tables = {StudyTable::Kept, StudyTable::Cleared};
  config.out_dir = testing::TempDir() + "/tt_study_" + name;
  fs::remove_all(config.out_dir);
  config.command_line = {"splitlab", "tt-study", "--test"};
  return config;
}

std::vector<uint64_t> nodes_of(const TtStudyOutcome& outcome) {
  std::vector<uint64_t> nodes;
  for (const auto& r : outcome.rows) nodes.push_back(r.nodes);
  return nodes;
}

TEST(TtStudyTest, MeasuresEveryRowOnceAndWritesItsFiles) {
  const TtStudyConfig config = tiny_config("fresh");
  TtStudyOutcome outcome;
  std::string error;
  ASSERT_EQ(run_tt_study(config, outcome, error), 0) << error;
  EXPECT_EQ(outcome.rows_measured, 16);
  EXPECT_EQ(outcome.rows_resumed, 0);
  ASSERT_EQ(outcome.rows.size(), 16u);
  for (const auto& r : outcome.rows) {
    EXPECT_EQ(r.positions, 4);
    EXPECT_EQ(r.depth, r.search == StudySearch::Full ? 3 : 2);
    EXPECT_GT(r.nodes, 0u);
  }
  // Grid order: search, table, size, policy.
  EXPECT_EQ(outcome.rows[0].key(), "full|kept|deep|4");
  EXPECT_EQ(outcome.rows[1].key(), "full|kept|bucket|4");
  EXPECT_EQ(outcome.rows[2].key(), "full|kept|deep|5");
  EXPECT_EQ(outcome.rows[15].key(), "plain|cleared|bucket|5");
  // Opened by the run's metadata (bench/resumable_csv.h, as scale's and simulate's files).
  const auto all = lines(read(config.out_dir + "/results.csv"));
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all[0], "# command: splitlab tt-study --test");
  EXPECT_TRUE(std::any_of(all.begin(), all.end(),
                          [](const std::string& l) { return l.rfind("# commit: ", 0) == 0; }));
  const auto csv = data_lines(read(config.out_dir + "/results.csv"));
  ASSERT_EQ(csv.size(), 17u);
  EXPECT_EQ(csv[0], kTtStudyCsvHeader);
  for (size_t i = 0; i < outcome.rows.size(); ++i) EXPECT_EQ(csv[i + 1], to_csv(outcome.rows[i]));
  EXPECT_EQ(read(config.out_dir + "/summary.txt"), outcome.summary);
  EXPECT_NE(outcome.summary.find("== plain search, depth 2, table cleared"), std::string::npos);
  EXPECT_NE(outcome.summary.find("== full search, depth 3, table kept"), std::string::npos);
  const std::string json = read(config.out_dir + "/run.json");
  for (const char* field :
       {"\"command\": \"splitlab tt-study --test\"", "\"command_line\"", "\"--test\"", "\"commit\"",
        "\"cpu_model\"", "\"cores\"", "\"compilation_mode\"", "\"started\"", "\"seed\": null",
        "\"positions_fingerprint\"", "\"complete\": true"})
    EXPECT_NE(json.find(field), std::string::npos) << field << " in " << json;
  EXPECT_EQ(outcome.summary.rfind("# command: splitlab tt-study --test\n", 0), 0u)
      << outcome.summary;
  const std::string config_text = read(config.out_dir + "/config.txt");
  EXPECT_NE(config_text.find("\ndepth=3\n"), std::string::npos) << config_text;
  EXPECT_NE(config_text.find("\nplain_depth=2\n"), std::string::npos) << config_text;
}

TEST(TtStudyTest, ARerunSkipsTheRowsPresentAndGivesTheSameNumbers) {
  const TtStudyConfig config = tiny_config("resume");
  TtStudyOutcome first, second, third;
  std::string error;
  ASSERT_EQ(run_tt_study(config, first, error), 0) << error;
  const std::string csv_path = config.out_dir + "/results.csv";
  const std::string complete_csv = read(csv_path);

  ASSERT_EQ(run_tt_study(config, second, error), 0) << error;
  EXPECT_EQ(second.rows_measured, 0);
  EXPECT_EQ(second.rows_resumed, 16);
  EXPECT_EQ(nodes_of(second), nodes_of(first));
  EXPECT_EQ(read(csv_path), complete_csv);

  // An interrupted run: three rows missing and the last line torn half-way.
  auto csv = lines(complete_csv);
  csv.resize(csv.size() - 3);
  {
    std::ofstream out(csv_path, std::ios::trunc);
    for (const auto& line : csv) out << line << '\n';
    out << "plain,cleared,de";  // No newline: the row being written when the run stopped.
  }
  ASSERT_EQ(run_tt_study(config, third, error), 0) << error;
  EXPECT_EQ(third.rows_measured, 3);
  EXPECT_EQ(third.rows_resumed, 13);
  EXPECT_EQ(nodes_of(third), nodes_of(first));  // Deterministic: measured again, the same.
  // The lines kept as they were, the torn line gone, then the resuming run's metadata and the
  // missing rows.
  const auto resumed = lines(read(csv_path));
  ASSERT_GT(resumed.size(), csv.size() + 3);
  for (size_t i = 0; i < csv.size(); ++i) EXPECT_EQ(resumed[i], csv[i]);
  EXPECT_EQ(resumed[csv.size()], "# command: splitlab tt-study --test");
  const auto rows = data_lines(read(csv_path));
  ASSERT_EQ(rows.size(), 17u);
  for (size_t i = 0; i < third.rows.size(); ++i) EXPECT_EQ(rows[i + 1], to_csv(third.rows[i]));
}

// A results file of an older build (before rows named their machine and build) is resumed:
// rewritten under today's header, its row kept with those fields empty and not measured again.
TEST(TtStudyTest, AnOlderBuildsResultsAreUpgradedAndResumed) {
  const TtStudyConfig config = tiny_config("older");
  fs::create_directories(config.out_dir);
  std::ofstream(config.out_dir + "/config.txt") << tt_study_config_text(config, "abc");
  std::ofstream(config.out_dir + "/results.csv")
      << kTtStudyCsvHeaderWithoutMachine << "\nfull,kept,deep,4,3,4,9,0.1\n";
  TtStudyOutcome outcome;
  std::string error;
  ASSERT_EQ(run_tt_study(config, outcome, error), 0) << error;
  EXPECT_EQ(outcome.rows_resumed, 1);
  EXPECT_EQ(outcome.rows_measured, 15);
  const auto rows = data_lines(read(config.out_dir + "/results.csv"));
  ASSERT_EQ(rows.size(), 17u);
  EXPECT_EQ(rows[0], kTtStudyCsvHeader);
  TtStudyRow old;
  ASSERT_TRUE(from_csv(rows[1], old)) << rows[1];
  EXPECT_EQ(old.key(), "full|kept|deep|4");
  EXPECT_EQ(old.nodes, 9u);
  EXPECT_EQ(rows[1], to_csv(old));
}

TEST(TtStudyTest, AWiderGridMeasuresOnlyTheNewRows) {
  TtStudyConfig config = tiny_config("wider");
  config.searches = {StudySearch::Full};
  config.policies = {TtReplacePolicy::Deep};
  TtStudyOutcome first, second;
  std::string error;
  ASSERT_EQ(run_tt_study(config, first, error), 0) << error;
  EXPECT_EQ(first.rows_measured, 4);
  config.policies = {TtReplacePolicy::Deep, TtReplacePolicy::New};
  ASSERT_EQ(run_tt_study(config, second, error), 0) << error;
  EXPECT_EQ(second.rows_measured, 4);
  EXPECT_EQ(second.rows_resumed, 4);
  EXPECT_EQ(second.rows.size(), 8u);
}

TEST(TtStudyTest, AFolderOfAnotherConfigurationIsRefusedAndLeftAlone) {
  const TtStudyConfig config = tiny_config("mismatch");
  TtStudyOutcome outcome;
  std::string error;
  ASSERT_EQ(run_tt_study(config, outcome, error), 0) << error;
  const std::string csv = read(config.out_dir + "/results.csv");

  TtStudyConfig deeper = config;
  deeper.depth = 4;
  EXPECT_EQ(run_tt_study(deeper, outcome, error), 2);
  EXPECT_NE(error.find("another configuration"), std::string::npos) << error;
  EXPECT_NE(error.find("depth 3 there, 4 here"), std::string::npos) << error;

  TtStudyConfig shallower_plain = config;
  shallower_plain.plain_depth = 1;
  EXPECT_EQ(run_tt_study(shallower_plain, outcome, error), 2);
  EXPECT_NE(error.find("plain_depth 2 there, 1 here"), std::string::npos) << error;

  TtStudyConfig other_positions = config;
  other_positions.series.pop_back();
  EXPECT_EQ(run_tt_study(other_positions, outcome, error), 2);
  EXPECT_NE(error.find("positions_fingerprint"), std::string::npos) << error;

  TtStudyConfig other_scheme = config;
  other_scheme.scheme = hashing::TtEntryScheme::Bracket;
  EXPECT_EQ(run_tt_study(other_scheme, outcome, error), 2);
  EXPECT_NE(error.find("tt_entry xor there, bracket here"), std::string::npos) << error;

  // Only where the games came from differs: the same measurements.
  TtStudyConfig renamed = config;
  renamed.games_path = "elsewhere/games.pgn";
  EXPECT_EQ(run_tt_study(renamed, outcome, error), 0) << error;
  EXPECT_EQ(outcome.rows_measured, 0);
  EXPECT_EQ(read(config.out_dir + "/results.csv"), csv);
}

TEST(TtStudyTest, ResultsWithoutTheirConfigurationOrOfAnotherKindAreRefused) {
  const TtStudyConfig config = tiny_config("unknown");
  fs::create_directories(config.out_dir);
  std::ofstream(config.out_dir + "/results.csv")
      << kTtStudyCsvHeader << "\nfull,kept,deep,4,3,4,9,0.1\n";
  TtStudyOutcome outcome;
  std::string error;
  EXPECT_EQ(run_tt_study(config, outcome, error), 2);
  EXPECT_NE(error.find("config.txt"), std::string::npos) << error;

  const TtStudyConfig other = tiny_config("other_kind");
  fs::create_directories(other.out_dir);
  std::ofstream(other.out_dir + "/config.txt") << tt_study_config_text(other, "abc");
  std::ofstream(other.out_dir + "/results.csv") << "engine,strategy,threads\n";
  EXPECT_EQ(run_tt_study(other, outcome, error), 2);
  EXPECT_NE(error.find("not a tt-study results file"), std::string::npos) << error;
}

TEST(TtStudyTest, ARowIsDeterministicAndATableTooSmallIsAnError) {
  const TtStudyConfig config = tiny_config("row");
  for (auto search : {StudySearch::Full, StudySearch::Plain}) {
    TtStudyRow a, b;
    a.search = b.search = search;
    a.table = b.table = StudyTable::Kept;
    a.policy = b.policy = TtReplacePolicy::TwoDeep;
    a.log2_entries = b.log2_entries = 6;
    std::string error;
    int calls = 0;
    ASSERT_TRUE(measure_tt_study_row(
        config.series, 3, config.scheme, a, [&](int done) { EXPECT_EQ(done, ++calls); }, error));
    ASSERT_TRUE(measure_tt_study_row(config.series, 3, config.scheme, b, nullptr, error));
    EXPECT_EQ(calls, 4);
    EXPECT_EQ(a.positions, 4);
    EXPECT_EQ(a.depth, 3);
    EXPECT_EQ(a.nodes, b.nodes);
  }
  TtStudyRow bad;
  bad.log2_entries = 1;
  std::string error;
  EXPECT_FALSE(measure_tt_study_row(config.series, 2, config.scheme, bad, nullptr, error));
  EXPECT_NE(error.find("2^1"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::bench
