// "go" read in both dialects (go_command.h): every limit, the clocks by colour (UCI) and by side
// to move (UCCI), searchmoves up to the next parameter, and each bad word named.
#include "engine/protocol/go_command.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/core/score.h"

namespace splitlab::protocol {
namespace {

GoCommand parsed(const std::string& args, Dialect dialect = Dialect::kUci, int side = 0) {
  GoCommand go;
  std::string error;
  EXPECT_TRUE(parse_go(args, dialect, side, go, error)) << args << ": " << error;
  EXPECT_EQ(error, "");
  return go;
}

std::string refused(const std::string& args, Dialect dialect = Dialect::kUci) {
  GoCommand go;
  std::string error;
  EXPECT_FALSE(parse_go(args, dialect, 0, go, error)) << args;
  return error;
}

TEST(GoCommand, UciClocksByColourAndEveryLimit) {
  const GoCommand go = parsed("wtime 60000 btime 59000 winc 500 binc 400 movestogo 30");
  EXPECT_EQ(go.limits.time_left_ms[0], 60000);
  EXPECT_EQ(go.limits.time_left_ms[1], 59000);
  EXPECT_EQ(go.limits.increment_ms[0], 500);
  EXPECT_EQ(go.limits.increment_ms[1], 400);
  EXPECT_EQ(go.limits.movestogo, 30);
  EXPECT_FALSE(go.ponder);
  const GoCommand limits = parsed("depth 9 nodes 12345 movetime 250 mate 3 ponder");
  EXPECT_EQ(limits.limits.depth, 9);
  EXPECT_EQ(limits.limits.nodes, 12345u);
  EXPECT_EQ(limits.limits.movetime_ms, 250);
  EXPECT_EQ(limits.limits.mate, 3);
  EXPECT_TRUE(limits.ponder);
  EXPECT_TRUE(parsed("infinite").limits.infinite);
  // A clock already run out (some GUIs send negative times) counts as empty, not as a refusal.
  EXPECT_EQ(parsed("wtime -20 btime 100").limits.time_left_ms[0], 0);
  // Nothing: every default.
  const GoCommand none = parsed("");
  EXPECT_FALSE(none.limits.uses_clock());
  EXPECT_EQ(none.limits.depth, kMaxPly - 1);
}

TEST(GoCommand, UcciClocksBySideToMove) {
  const std::string args = "time 5000 increment 100 opptime 3000 oppincrement 50 oppmovestogo 20";
  const GoCommand red = parsed(args, Dialect::kUcci, 0);
  EXPECT_EQ(red.limits.time_left_ms[0], 5000);
  EXPECT_EQ(red.limits.time_left_ms[1], 3000);
  EXPECT_EQ(red.limits.increment_ms[0], 100);
  EXPECT_EQ(red.limits.increment_ms[1], 50);
  const GoCommand black = parsed(args, Dialect::kUcci, 1);
  EXPECT_EQ(black.limits.time_left_ms[1], 5000);
  EXPECT_EQ(black.limits.time_left_ms[0], 3000);
  EXPECT_EQ(black.limits.increment_ms[1], 100);
  // "depth infinite" (UCCI's own), and a draw offer, which changes nothing.
  EXPECT_TRUE(parsed("depth infinite draw", Dialect::kUcci).limits.infinite);
  EXPECT_EQ(parsed("depth 7", Dialect::kUcci).limits.depth, 7);
  // Each dialect's clock words are the other's unknown parameters.
  EXPECT_EQ(refused("wtime 100", Dialect::kUcci), "go: unknown parameter 'wtime'");
  EXPECT_EQ(refused("time 100"), "go: unknown parameter 'time'");
  EXPECT_NE(refused("depth infinite").find("'depth' needs an integer from 1 to"),
            std::string::npos);
}

TEST(GoCommand, SearchmovesRunUpToTheNextParameter) {
  const GoCommand go = parsed("searchmoves e2e4 d2d4 g1f3 depth 5 infinite");
  EXPECT_EQ(go.searchmoves, (std::vector<std::string>{"e2e4", "d2d4", "g1f3"}));
  EXPECT_EQ(go.limits.depth, 5);
  EXPECT_TRUE(go.limits.infinite);
  EXPECT_TRUE(go.limits.searchmoves.empty());  // The engine reads the moves, not the parser.
  EXPECT_EQ(parsed("depth 3 searchmoves a2a3").searchmoves, (std::vector<std::string>{"a2a3"}));
  EXPECT_TRUE(parsed("searchmoves").searchmoves.empty());
}

TEST(GoCommand, EachBadWordIsNamed) {
  EXPECT_EQ(refused("fast"), "go: unknown parameter 'fast'");
  EXPECT_EQ(refused("depth"), "go: 'depth' needs an integer from 1 to " +
                                  std::to_string(kMaxPly - 1));
  EXPECT_EQ(refused("depth 0"), "go: 'depth' needs an integer from 1 to " +
                                    std::to_string(kMaxPly - 1) + ", not '0'");
  EXPECT_NE(refused("movetime soon").find("'movetime' needs an integer"), std::string::npos);
  EXPECT_NE(refused("nodes -1").find("not '-1'"), std::string::npos);
  EXPECT_NE(refused("mate 501").find("from 1 to 500"), std::string::npos);
  EXPECT_NE(refused("time x", Dialect::kUcci).find("'time' needs an integer"),
            std::string::npos);
  EXPECT_NE(refused("depth forever", Dialect::kUcci).find("or 'infinite', not 'forever'"),
            std::string::npos);
  // The first bad word ends the reading: the later one is not reported.
  EXPECT_EQ(refused("depth x bogus"),
            "go: 'depth' needs an integer from 1 to " + std::to_string(kMaxPly - 1) +
                ", not 'x'");
}

}  // namespace
}  // namespace splitlab::protocol
