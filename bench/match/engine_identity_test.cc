#include "bench/match/engine_identity.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "bench/sha256.h"

namespace splitlab::bench::match {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write_executable(const fs::path& path, const std::string& contents) {
  std::ofstream(path, std::ios::binary) << contents;
  fs::permissions(path, fs::perms::owner_all);
}

int ledger_lines(const fs::path& dir) {
  std::ifstream in(dir / "engines.tsv");
  int lines = 0;
  for (std::string line; std::getline(in, line);) lines += line.rfind("engine\t", 0) == 0;
  return lines;
}

TEST(EngineIdentityTest, ResolvesPathsLikeExec) {
  const fs::path dir = fresh_dir("identity_resolve");
  write_executable(dir / "engine", "#!/bin/sh\n");
  std::ofstream(dir / "not-executable") << "data";
  EXPECT_EQ(resolve_executable((dir / "engine").string(), ""), fs::canonical(dir / "engine"));
  // Relative to the engine's working directory (dir=), as the runner starts it.
  EXPECT_EQ(resolve_executable("./engine", dir.string()), fs::canonical(dir / "engine"));
  EXPECT_EQ(resolve_executable((dir / "not-executable").string(), ""), "");
  EXPECT_EQ(resolve_executable((dir / "missing").string(), ""), "");
  // A bare name is looked up in PATH.
  const std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  ::setenv("PATH", ("/nonexistent:" + dir.string()).c_str(), 1);
  EXPECT_EQ(resolve_executable("engine", ""), fs::canonical(dir / "engine"));
  EXPECT_EQ(resolve_executable("missing", ""), "");
  ::setenv("PATH", old_path.c_str(), 1);
}

TEST(EngineIdentityTest, DigestIsTheFilesSha256) {
  const fs::path dir = fresh_dir("identity_digest");
  const std::string contents = "#!/bin/sh\necho engine\n";
  write_executable(dir / "engine", contents);
  EngineIdentity identity;
  std::string error;
  ASSERT_TRUE(identify_binary((dir / "engine").string(), "", identity, error)) << error;
  EXPECT_EQ(identity.binary_sha256, sha256_hex(contents));
  EXPECT_FALSE(identify_binary((dir / "missing").string(), "", identity, error));
  EXPECT_NE(error.find("missing"), std::string::npos) << error;
}

// The ledger keeps every binary an engine name has had; a resumed match with the same binaries
// adds nothing, one with another binary says which it replaced.
TEST(EngineIdentityTest, LedgerRecordsEachBinaryOnce) {
  const fs::path dir = fresh_dir("identity_ledger");
  std::string error;
  std::vector<EngineIdentity> ids(2);
  ids[0].name = "new", ids[0].binary_sha256 = "aaa", ids[0].id_name = "Engine\t1";
  ids[1].name = "base", ids[1].binary_sha256 = "bbb", ids[1].id_name = "Engine 0";
  ASSERT_TRUE(update_engine_ledger(dir.string(), ids, error)) << error;
  EXPECT_EQ(ledger_lines(dir), 2);
  EXPECT_TRUE(ids[0].earlier_sha256.empty() && ids[1].earlier_sha256.empty());

  ASSERT_TRUE(update_engine_ledger(dir.string(), ids, error)) << error;  // Resumed, same files.
  EXPECT_EQ(ledger_lines(dir), 2);
  EXPECT_TRUE(ids[0].earlier_sha256.empty());

  ids[0].binary_sha256 = "ccc";  // Rebuilt between sessions.
  ASSERT_TRUE(update_engine_ledger(dir.string(), ids, error)) << error;
  EXPECT_EQ(ledger_lines(dir), 3);
  EXPECT_EQ(ids[0].earlier_sha256, std::vector<std::string>{"aaa"});
  EXPECT_TRUE(ids[1].earlier_sha256.empty());

  ids[0].binary_sha256 = "aaa";  // Back to the first: it plays again, after "ccc".
  ASSERT_TRUE(update_engine_ledger(dir.string(), ids, error)) << error;
  EXPECT_EQ(ledger_lines(dir), 4);
  EXPECT_EQ(ids[0].earlier_sha256, std::vector<std::string>{"ccc"});

  // The id name's tab did not split its line.
  std::ifstream in(dir / "engines.tsv");
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first.rfind("engine\tnew\taaa\tEngine 1\t", 0), 0u) << first;
}

TEST(EngineIdentityTest, UnwritableLedgerIsAnError) {
  std::vector<EngineIdentity> ids(1);
  ids[0].name = "a", ids[0].binary_sha256 = "aaa";
  std::string error;
  EXPECT_FALSE(update_engine_ledger("/nonexistent/dir", ids, error));
  EXPECT_NE(error.find("engines.tsv"), std::string::npos) << error;
}

}  // namespace
}  // namespace splitlab::bench::match
