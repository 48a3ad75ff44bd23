// The run metadata: every field collected, the commit stamped at build time (that of the
// checkout the test was built from), shell quoting that a shell reads back, the JSON read back
// by python3's json module, and one comment line per key.
#include "bench/run_metadata.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "bench/build_commit.h"

namespace splitlab::bench {
namespace {

namespace fs = std::filesystem;

// Standard output of a shell command, or "(failed)" when it exits with an error.
std::string output_of(const std::string& command) {
  std::FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return "(failed)";
  std::string output;
  char buffer[256];
  size_t read = 0;
  while ((read = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, read);
  return pclose(pipe) == 0 ? output : "(failed)";
}

const std::regex kSha1("[0-9a-f]{40}");

TEST(RunMetadataTest, CollectsEveryField) {
  const std::vector<std::string> command = {"splitlab", "bench", "--depth", "5"};
  const std::time_t before = std::time(nullptr);
  const RunMetadata m = collect_run_metadata(command, std::nullopt);
  EXPECT_EQ(m.command_line, command);
  EXPECT_TRUE(fs::exists(m.executable)) << m.executable;
  EXPECT_TRUE(m.commit == "unknown" ||
              std::regex_match(m.commit, std::regex("[0-9a-f]{40}(\\+dirty)?")))
      << m.commit;
  EXPECT_FALSE(m.build.compilation_mode.empty());
  EXPECT_FALSE(m.build.compiler.empty());
  EXPECT_FALSE(m.build.sanitizers.empty());
  EXPECT_FALSE(m.build.target_features.empty());
  EXPECT_FALSE(m.machine.hostname.empty());
  EXPECT_FALSE(m.machine.cpu_model.empty());
  EXPECT_GE(m.machine.cores, 1u);
  EXPECT_GT(m.machine.memory_mb, 0u);
  EXPECT_NE(m.machine.kernel.find("Linux"), std::string::npos) << m.machine.kernel;
  EXPECT_FALSE(m.seed.has_value());
  EXPECT_EQ(collect_run_metadata(command, 42).seed, std::optional<uint64_t>(42));

  // ISO 8601 in UTC, and now.
  ASSERT_TRUE(std::regex_match(m.started, std::regex("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z")))
      << m.started;
  std::tm utc{};
  ASSERT_NE(strptime(m.started.c_str(), "%Y-%m-%dT%H:%M:%SZ", &utc), nullptr);
  const std::time_t started = timegm(&utc);
  EXPECT_GE(started, before - 1);
  EXPECT_LE(started, std::time(nullptr) + 1);
}

TEST(RunMetadataTest, CommitIsTheOneThisBinaryWasBuiltFrom) {
  const RunMetadata m = collect_run_metadata({"splitlab", "bench"}, std::nullopt);
  EXPECT_EQ(m.commit, build_commit());
  // This test was built from the sources its runfiles point back to. When they are a git
  // checkout, the stamp must be that checkout's HEAD, whatever directory the test runs in
  // (the stamp's own rules, +dirty and experiments/, are scripts/workspace_status.sh's test).
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  if (!srcdir || !workspace) GTEST_SKIP() << "not run by bazel test";
  std::error_code ec;
  const fs::path source =
      fs::canonical(fs::path(srcdir) / workspace / "bench" / "build_commit.h", ec);
  ASSERT_FALSE(ec) << "the runfile bench/build_commit.h: " << ec.message();
  const std::string head =
      output_of("git -C '" + source.parent_path().string() + "' rev-parse HEAD 2>/dev/null");
  if (head == "(failed)") GTEST_SKIP() << "the sources are not a git checkout";
  ASSERT_TRUE(std::regex_match(head.substr(0, 40), kSha1)) << head;
  EXPECT_EQ(std::string(build_commit()).substr(0, 40), head.substr(0, 40));
  EXPECT_TRUE(std::regex_match(std::string(build_commit()),
                               std::regex("[0-9a-f]{40}(\\+dirty|\\+unknown-changes)?")))
      << build_commit();
}

TEST(RunMetadataTest, ShellQuotingIsReadBackByAShell) {
  EXPECT_EQ(shell_quote("--depth"), "--depth");
  EXPECT_EQ(shell_quote("name=A"), "name=A");
  EXPECT_EQ(shell_quote("/tmp/x.json"), "/tmp/x.json");
  EXPECT_EQ(shell_quote(""), "''");
  EXPECT_EQ(shell_quote("a b"), "'a b'");
  EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_quote("$HOME"), "'$HOME'");
  EXPECT_EQ(shell_quote("a\nb"), "$'a\\nb'");
  const std::vector<std::string> args = {"splitlab", "",      "a b", "it's", "$HOME",  "*",
                                         "x\ny",     "t\tab", "\\",  "~",    "q\"uote"};
  const std::string command = shell_command(args);
  EXPECT_EQ(command.find('\n'), std::string::npos) << command;
  // bash reads the line back (its $'...' included) and prints each argument followed by '|'.
  std::string expected;
  for (const auto& a : args) expected += a + "|";
  EXPECT_EQ(output_of("bash -c " + shell_quote("printf '%s|' " + command)), expected) << command;
}

TEST(RunMetadataTest, JsonIsReadBackByPython) {
  RunMetadata m = collect_run_metadata({"splitlab", "scale", "--suite", "a \"b\"\\c\nd\te"},
                                       18446744073709551615ull);
  JsonWriter json;
  json.begin_object();
  write_run_metadata(json, m);
  json.end_object();
  const std::string path = testing::TempDir() + "/run_metadata_test.json";
  std::ofstream(path) << json.text();
  // python3 prints the fields back, one per line, strings as JSON (so newlines stay escaped).
  const std::string read_back = output_of(
      "python3 -c 'import json, sys\n"
      "d = json.load(open(sys.argv[1]))\n"
      "for v in (d[\"command\"], d[\"command_line\"], d[\"executable\"], d[\"commit\"],\n"
      "          d[\"build\"][\"compilation_mode\"], d[\"build\"][\"optimized\"],\n"
      "          d[\"machine\"][\"cores\"], d[\"machine\"][\"cpu_model\"], d[\"started\"],\n"
      "          d[\"seed\"]):\n"
      "    print(json.dumps(v))' " +
      path);
  std::string expected;
  for (const std::string& value :
       {JsonWriter::quote(shell_command(m.command_line)),
        std::string(R"(["splitlab", "scale", "--suite", "a \"b\"\\c\nd\te"])"),
        JsonWriter::quote(m.executable), JsonWriter::quote(m.commit),
        JsonWriter::quote(m.build.compilation_mode),
        std::string(m.build.optimized ? "true" : "false"), std::to_string(m.machine.cores),
        JsonWriter::quote(m.machine.cpu_model), JsonWriter::quote(m.started),
        std::string("18446744073709551615")})
    expected += value + "\n";
  EXPECT_EQ(read_back, expected) << json.text();

  // No seed: null.
  m.seed.reset();
  JsonWriter without_seed;
  without_seed.begin_object();
  write_run_metadata(without_seed, m);
  without_seed.end_object();
  EXPECT_NE(without_seed.text().find("\"seed\": null"), std::string::npos) << without_seed.text();
}

TEST(RunMetadataTest, CommentsHaveOneLinePerKey) {
  RunMetadata m = collect_run_metadata({"splitlab", "tt-study", "--out", "a\nb"}, std::nullopt);
  m.machine.hostname = "host\nname";  // A newline in a value must not start a line.
  m.dirty_allowed_by = "";  // As a committed build's (the line for a dirty one is below).
  std::istringstream comments(run_metadata_comments(m));
  std::vector<std::string> keys;
  std::map<std::string, std::string> line_of;
  std::string line;
  while (std::getline(comments, line)) {
    ASSERT_EQ(line.rfind("# ", 0), 0u) << line;
    keys.push_back(line.substr(2, line.find(':') - 2));
    line_of[keys.back()] = line;
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"command", "executable", "commit", "build", "machine",
                                            "started", "seed"}));
  EXPECT_EQ(line_of["command"], "# command: splitlab tt-study --out $'a\\nb'");
  EXPECT_EQ(line_of["commit"], "# commit: " + m.commit);
  EXPECT_EQ(line_of["started"], "# started: " + m.started);
  EXPECT_EQ(line_of["seed"], "# seed: none");
  EXPECT_NE(line_of["build"].find("compilation_mode=" + m.build.compilation_mode + ";"),
            std::string::npos)
      << line_of["build"];
  EXPECT_NE(line_of["machine"].find("hostname=host name; "), std::string::npos)
      << line_of["machine"];
  EXPECT_NE(line_of["machine"].find("; cores="), std::string::npos) << line_of["machine"];
  m.seed = 7;
  EXPECT_NE(run_metadata_comments(m).find("\n# seed: 7\n"), std::string::npos);
  m.dirty_allowed_by = "--allow-dirty";
  EXPECT_NE(run_metadata_comments(m).find("\n# dirty_build_allowed_by: --allow-dirty\n"),
            std::string::npos);
}

// A build of uncommitted changes writes no results unless the flag or the environment allows
// it; a committed build always may.
TEST(RunMetadataTest, ResultsFromADirtyBuildNeedAllowDirty) {
  std::string error;
  EXPECT_TRUE(results_build_allowed("0123abcd", false, false, error));
  EXPECT_TRUE(results_build_allowed("unknown", false, false, error));
  EXPECT_FALSE(results_build_allowed("0123abcd+dirty", false, false, error));
  EXPECT_NE(error.find("0123abcd+dirty"), std::string::npos) << error;
  EXPECT_NE(error.find("--allow-dirty"), std::string::npos) << error;
  EXPECT_TRUE(results_build_allowed("0123abcd+dirty", true, false, error));
  EXPECT_TRUE(results_build_allowed("0123abcd+dirty", false, true, error));
  // collect_run_metadata says what allowed a dirty build, and nothing for a clean one.
  const RunMetadata m =
      collect_run_metadata({"splitlab", "scale", "--allow-dirty"}, std::nullopt);
  const bool dirty = m.commit.size() > 6 && m.commit.substr(m.commit.size() - 6) == "+dirty";
  EXPECT_EQ(m.dirty_allowed_by, dirty ? "--allow-dirty" : "") << m.commit;
}

// scale and overhead warn when their times come from a build users do not run (a sanitizer
// build searches several times slower, and its figures once went into a run unnoticed).
TEST(RunMetadata, TimingBuildWarningNamesWhatIsWrong) {
  BuildInfo opt;
  opt.compilation_mode = "opt";
  opt.sanitizers = "none";
  opt.assertions = false;
  EXPECT_EQ(timing_build_warning(opt), "");
  BuildInfo asan = opt;
  asan.compilation_mode = "dbg";
  asan.sanitizers = "address";
  const std::string warning = timing_build_warning(asan);
  EXPECT_NE(warning.find("a 'dbg' build"), std::string::npos) << warning;
  EXPECT_NE(warning.find("sanitizers 'address'"), std::string::npos) << warning;
  BuildInfo asserting = opt;
  asserting.assertions = true;
  EXPECT_NE(timing_build_warning(asserting).find("with assertions"), std::string::npos);
}

}  // namespace
}  // namespace splitlab::bench
