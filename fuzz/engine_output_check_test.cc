// The check engine_lines_fuzzer applies to the engine's output: it passes real sessions' output
// and catches each fault it is there for (each a planted fault the fuzzer must report).
#include "fuzz/engine_output_check.h"

#include <gtest/gtest.h>

namespace splitlab::fuzz {
namespace {

const std::string kUciSession =
    "id name Splitlab\n"
    "option name Hash type spin default 16 min 1 max 65536\n"
    "uciok\n"
    "readyok\n"
    "info depth 1 seldepth 1 score cp 30 nodes 20 pv e2e4\n"
    "info string thread 0 nodes 20\n"
    "bestmove e2e4 ponder e7e5\n";

TEST(EngineOutputCheck, PassesAnAnsweredSession) {
  EXPECT_EQ(engine_output_problem(kUciSession, false, 1), "");
  EXPECT_EQ(engine_output_problem("ucciok\npophash\nnobestmove\nbye\n", true, 1), "");
  EXPECT_EQ(engine_output_problem("", false, 0), "");
}

TEST(EngineOutputCheck, ARefusedGoNeedsNoAnswer) {
  EXPECT_EQ(engine_output_problem("info string error: go: bad depth 'x'\n", false, 1), "");
  EXPECT_EQ(engine_output_problem(kUciSession + "info string error: go: busy\n", false, 2), "");
}

TEST(EngineOutputCheck, CatchesALineNoGuiExpects) {
  EXPECT_NE(engine_output_problem("unknown command 'foo'\n", false, 0), "");
  EXPECT_NE(engine_output_problem("\n", false, 0), "");
  // Each dialect's own words only: UCCI's replies are not UCI's.
  EXPECT_NE(engine_output_problem("nobestmove\n", false, 1), "");
  EXPECT_NE(engine_output_problem("uciok\n", true, 0), "");
  const std::string problem = engine_output_problem("unknown command 'foo'\n", false, 0);
  EXPECT_NE(problem.find("'unknown command 'foo''"), std::string::npos) << problem;
}

TEST(EngineOutputCheck, CatchesAGoAnsweredTwice) {
  EXPECT_NE(engine_output_problem(kUciSession + "bestmove d2d4\n", false, 1), "");
  EXPECT_NE(engine_output_problem("bestmove e2e4\n", false, 0), "");
}

TEST(EngineOutputCheck, CatchesAGoNeitherAnsweredNorRefused) {
  EXPECT_NE(engine_output_problem("readyok\n", false, 1), "");
  EXPECT_NE(engine_output_problem(kUciSession, false, 2), "");
  EXPECT_NE(engine_output_problem("ucciok\nbye\n", true, 1), "");
  // Only a refusal of the go itself excuses it.
  EXPECT_NE(engine_output_problem("info string error: position: bad FEN\n", false, 1), "");
}

}  // namespace
}  // namespace splitlab::fuzz
