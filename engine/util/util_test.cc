// The shared readers refuse what is malformed and keep what a caller must name as an error;
// an atomic write leaves the whole new text and no temporary behind.
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "engine/util/files.h"
#include "engine/util/text.h"

namespace splitlab::util {
namespace {

TEST(ParseIntTest, TakesWholeIntegersInRangeOnly) {
  int64_t v = 7;
  EXPECT_TRUE(parse_int("42", 0, 100, v));
  EXPECT_EQ(v, 42);
  EXPECT_TRUE(parse_int("-3", -5, 5, v));
  EXPECT_EQ(v, -3);
  for (const char* bad : {"", " 1", "1 ", "1x", "+1", "0x10", "101", "-6", "1.5",
                          "99999999999999999999"}) {
    v = 7;
    EXPECT_FALSE(parse_int(bad, -5, 100, v)) << "'" << bad << "'";
    EXPECT_EQ(v, 7) << "a refused text changed the value: '" << bad << "'";
  }
}

TEST(SplitListTest, KeepsEmptyItemsForTheCallerToRefuse) {
  EXPECT_EQ(split_list(""), std::vector<std::string>{});
  EXPECT_EQ(split_list("ybwc"), std::vector<std::string>{"ybwc"});
  EXPECT_EQ(split_list("1,2,4"), (std::vector<std::string>{"1", "2", "4"}));
  EXPECT_EQ(split_list("a,,b"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(split_list(",a"), (std::vector<std::string>{"", "a"}));
  EXPECT_EQ(split_list("a,"), (std::vector<std::string>{"a", ""}));
}

TEST(TrimTest, RemovesSpacesAndLineEnds) {
  EXPECT_EQ(trim("  go depth 3\r\n"), "go depth 3");
  EXPECT_EQ(trim(" \t "), "");
  EXPECT_EQ(trim("x"), "x");
}

TEST(WriteFileAtomicallyTest, ReplacesTheWholeFileAndLeavesNoTemporary) {
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "util_test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "summary.csv").string();
  std::string error;
  ASSERT_TRUE(write_file_atomically(path, "old, longer text\n", error)) << error;
  ASSERT_TRUE(write_file_atomically(path, "new\n", error)) << error;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "new\n");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  // A folder that does not exist: an error naming the file, nothing written.
  const std::string missing = (dir / "no-such-dir" / "x.csv").string();
  EXPECT_FALSE(write_file_atomically(missing, "x", error));
  EXPECT_NE(error.find("no-such-dir"), std::string::npos) << error;
}

// A write that fails (here a file size limit, as a disk filling up would) names the file, not
// its temporary, with the system's reason, leaves the old contents and no temporary behind.
TEST(WriteFileAtomicallyTest, AFailedWriteNamesTheFileAndKeepsTheOldOne) {
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "util_test_full";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "results.json").string();
  std::string error;
  ASSERT_TRUE(write_file_atomically(path, "old\n", error)) << error;
  rlimit saved{};
  getrlimit(RLIMIT_FSIZE, &saved);
  auto* previous = std::signal(SIGXFSZ, SIG_IGN);
  const rlimit limit{1000, saved.rlim_max};
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limit), 0);
  const bool written = write_file_atomically(path, std::string(5000, 'x'), error);
  setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, previous);
  EXPECT_FALSE(written);
  EXPECT_EQ(error, "cannot write '" + path + "': File too large");
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "old\n");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(CutPartialLastLineTest, CutsOnlyAnUnfinishedLine) {
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "util_test_cut";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "runs.csv").string();
  auto contents_after_cut = [&](const std::string& text) {
    { std::ofstream(path, std::ios::binary | std::ios::trunc) << text; }
    std::string error;
    EXPECT_TRUE(cut_partial_last_line(path, error)) << error;
    std::ifstream in(path, std::ios::binary);
    std::stringstream out;
    out << in.rdbuf();
    return out.str();
  };
  EXPECT_EQ(contents_after_cut("a,b\n1,2\n3,"), "a,b\n1,2\n");
  EXPECT_EQ(contents_after_cut("a,b\n1,2\n"), "a,b\n1,2\n");
  EXPECT_EQ(contents_after_cut("# half a comm"), "");
  EXPECT_EQ(contents_after_cut(""), "");
  std::filesystem::remove(path);
  std::string error;
  EXPECT_TRUE(cut_partial_last_line(path, error));
  EXPECT_FALSE(std::filesystem::exists(path));  // Nothing made where nothing was.
}

}  // namespace
}  // namespace splitlab::util
