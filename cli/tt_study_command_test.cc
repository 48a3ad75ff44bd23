// The flags of `splitlab tt-study`: defaults, and every kind of bad input refused with a
// message that names it (the command then exits with status 2; cli/tt_study_cli_test.sh).
#include "cli/tt_study_command.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace splitlab::cli {
namespace {

using hashing::TtReplacePolicy;

// A PGN file in the test's temporary folder.
std::string write_pgn(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// Two games long enough for the defaults (move 12 on, 30 positions), one that is not.
std::string good_games() {
  std::string moves;
  // Knights out and back: 50 full moves, 100 plies.
  for (int m = 1; m <= 50; ++m) moves += std::to_string(m) + (m % 2 ? ". Nf3 Nf6 " : ". Ng1 Ng8 ");
  const std::string game = "[Event \"t\"]\n[Result \"*\"]\n\n" + moves + "*\n\n";
  return write_pgn("good.pgn", game + game + "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
}

bool parse(std::vector<std::string> args, bench::TtStudyConfig& config, std::string& error,
           bool with_games = true) {
  if (with_games) args.insert(args.begin(), {"--games", good_games()});
  return parse_tt_study_args(args, config, error);
}

TEST(TtStudyFlagsTest, Defaults) {
  bench::TtStudyConfig config;
  std::string error;
  ASSERT_TRUE(parse({}, config, error)) << error;
  EXPECT_EQ(config.selection.first_move, 12);
  EXPECT_EQ(config.selection.positions_per_game, 30);
  EXPECT_EQ(config.selection.max_games, 10);
  EXPECT_EQ(config.series.size(), 2u);  // Of the three games, two are long enough.
  EXPECT_EQ(config.min_log2, 8);
  EXPECT_EQ(config.max_log2, 22);
  EXPECT_EQ(config.policies.size(), hashing::kAllTtReplacePolicies.size());
  EXPECT_EQ(config.searches,
            (std::vector<bench::StudySearch>{bench::StudySearch::Full, bench::StudySearch::Plain}));
  EXPECT_EQ(config.tables,
            (std::vector<bench::StudyTable>{bench::StudyTable::Kept, bench::StudyTable::Cleared}));
  EXPECT_EQ(config.scheme, hashing::TtEntryScheme::Xor);
  EXPECT_EQ(config.out_dir, "results/tt-study");
  EXPECT_EQ(config.depth, 7);
  EXPECT_EQ(config.plain_depth, 5);
}

TEST(TtStudyFlagsTest, ListsAndValuesAreRead) {
  bench::TtStudyConfig config;
  std::string error;
  ASSERT_TRUE(parse({"--policies",
                     "twobig1,deep",
                     "--search",
                     "plain",
                     "--tables",
                     "cleared",
                     "--depth",
                     "5",
                     "--min-log2",
                     "10",
                     "--max-log2",
                     "10",
                     "--first-move",
                     "3",
                     "--positions-per-game",
                     "4",
                     "--max-games",
                     "1",
                     "--tt-entry",
                     "bracket",
                     "--out",
                     "/tmp/x"},
                    config, error))
      << error;
  EXPECT_EQ(config.policies,
            (std::vector<TtReplacePolicy>{TtReplacePolicy::TwoBig1, TtReplacePolicy::Deep}));
  EXPECT_EQ(config.searches, std::vector<bench::StudySearch>{bench::StudySearch::Plain});
  EXPECT_EQ(config.tables, std::vector<bench::StudyTable>{bench::StudyTable::Cleared});
  EXPECT_EQ(config.depth, 5);
  EXPECT_EQ(config.plain_depth, 5);  // A depth given is for both searches ...
  EXPECT_EQ(config.min_log2, 10);
  EXPECT_EQ(config.max_log2, 10);
  ASSERT_EQ(config.series.size(), 1u);
  EXPECT_EQ(config.series[0].positions.size(), 4u);
  EXPECT_EQ(config.scheme, hashing::TtEntryScheme::Bracket);
  EXPECT_EQ(config.out_dir, "/tmp/x");
  ASSERT_TRUE(parse({"--depth", "9", "--plain-depth", "4"}, config, error)) << error;
  EXPECT_EQ(config.depth, 9);  // ... unless the plain search has its own.
  EXPECT_EQ(config.plain_depth, 4);
  ASSERT_TRUE(parse({"--plain-depth", "6"}, config, error)) << error;
  EXPECT_EQ(config.depth, 7);
  EXPECT_EQ(config.plain_depth, 6);
  ASSERT_TRUE(parse({"--search", "full"}, config, error)) << error;
  EXPECT_EQ(config.searches, std::vector<bench::StudySearch>{bench::StudySearch::Full});
}

struct BadCase {
  std::vector<std::string> args;
  const char* message;  // Must appear in the error.
};

TEST(TtStudyFlagsTest, BadInputIsNamed) {
  const BadCase cases[] = {
      {{"--dept", "3"}, "unknown flag '--dept'"},
      {{"--depth"}, "flag '--depth' needs a value"},
      {{"extra"}, "unexpected argument 'extra'"},
      {{"--policies", "deep,shallow"}, "unknown name 'shallow' in --policies (deep, new, old"},
      {{"--policies", "deep,,new"}, "unknown name '' in --policies"},
      {{"--policies", "deep,new,deep"}, "'deep' is listed twice in --policies"},
      {{"--policies", ""}, "--policies is empty"},
      {{"--depth", "0"}, "bad value '0' for --depth"},
      {{"--depth", "41"}, "bad value '41' for --depth"},
      {{"--depth", "7x"}, "bad value '7x' for --depth"},
      {{"--plain-depth", "0"}, "bad value '0' for --plain-depth"},
      {{"--min-log2", "1"}, "bad value '1' for --min-log2"},
      {{"--max-log2", "31"}, "bad value '31' for --max-log2"},
      {{"--min-log2", "12", "--max-log2", "10"}, "--min-log2 12 is above --max-log2 10"},
      {{"--first-move", "0"}, "bad value '0' for --first-move"},
      {{"--positions-per-game", "-3"}, "bad value '-3' for --positions-per-game"},
      {{"--max-games", "0"}, "bad value '0' for --max-games"},
      {{"--search", "fast"}, "unknown name 'fast' in --search (full, plain, both)"},
      {{"--tables", "kept,forgotten"}, "unknown name 'forgotten' in --tables (kept, cleared)"},
      {{"--tt-entry", "crc"}, "unknown entry scheme 'crc' in --tt-entry"},
      {{"--first-move", "100"}, "has 30 positions from move 100 on"},
  };
  for (const auto& c : cases) {
    bench::TtStudyConfig config;
    std::string error;
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    EXPECT_FALSE(parse(c.args, config, error)) << joined;
    EXPECT_NE(error.find(c.message), std::string::npos) << joined << ": " << error;
  }
}

TEST(TtStudyFlagsTest, MissingAndBrokenGameFilesAreNamed) {
  bench::TtStudyConfig config;
  std::string error;
  const std::string missing = testing::TempDir() + "/no_such_games.pgn";
  EXPECT_FALSE(parse({"--games", missing}, config, error, false));
  EXPECT_NE(error.find("--games " + missing + ": no such file"), std::string::npos) << error;

  // There is no default file: without --games the study refuses to start, and says so.
  EXPECT_FALSE(parse({}, config, error, false));
  EXPECT_NE(error.find("--games FILE.pgn is required"), std::string::npos) << error;

  const std::string broken = write_pgn(
      "broken.pgn", "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n");
  EXPECT_FALSE(parse({"--games", broken}, config, error, false));
  EXPECT_NE(error.find(broken), std::string::npos) << error;
  EXPECT_NE(error.find("game 2"), std::string::npos) << error;
  EXPECT_NE(error.find("Ke3"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::cli
