// The canary of the ThreadSanitizer configuration: a data race planted in the real thread pool
// during real searches (race_canary_search) must be reported by TSan, in every run, through the
// project's own suppressions file. A suppression broad enough to match a frame of the search
// threads (such as `race:tbb::detail::`, which matches every helper's stack in a non-inlined
// build) makes this test fail.
//
// In the other configurations the same program must run cleanly and show that the race was
// really planted: the racy int written during every search, by at least two threads.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <sys/wait.h>

#include "parallel/strategy.h"

namespace {

struct Outcome {
  int status = -1;  // Exit status, or -1 if the program did not exit normally.
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Outcome run_canary(int round) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp ? tmp : "/tmp";
  const std::string out = dir + "/canary_out_" + std::to_string(round);
  const std::string err = dir + "/canary_err_" + std::to_string(round);
  const std::string command = "tests/parallel/race_canary_search > " + out + " 2> " + err;
  const int raw = std::system(command.c_str());
  Outcome o;
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  o.out = slurp(out);
  o.err = slurp(err);
  return o;
}

#if defined(__SANITIZE_THREAD__)

TEST(RaceCanaryTest, ThreadSanitizerReportsThePlantedRaceInEveryRun) {
  // The canary is only worth something if TSan runs with the project's suppressions.
  const char* options = std::getenv("TSAN_OPTIONS");
  ASSERT_NE(options, nullptr) << "TSAN_OPTIONS is not set: the tsan config sets it";
  const std::string text = options;
  std::smatch match;
  ASSERT_TRUE(std::regex_search(text, match, std::regex("suppressions=([^: ]+)")))
      << "TSAN_OPTIONS names no suppressions file: " << text;
  std::ifstream supp(match[1].str());
  ASSERT_TRUE(supp.good()) << "the suppressions file " << match[1] << " cannot be read";
  constexpr int kRuns = 5;
  for (int round = 0; round < kRuns; ++round) {
    const Outcome o = run_canary(round);
    SCOPED_TRACE("run " + std::to_string(round) + ", stderr:\n" + o.err.substr(0, 4000));
    EXPECT_NE(o.status, 0) << "the program ran to the end: " << o.out;
    EXPECT_NE(o.err.find("WARNING: ThreadSanitizer: data race"), std::string::npos);
    EXPECT_NE(o.err.find("write_race_canary"), std::string::npos)
        << "a report, but not of the planted race";
  }
}

#else

TEST(RaceCanaryTest, ThePlantedRaceIsWrittenBySeveralThreadsInEverySearch) {
  const Outcome o = run_canary(0);
  ASSERT_EQ(o.status, 0) << o.err;
  std::smatch match;
  ASSERT_TRUE(std::regex_search(o.out, match,
                                std::regex("(\\d+) searches, (\\d+) writes on (\\d+) threads")))
      << o.out;
  const int searches = std::stoi(match[1]), writes = std::stoi(match[2]);
  const int threads = std::stoi(match[3]);
  // One search per strategy of the registry.
  EXPECT_EQ(searches, int(splitlab::parallel::split_strategies().size()) - 1);
  EXPECT_EQ(writes, searches * 4) << "every thread of every 4-thread search writes once";
  EXPECT_GE(threads, 2) << "a race needs two threads";
}

#endif

}  // namespace
