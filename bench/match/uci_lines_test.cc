// The UCI client's line parsers, as the match runner relies on them (engine/protocol/uci_client.h).
#include <gtest/gtest.h>

#include "engine/protocol/uci_client.h"

namespace splitlab::protocol {
namespace {

TEST(UciOptionLineTest, NamesAndValuesWithSpaces) {
  UciOptionDeclaration d;
  ASSERT_TRUE(
      parse_uci_option_line("option name Move Overhead type spin default 50 min 0 max 5000", d));
  EXPECT_EQ(d.name, "Move Overhead");
  EXPECT_EQ(d.type, "spin");
  EXPECT_EQ(d.default_value, "50");
  EXPECT_EQ(d.min, "0");
  EXPECT_EQ(d.max, "5000");
  ASSERT_TRUE(parse_uci_option_line(
      "option name SplitStrategy type combo default dts var none var ybwc var dts var lazy", d));
  EXPECT_EQ(d.vars, (std::vector<std::string>{"none", "ybwc", "dts", "lazy"}));
  ASSERT_TRUE(parse_uci_option_line("option name Clear Hash type button", d));
  EXPECT_EQ(d.name, "Clear Hash");
  EXPECT_EQ(d.type, "button");
  EXPECT_FALSE(parse_uci_option_line("id name Splitlab", d));
}

TEST(UciInfoLineTest, ScoreDepthTime) {
  UciInfo info = parse_uci_info(
      "info depth 14 seldepth 20 score cp -31 upperbound nodes 12345 nps 1 time 520 pv e2e4 e7e5");
  EXPECT_EQ(info.depth, 14);
  EXPECT_EQ(info.score, "cp -31");
  EXPECT_EQ(info.nodes, 12345);
  EXPECT_EQ(info.time_ms, 520);
  info = parse_uci_info("info depth 9 score mate -2 time 10 pv a1a2");
  EXPECT_EQ(info.score, "mate -2");
  info = parse_uci_info("info string depth 99 score cp 1");
  EXPECT_EQ(info.depth, -1);
  EXPECT_TRUE(info.score.empty());
}

}  // namespace
}  // namespace splitlab::protocol
