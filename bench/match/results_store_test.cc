#include "bench/match/results_store.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace splitlab::bench::match {
namespace {

GameRecord game(int index) {
  GameRecord r;
  r.index = index;
  r.round = 2;
  r.pairing = 1;
  r.pair = 7;
  r.opening_index = 12;
  r.opening_id = "book-013";
  r.opening_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  r.white = "A\tweird";
  r.black = "B\\back";
  r.result = "0-1";
  r.reason = "White makes an illegal move: e1e8";
  r.termination = "illegal move";
  r.plies = 31;
  r.time_used_ms[0] = 1234;
  r.time_used_ms[1] = 5678;
  r.engine_reported_ms[0] = 1200;
  r.engine_reported_ms[1] = 5600;
  r.lowest_clock_ms[0] = 83;
  r.lowest_clock_ms[1] = 1017;
  r.largest_unseen_delay_ms[0] = 96;
  r.largest_unseen_delay_ms[1] = -1;
  r.forfeit_clock_ms = 91;
  r.forfeit_move_ms = 175;
  r.forfeit_engine_ms = 172;
  r.host = "node7";
  r.cpus = "0-3,8";
  r.wall_ms = 7000.125;
  r.setup_ms = 20.5;
  r.think_ms = 6912.5;
  r.pgn = "[Event \"?\"]\n\n1. e4 {book} 0-1\n\n";
  return r;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ResultsStoreTest, GameLinesRoundTrip) {
  const GameRecord a = game(3);
  const std::string line = ResultsStore::encode(a);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  GameRecord b;
  ASSERT_TRUE(ResultsStore::decode(line, b));
  EXPECT_EQ(ResultsStore::encode(b), line);
  EXPECT_EQ(b.white, a.white);
  EXPECT_EQ(b.black, a.black);
  EXPECT_EQ(b.pgn, a.pgn);
  EXPECT_EQ(b.time_used_ms[1], 5678);
  EXPECT_DOUBLE_EQ(b.wall_ms, 7000.125);
  EXPECT_DOUBLE_EQ(b.setup_ms, 20.5);
  EXPECT_EQ(b.lowest_clock_ms[0], 83);
  EXPECT_EQ(b.lowest_clock_ms[1], 1017);
  EXPECT_EQ(b.largest_unseen_delay_ms[0], 96);
  EXPECT_EQ(b.largest_unseen_delay_ms[1], -1);
  EXPECT_EQ(b.forfeit_clock_ms, 91);
  EXPECT_EQ(b.forfeit_move_ms, 175);
  EXPECT_EQ(b.forfeit_engine_ms, 172);
  EXPECT_FALSE(ResultsStore::decode("game\t1\t2", b));
}

TEST(ResultsStoreTest, StateLinesFromBeforeTheClockFiguresStillResume) {
  // A state written before the lowest clock and the unseen delay were kept has 22 fields, one
  // written before the losing move's times were has 26, one before the machine and cores were
  // 29: the game comes back with what it lacks unknown (-1, or empty).
  std::string line = ResultsStore::encode(game(4));
  GameRecord b;
  // 29 fields: written before the machine and the cores were kept.
  for (int i = 0; i < 2; ++i) line.erase(line.rfind('\t'));
  ASSERT_TRUE(ResultsStore::decode(line, b));
  EXPECT_EQ(b.forfeit_engine_ms, game(4).forfeit_engine_ms);
  EXPECT_EQ(b.host, "");
  EXPECT_EQ(b.cpus, "");
  line.erase(line.rfind('\t'));  // 28 fields: neither layout.
  EXPECT_FALSE(ResultsStore::decode(line, b));
  b = GameRecord();
  for (int i = 0; i < 2; ++i) line.erase(line.rfind('\t'));
  ASSERT_TRUE(ResultsStore::decode(line, b));
  EXPECT_EQ(b.lowest_clock_ms[0], 83);
  EXPECT_EQ(b.forfeit_clock_ms, -1);
  EXPECT_EQ(b.forfeit_move_ms, -1);
  EXPECT_EQ(b.forfeit_engine_ms, -1);
  line.erase(line.rfind('\t'));  // 25 fields: neither layout.
  EXPECT_FALSE(ResultsStore::decode(line, b));
  b = GameRecord();
  for (int i = 0; i < 3; ++i) line.erase(line.rfind('\t'));
  ASSERT_TRUE(ResultsStore::decode(line, b));
  EXPECT_EQ(b.index, 4);
  EXPECT_EQ(b.pgn, game(4).pgn);
  EXPECT_EQ(b.lowest_clock_ms[0], -1);
  EXPECT_EQ(b.largest_unseen_delay_ms[0], -1);
  line.erase(line.rfind('\t'));  // 21 fields: neither layout.
  EXPECT_FALSE(ResultsStore::decode(line, b));
}

TEST(ResultsStoreTest, ResumesKeepsGamesRestoresThePgnAndRefusesOtherFlags) {
  const std::string dir = testing::TempDir() + "/store_resume";
  std::filesystem::remove_all(dir);
  const std::string pgn = testing::TempDir() + "/store_resume.pgn";
  { std::ofstream(pgn) << "[Event \"earlier\"]\n\n*\n\n"; }
  const std::string before = read(pgn);
  const std::vector<std::string> signature = {"--engine", "cmd=x", "--games", "2"};
  std::string error;
  {
    ResultsStore store;
    ASSERT_TRUE(store.open(dir, signature, 42, pgn, error)) << error;
    EXPECT_FALSE(store.resumed());
    ASSERT_TRUE(store.append({game(1)}, error));
    ASSERT_TRUE(append_to_file(pgn, game(1).pgn, error));
    ASSERT_TRUE(store.append({game(2)}, error));  // Interrupted before its PGN was written.
    ASSERT_TRUE(store.write_file("results.json", "{}\n", error));
  }
  // A game line cut short by the interruption, and a PGN game not in the state.
  { std::ofstream(dir + "/state.tsv", std::ios::app) << "game\t3\t1"; }
  ASSERT_TRUE(append_to_file(pgn, "[Event \"half\"]\n", error));
  {
    ResultsStore store;
    ASSERT_TRUE(store.open(dir, signature, 7, pgn, error)) << error;
    EXPECT_TRUE(store.resumed());
    EXPECT_EQ(store.seed(), 42u);  // The first run's seed.
    ASSERT_EQ(store.games().size(), 2u);
    EXPECT_EQ(store.games()[1].index, 2);
    EXPECT_EQ(read(pgn), before + game(1).pgn + game(2).pgn);
    ASSERT_TRUE(store.append({game(4)}, error));
  }
  {
    ResultsStore store;
    ASSERT_TRUE(store.open(dir, signature, 7, pgn, error)) << error;
    EXPECT_EQ(store.games().size(), 3u);
  }
  EXPECT_EQ(read(dir + "/results.json"), "{}\n");
  ResultsStore other;
  EXPECT_FALSE(other.open(dir, {"--engine", "cmd=x", "--games", "3"}, 1, pgn, error));
  EXPECT_NE(error.find("'2'"), std::string::npos) << error;
  EXPECT_NE(error.find("'3'"), std::string::npos) << error;
}

// State files written before --rounds could change hold "--rounds N" in their signature: they
// resume under the signature without it (MatchConfig::resume_signature leaves it out), and any
// other difference is still refused.
TEST(ResultsStoreTest, OlderSignaturesWithRoundsStillResume) {
  const std::string dir = testing::TempDir() + "/store_rounds";
  std::filesystem::remove_all(dir);
  std::string error;
  {
    ResultsStore store;
    ASSERT_TRUE(store.open(dir, {"--engine", "cmd=x", "--rounds", "2", "--games", "2"}, 5, "",
                           error))
        << error;
    ASSERT_TRUE(store.append({game(1)}, error));
  }
  ResultsStore resumed;
  ASSERT_TRUE(resumed.open(dir, {"--engine", "cmd=x", "--games", "2"}, 5, "", error)) << error;
  EXPECT_TRUE(resumed.resumed());
  EXPECT_EQ(resumed.games().size(), 1u);
  ResultsStore other;
  EXPECT_FALSE(other.open(dir, {"--engine", "cmd=y", "--games", "2"}, 5, "", error));
}

// Found by fuzz/match_state_fuzzer.cc: a seed line with an empty number ("seed\t") made
// std::stoull throw, which ended `splitlab match` with terminate(). A damaged seed or
// pgn_offset line is now a refusal naming the file; the well-formed ones still resume.
TEST(ResultsStoreTest, RefusesADamagedSeedOrPgnOffsetLine) {
  const std::string dir = testing::TempDir() + "/store_damaged";
  const std::vector<std::string> signature = {"--engine", "cmd=a", "--engine", "cmd=b"};
  const std::string head = "splitlab-match-state 1\nsignature\t--engine\tcmd=a\t--engine\tcmd=b\n";
  for (const char* damaged :
       {"seed\t\n", "seed\tx\n", "seed\t-1\n", "seed\t99999999999999999999\n", "pgn_offset\t\n",
        "pgn_offset\t12k\n", "pgn_offset\t-5\n"}) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    { std::ofstream(dir + "/state.tsv") << head << damaged; }
    ResultsStore store;
    std::string error;
    EXPECT_FALSE(store.open(dir, signature, 1, "", error)) << damaged;
    EXPECT_NE(error.find("state.tsv': unreadable"), std::string::npos) << error;
  }
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  { std::ofstream(dir + "/state.tsv") << head << "seed\t18446744073709551615\npgn_offset\t0\n"; }
  ResultsStore store;
  std::string error;
  ASSERT_TRUE(store.open(dir, signature, 1, "", error)) << error;
  EXPECT_EQ(store.seed(), 18446744073709551615u);
}

// A disk that fills up: while one lives, this process may write no file past `bytes`, and a
// write that would gets EFBIG (SIGXFSZ ignored) instead of ending the process.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    getrlimit(RLIMIT_FSIZE, &saved_);
    previous_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{bytes, saved_.rlim_max};
    EXPECT_EQ(setrlimit(RLIMIT_FSIZE, &limit), 0);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, previous_handler_);
  }

 private:
  rlimit saved_{};
  void (*previous_handler_)(int) = SIG_DFL;
};

// A state write that fails half way (the disk fills during a game line) leaves the file at
// its last whole game, says why, and refuses every later game, even once the disk has room:
// appending after a cut line would join two games into one unreadable line.
TEST(ResultsStoreTest, AFailedWriteIsCutBackAndRefusesLaterGames) {
  const std::string dir = testing::TempDir() + "/store_full";
  std::filesystem::remove_all(dir);
  const std::vector<std::string> signature = {"--engine", "cmd=x"};
  std::string error;
  {
    ResultsStore store;
    ASSERT_TRUE(store.open(dir, signature, 42, "", error)) << error;
    ASSERT_TRUE(store.append({game(1)}, error)) << error;
    const std::string kept = read(dir + "/state.tsv");
    {
      // Room for part of the next line only.
      FileSizeLimit full(kept.size() + ResultsStore::encode(game(2)).size() / 2);
      EXPECT_FALSE(store.append({game(2)}, error));
    }
    EXPECT_NE(error.find("state.tsv': File too large"), std::string::npos) << error;
    EXPECT_EQ(read(dir + "/state.tsv"), kept);
    EXPECT_EQ(store.games().size(), 1u);
    std::string again;
    EXPECT_FALSE(store.append({game(3)}, again));
    EXPECT_EQ(again, error);
    EXPECT_EQ(read(dir + "/state.tsv"), kept);
  }
  ResultsStore resumed;
  ASSERT_TRUE(resumed.open(dir, signature, 1, "", error)) << error;
  ASSERT_EQ(resumed.games().size(), 1u);
  EXPECT_EQ(resumed.games()[0].index, 1);
}

// The PGN file on a device (/dev/full): no size to record (std::filesystem's error for a
// device's size was once written as offset -1, which the resume refused); the append fails
// naming the file and the reason.
TEST(ResultsStoreTest, APgnFileOnAFullDeviceFailsByNameAndStillResumes) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full here";
  const std::string dir = testing::TempDir() + "/store_dev_full";
  std::filesystem::remove_all(dir);
  const std::vector<std::string> signature = {"--engine", "cmd=x"};
  std::string error;
  {
    ResultsStore store;
    ASSERT_TRUE(store.open(dir, signature, 42, "/dev/full", error)) << error;
    ASSERT_TRUE(store.append({game(1)}, error)) << error;
    EXPECT_FALSE(append_to_file("/dev/full", game(1).pgn, error));
    EXPECT_EQ(error, "cannot append to '/dev/full': No space left on device");
  }
  const std::string pgn = testing::TempDir() + "/store_dev_full.pgn";
  std::filesystem::remove(pgn);
  ResultsStore resumed;
  ASSERT_TRUE(resumed.open(dir, signature, 1, pgn, error)) << error;
  EXPECT_EQ(resumed.games().size(), 1u);
  EXPECT_EQ(read(pgn), game(1).pgn);
}

}  // namespace
}  // namespace splitlab::bench::match
