// The flag reader: values, switches, defaults, and errors that name the flag at fault.
#include "cli/flags.h"

#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace splitlab::cli {
namespace {

Flags PerftFlags() { return Flags({"fen", "depth", "moves"}, {"divide"}); }

void ExpectError(const std::string& error, const std::string& mentions) {
  EXPECT_NE(error.find(mentions), std::string::npos)
      << "error '" << error << "' does not mention '" << mentions << "'";
}

TEST(FlagsTest, ReadsValuesAndSwitches) {
  Flags flags = PerftFlags();
  std::string error;
  ASSERT_TRUE(flags.parse({"--fen", "8/8 w - -", "--divide", "--depth", "3"}, error)) << error;
  EXPECT_TRUE(flags.has("fen"));
  EXPECT_EQ(flags.get("fen"), "8/8 w - -");  // A value may contain spaces.
  EXPECT_TRUE(flags.has("divide"));
  EXPECT_FALSE(flags.has("moves"));
  EXPECT_EQ(flags.get("moves", "none"), "none");
  long long depth = 0;
  ASSERT_TRUE(flags.get_int("depth", 1, 20, 1, depth, error)) << error;
  EXPECT_EQ(depth, 3);
}

TEST(FlagsTest, AValueMayLookLikeAFlag) {
  // "--moves" takes the next argument whatever it is.
  Flags flags = PerftFlags();
  std::string error;
  ASSERT_TRUE(flags.parse({"--moves", "--divide"}, error)) << error;
  EXPECT_EQ(flags.get("moves"), "--divide");
  EXPECT_FALSE(flags.has("divide"));
}

TEST(FlagsTest, LaterValueWins) {
  Flags flags = PerftFlags();
  std::string error;
  ASSERT_TRUE(flags.parse({"--depth", "2", "--depth", "5"}, error)) << error;
  EXPECT_EQ(flags.get("depth"), "5");
}

// get_all keeps every value in order, for flags whose values add up (bench's --tune).
TEST(FlagsTest, GetAllKeepsEveryValueInOrder) {
  Flags flags = PerftFlags();
  std::string error;
  ASSERT_TRUE(flags.parse({"--moves", "e2e4", "--divide", "--moves", "e7e5"}, error)) << error;
  EXPECT_EQ(flags.get_all("moves"), (std::vector<std::string>{"e2e4", "e7e5"}));
  EXPECT_EQ(flags.get("moves"), "e7e5");
  EXPECT_TRUE(flags.get_all("fen").empty());
}

TEST(FlagsTest, MissingIntegerUsesTheFallback) {
  Flags flags = PerftFlags();
  std::string error;
  ASSERT_TRUE(flags.parse({}, error));
  long long depth = 0;
  ASSERT_TRUE(flags.get_int("depth", 1, 20, 7, depth, error)) << error;
  EXPECT_EQ(depth, 7);
}

TEST(FlagsTest, UnknownFlagIsNamed) {
  Flags flags = PerftFlags();
  std::string error;
  EXPECT_FALSE(flags.parse({"--depth", "3", "--dpeth", "4"}, error));
  ExpectError(error, "unknown flag");
  ExpectError(error, "--dpeth");
}

TEST(FlagsTest, SwitchTakesNoValue) {
  std::string error;
  Flags flags = PerftFlags();
  EXPECT_FALSE(flags.parse({"--divide", "yes"}, error));  // "yes" is a stray argument.
  ExpectError(error, "'yes'");
}

TEST(FlagsTest, MissingValueIsNamed) {
  Flags flags = PerftFlags();
  std::string error;
  EXPECT_FALSE(flags.parse({"--divide", "--depth"}, error));
  ExpectError(error, "--depth");
  ExpectError(error, "needs a value");
}

TEST(FlagsTest, StrayArgumentIsNamed) {
  Flags flags = PerftFlags();
  std::string error;
  EXPECT_FALSE(flags.parse({"depth", "3"}, error));
  ExpectError(error, "unexpected argument 'depth'");
  Flags single_dash = PerftFlags();
  EXPECT_FALSE(single_dash.parse({"-depth", "3"}, error));
  ExpectError(error, "'-depth'");
}

TEST(FlagsTest, BadIntegersAreRejectedNamingTheFlag) {
  for (const char* text : {"x", "", "3x", "3.5", " 3", "0x10", "99999999999999999999"}) {
    Flags flags = PerftFlags();
    std::string error;
    ASSERT_TRUE(flags.parse({"--depth", text}, error)) << error;
    long long depth = 0;
    EXPECT_FALSE(flags.get_int("depth", 1, 20, 1, depth, error)) << "'" << text << "'";
    ExpectError(error, "--depth");
    ExpectError(error, "'" + std::string(text) + "'");
  }
}

TEST(FlagsTest, OutOfRangeIntegersAreRejectedNamingTheFlagAndTheRange) {
  for (const char* text : {"0", "21", "-1"}) {
    Flags flags = PerftFlags();
    std::string error;
    ASSERT_TRUE(flags.parse({"--depth", text}, error)) << error;
    long long depth = 0;
    EXPECT_FALSE(flags.get_int("depth", 1, 20, 1, depth, error)) << text;
    ExpectError(error, "--depth");
    ExpectError(error, "from 1 to 20");
  }
}

TEST(FlagsTest, RangeEndsAreAccepted) {
  for (const char* text : {"1", "20"}) {
    Flags flags = PerftFlags();
    std::string error;
    ASSERT_TRUE(flags.parse({"--depth", text}, error)) << error;
    long long depth = 0;
    EXPECT_TRUE(flags.get_int("depth", 1, 20, 1, depth, error)) << text << ": " << error;
    EXPECT_EQ(depth, std::stoll(text));
  }
}

TEST(FlagsTest, DecimalsAreReadWithinTheirRange) {
  for (auto [text, expected] : {std::pair{"1.5", 1.5}, {"2", 2.0}, {".25", 0.25}, {"600", 600.0}}) {
    Flags flags = PerftFlags();
    std::string error;
    ASSERT_TRUE(flags.parse({"--depth", text}, error)) << error;
    double value = 0;
    EXPECT_TRUE(flags.get_double("depth", 0.01, 600, 1, value, error)) << text << ": " << error;
    EXPECT_DOUBLE_EQ(value, expected) << text;
  }
  Flags absent = PerftFlags();
  double value = 0;
  std::string error;
  EXPECT_TRUE(absent.get_double("depth", 0.01, 600, 1.5, value, error));
  EXPECT_DOUBLE_EQ(value, 1.5);
  for (const char* text : {"", "x", "1.5s", "1e3", "+1", "-1", "0", "600.5", "nan", "inf", " 1"}) {
    Flags flags = PerftFlags();
    ASSERT_TRUE(flags.parse({"--depth", text}, error)) << error;
    EXPECT_FALSE(flags.get_double("depth", 0.01, 600, 1, value, error)) << "'" << text << "'";
    ExpectError(error, "--depth");
    ExpectError(error, "'" + std::string(text) + "'");
    ExpectError(error, "from 0.01 to 600");
  }
}

}  // namespace
}  // namespace splitlab::cli
