#include "bench/match/openings.h"

#include <gtest/gtest.h>

#include <fstream>

#include "bench/book/default_book.h"

namespace splitlab::bench::match {
namespace {

TEST(OpeningsTest, EpdPositionsWithIdsAndFullFen) {
  std::vector<Opening> openings;
  std::string error;
  ASSERT_TRUE(
      parse_epd_openings("# a comment\n"
                         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\r\n"
                         "\n"
                         "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n",
                         "test.epd", openings, error))
      << error;
  ASSERT_EQ(openings.size(), 2u);
  EXPECT_EQ(openings[0].id, "e4");
  EXPECT_EQ(openings[0].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_TRUE(openings[0].moves.empty());
  EXPECT_EQ(openings[1].id, "2");
}

TEST(OpeningsTest, EpdErrorsNameTheLine) {
  std::vector<Opening> openings;
  std::string error;
  EXPECT_FALSE(parse_epd_openings("8/8/8/8/8/8/8/8 w - -\n", "bad.epd", openings, error));
  EXPECT_EQ(error.rfind("bad.epd:1: ", 0), 0u) << error;
  EXPECT_FALSE(parse_epd_openings("# nothing\n", "empty.epd", openings, error));
  EXPECT_NE(error.find("no positions"), std::string::npos) << error;
}

TEST(OpeningsTest, PgnLinesCutToPlies) {
  const std::string pgn =
      "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
      "[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
      "1. e4 Kd7 2. Kd2 *\n";
  std::vector<Opening> openings;
  std::string error;
  ASSERT_TRUE(parse_pgn_openings(pgn, "t.pgn", 4, openings, error)) << error;
  ASSERT_EQ(openings.size(), 2u);
  EXPECT_EQ(openings[0].moves, (std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"}));
  EXPECT_EQ(openings[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(openings[1].fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  EXPECT_EQ(openings[1].moves, (std::vector<std::string>{"e2e4", "e8d7", "e1d2"}));
  ASSERT_TRUE(parse_pgn_openings(pgn, "t.pgn", -1, openings, error));
  EXPECT_EQ(openings[0].moves.size(), 6u);
  ASSERT_TRUE(parse_pgn_openings(pgn, "t.pgn", 0, openings, error));
  EXPECT_TRUE(openings[0].moves.empty());
  EXPECT_FALSE(parse_pgn_openings("1. e4 e5 2. Ke3 *\n", "bad.pgn", -1, openings, error));
  EXPECT_EQ(error.rfind("bad.pgn: ", 0), 0u) << error;
}

TEST(OpeningsTest, LoadsFilesByExtensionAndNamesMissingOnes) {
  const std::string dir = testing::TempDir();
  {
    std::ofstream(dir + "/o.pgn") << "1. d4 d5 *\n";
    std::ofstream(dir + "/o.txt") << "1. c4 *\n";
  }
  std::vector<Opening> openings;
  std::string error;
  OpeningSettings settings;
  settings.file = dir + "/o.pgn";
  ASSERT_TRUE(load_openings(settings, openings, error)) << error;
  EXPECT_EQ(openings[0].moves, (std::vector<std::string>{"d2d4", "d7d5"}));
  settings.file = dir + "/o.txt";
  EXPECT_FALSE(load_openings(settings, openings, error));  // Read as EPD.
  settings.format = "pgn";
  ASSERT_TRUE(load_openings(settings, openings, error)) << error;
  EXPECT_EQ(openings[0].moves, (std::vector<std::string>{"c2c4"}));
  settings.file = dir + "/missing.epd";
  EXPECT_FALSE(load_openings(settings, openings, error));
  EXPECT_NE(error.find("missing.epd"), std::string::npos) << error;
}

TEST(OpeningsTest, DefaultBookLoads) {
  std::vector<Opening> openings;
  std::string error;
  ASSERT_TRUE(load_openings(OpeningSettings(), openings, error)) << error;
  EXPECT_GT(openings.size(), 1u);
}

TEST(OpeningsTest, SettingsWords) {
  OpeningSettings s;
  std::string error;
  ASSERT_TRUE(parse_opening_settings(
      {"file=x.pgn", "format=pgn", "order=random", "plies=8", "start=3"}, s, error))
      << error;
  EXPECT_EQ(s.file, "x.pgn");
  EXPECT_EQ(s.format, "pgn");
  EXPECT_TRUE(s.random_order);
  EXPECT_EQ(s.plies, 8);
  EXPECT_EQ(s.start, 3);
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"file=x", "format=cbh"},
                                              {"order=shuffled"},
                                              {"start=0"},
                                              {"plies=-1"},
                                              {"color=white"},
                                              {"file"},
                                              {"format=epd"}}) {
    OpeningSettings t;
    EXPECT_FALSE(parse_opening_settings(bad, t, error)) << bad.back();
  }
}

}  // namespace
}  // namespace splitlab::bench::match
