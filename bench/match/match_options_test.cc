#include "bench/match/match_options.h"

#include <gtest/gtest.h>

#include "engine/games/games.h"

namespace splitlab::bench::match {
namespace {

bool parse(const std::vector<std::string>& args, MatchConfig& config, std::string& error) {
  return parse_match_args(args, config, error);
}

TEST(MatchOptionsTest, EnginesWithEachAndOwnWords) {
  MatchConfig c;
  std::string error;
  ASSERT_TRUE(parse({"--engine",
                     "name=A",
                     "cmd=/bin/a",
                     "option.Threads=2",
                     "tc=1+0.1",
                     "-engine",
                     "cmd=/usr/bin/b",
                     "arg=--x",
                     "--each",
                     "tc=10+0.1",
                     "option.Hash=16",
                     "timemargin=20",
                     "--rounds",
                     "5",
                     "--games",
                     "2",
                     "--repeat",
                     "--concurrency",
                     "2",
                     "--tournament",
                     "gauntlet"},
                    c, error))
      << error;
  ASSERT_EQ(c.engines.size(), 2u);
  EXPECT_EQ(c.engines[0].name, "A");
  EXPECT_EQ(c.engines[0].time_control.base_ms, 1000);  // Its own tc wins over --each.
  EXPECT_EQ(c.engines[0].time_control.margin_ms, 20);
  EXPECT_EQ(c.engines[0].option("Threads"), "2");
  EXPECT_EQ(c.engines[0].option("Hash"), "16");
  EXPECT_EQ(c.engines[1].name, "b");  // From the command.
  EXPECT_EQ(c.engines[1].time_control.base_ms, 10000);
  EXPECT_EQ(c.engines[1].command_line(), (std::vector<std::string>{"/usr/bin/b", "--x"}));
  EXPECT_EQ(c.rounds, 5);
  EXPECT_EQ(c.games_per_encounter, 2);
  EXPECT_TRUE(c.repeat);
  EXPECT_EQ(c.concurrency, 2);
  EXPECT_EQ(c.tournament, TournamentKind::kGauntlet);
}

TEST(MatchOptionsTest, OptionNamesMatchInAnyCase) {
  MatchConfig c;
  std::string error;
  // UCCI engines say "threads"; --each's spelling is replaced by the engine's own, once.
  ASSERT_TRUE(parse({"--engine", "cmd=x", "proto=ucci", "option.threads=4", "--engine", "cmd=y",
                     "option.Hash=8", "--each", "depth=3", "option.HASH=16", "--variant", "xiangqi"},
                    c, error))
      << error;
  EXPECT_EQ(c.engines[0].option("Threads"), "4");
  EXPECT_EQ(c.engines[0].option("THREADS"), "4");
  EXPECT_EQ(c.engines[0].option("Hash"), "16");
  EXPECT_EQ(c.engines[1].option("hash"), "8");
  ASSERT_EQ(c.engines[1].options.size(), 1u);
  EXPECT_EQ(c.engines[1].options[0].first, "Hash");
  EXPECT_EQ(c.engines[1].option("Threads"), "");
}

TEST(MatchOptionsTest, ChaseRuleIsOnUnlessTurnedOffForXiangqi) {
  MatchConfig c;
  std::string error;
  const std::vector<std::string> engines = {"--engine", "cmd=x", "--engine", "cmd=y", "--each",
                                            "depth=2"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = engines;
    args.insert(args.end(), extra.begin(), extra.end());
    return parse(args, c, error);
  };
  ASSERT_TRUE(with({"--variant", "xiangqi"})) << error;
  EXPECT_TRUE(c.chase_rule);
  ASSERT_TRUE(with({"--variant", "xiangqi", "--chase-rule", "off"})) << error;
  EXPECT_FALSE(c.chase_rule);
  ASSERT_TRUE(with({"--chase-rule", "on", "--variant", "xiangqi"})) << error;
  EXPECT_TRUE(c.chase_rule);
  EXPECT_FALSE(with({"--variant", "xiangqi", "--chase-rule", "no"}));
  EXPECT_NE(error.find("'no' for --chase-rule"), std::string::npos) << error;
  EXPECT_FALSE(with({"--chase-rule", "off"}));
  EXPECT_NE(error.find("xiangqi only"), std::string::npos) << error;
}

// A resumed match may run more games at once, print the score more or less often, and have
// more rounds (the runner refuses fewer than it has played); anything else must match.
TEST(MatchOptionsTest, ResumeSignatureIgnoresConcurrencyRatingIntervalAndRounds) {
  MatchConfig a, b;
  std::string error;
  ASSERT_TRUE(parse({"--engine", "cmd=x", "st=1", "--engine", "cmd=y", "st=1", "--concurrency", "1",
                     "--rounds", "2"},
                    a, error));
  ASSERT_TRUE(parse({"-engine", "cmd=x", "st=1", "--engine", "cmd=y", "st=1", "--rounds", "2",
                     "--concurrency", "4", "--ratinginterval", "3"},
                    b, error));
  EXPECT_EQ(a.resume_signature(), b.resume_signature());
  MatchConfig c;
  ASSERT_TRUE(
      parse({"--engine", "cmd=x", "st=1", "--engine", "cmd=y", "st=1", "--rounds", "3"}, c, error));
  EXPECT_EQ(a.resume_signature(), c.resume_signature());
  MatchConfig d;
  ASSERT_TRUE(parse({"--engine", "cmd=x", "st=1", "--engine", "cmd=y", "st=1", "--rounds", "2",
                     "--maxmoves", "30"},
                    d, error));
  EXPECT_NE(a.resume_signature(), d.resume_signature());
}

// Each bad command line and a word its error must name.
TEST(MatchOptionsTest, BadInputNamesTheProblem) {
  const std::vector<std::string> two = {"--engine", "cmd=a", "st=1", "--engine", "cmd=b", "st=1"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = two;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {with({"--bogus", "1"}), "--bogus"},
      {{"--engine", "name=A", "st=1", "--engine", "cmd=b", "st=1"}, "no cmd="},
      {{"--engine", "cmd=a", "tc=10+x", "--engine", "cmd=b", "st=1"}, "tc=10+x"},
      {{"--engine", "cmd=a", "--engine", "cmd=b", "st=1"}, "no time control"},
      {{"--engine", "cmd=a", "st=1", "proto=ucci", "--engine", "cmd=b", "st=1"}, "st="},
      {{"--engine", "cmd=a", "depth=1", "proto=ucci", "--engine", "cmd=b", "st=1"}, "xiangqi"},
      {{"--engine", "cmd=a", "depth=1", "proto=xboard", "--engine", "cmd=b", "st=1"}, "xboard"},
      {{"--engine", "cmd=a", "st=1", "--engine", "cmd=a", "st=1"}, "unique"},
      {{"--engine", "cmd=a", "st=1"}, "two --engine"},
      {with({"--variant", "shogi"}), "shogi"},
      {with({"--variant", "xiangqi", "--each", "option.UCI_Variant=xiangqi"}), "UCI_Variant"},
      {with({"--rounds", "0"}), "--rounds"},
      {with({"--rounds"}), "--rounds"},
      {with({"--tournament", "knockout"}), "knockout"},
      {with({"--openings", "order=shuffled"}), "order=shuffled"},
      {with({"--sprt", "elo0=5", "elo1=0"}), "--sprt"},
      {with({"--engine", "cmd=c", "st=1", "--sprt", "elo0=0", "elo1=5"}), "two engines"},
      {with({"--draw", "movenumber=1"}), "--draw"},
      {with({"--seed", "-3"}), "--seed"},
      {with({"stray"}), "stray"},
      {with({"--engine", "cmd=c", "nodes=0"}), "nodes=0"},
      {with({"--engine", "cmd=c", "st=1", "wibble=3"}), "wibble=3"},
  };
  for (const auto& [args, mention] : cases) {
    MatchConfig c;
    std::string error;
    EXPECT_FALSE(parse(args, c, error)) << mention;
    EXPECT_NE(error.find(mention), std::string::npos) << "'" << error << "' lacks " << mention;
  }
}

TEST(MatchOptionsTest, VariantXiangqiGivesEveryEngineItsUciVariant) {
  MatchConfig config;
  std::string error;
  ASSERT_TRUE(parse_match_args({"--engine", "cmd=a", "st=1", "--engine", "cmd=b", "st=1",
                                "--variant", "xiangqi"},
                               config, error))
      << error;
  EXPECT_EQ(config.variant, game_id_of<xiangqi::XiangqiGame>());
  ASSERT_EQ(config.engines.size(), 2u);
  for (const auto& engine : config.engines) EXPECT_EQ(engine.uci_variant, "xiangqi");
  ASSERT_TRUE(parse_match_args({"--engine", "cmd=a", "st=1", "--engine", "cmd=b", "st=1",
                                "--variant", "standard"},
                               config, error))
      << error;
  EXPECT_EQ(config.variant, game_id_of<chess::ChessGame>());
  for (const auto& engine : config.engines) EXPECT_EQ(engine.uci_variant, "");
}

}  // namespace
}  // namespace splitlab::bench::match
