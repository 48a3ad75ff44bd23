// An independent referee for write_pgn: Debian's pgn-extract (David J. Barnes) reads the games
// we write, must report no error, and must give back the same moves in UCI (-Wuci), the same
// tags, and the same SAN when it writes the moves itself (its own check and mate suffixes and
// disambiguation). pgn-extract is part of scripts/setup; without it this test fails.
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/chess/test_support.h"
#include "engine/protocol/pgn.h"
#include "engine/protocol/pgn_test_games.h"
#include "gtest/gtest.h"

namespace splitlab::protocol {
namespace {

using Tags = std::multimap<std::string, std::string>;

// Debian installs it in /usr/games, which is not always on a test's PATH.
std::string find_pgn_extract() {
  if (access("/usr/games/pgn-extract", X_OK) == 0) return "/usr/games/pgn-extract";
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && access((dir + "/pgn-extract").c_str(), X_OK) == 0)
      return dir + "/pgn-extract";
  return "";
}

std::string temp_dir() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return dir ? dir : "/tmp";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

// One game as pgn-extract writes it: tag lines, a blank line, movetext, a blank line. Parsed
// here by hand rather than by read_pgn, so that the check does not lean on our own reader.
struct ExtractedGame {
  Tags tags;
  std::vector<std::string> movetext;  // Whitespace-separated tokens, the result last.
};

std::vector<ExtractedGame> parse_extract_output(const std::string& text) {
  std::vector<ExtractedGame> games;
  std::istringstream in(text);
  bool in_movetext = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("[")) {
      if (games.empty() || in_movetext) games.emplace_back();
      in_movetext = false;
      const size_t space = line.find(' ');
      std::string value;
      for (size_t i = line.find('"') + 1; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\') ++i;
        value += line[i];
      }
      games.back().tags.emplace(line.substr(1, space - 1), value);
    } else if (!line.empty() && !games.empty()) {
      in_movetext = true;
      std::istringstream tokens(line);
      for (std::string token; tokens >> token;) games.back().movetext.push_back(token);
    }
  }
  return games;
}

struct Expected {
  Tags tags;
  std::vector<std::string> uci;
  std::vector<std::string> san;
  std::string result;
};

// Runs pgn-extract with `options` on `input`; returns its output file, and fails the test if it
// logged anything (pgn-extract reports bad moves and malformed games in its log, exit code 0).
std::string run_pgn_extract(const std::string& binary, const std::string& options,
                            const std::string& input, const std::string& name) {
  const std::string output = temp_dir() + "/" + name + ".pgn";
  const std::string log = temp_dir() + "/" + name + ".log";
  const std::string command = "'" + binary + "' " + options + " -s -w1000 -l'" + log + "' -o'" +
                              output + "' '" + input + "' > /dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  EXPECT_EQ(read_file(log), "") << "pgn-extract complained about " << input;
  return read_file(output);
}

TEST(PgnExtractTest, ReadsWhatWePrintAndGivesBackTheSameGames) {
  const std::string binary = find_pgn_extract();
  ASSERT_FALSE(binary.empty())
      << "pgn-extract is not installed (looked for /usr/games/pgn-extract and on PATH): "
         "scripts/setup installs it (Debian package pgn-extract)";

  // Hand-made games, random games from the start and from every perft position, with tags that
  // need escaping.
  std::vector<PgnGame> games;
  for (const pgn_test::KnownGame& known : pgn_test::known_games()) games.push_back(known.game);
  std::mt19937 rng(7);
  for (int i = 0; i < 30; ++i) games.push_back(pgn_test::random_game("", rng, 250));
  for (const std::string& fen : chess::test_support::SuiteFens())
    games.push_back(pgn_test::random_game(fen, rng, 80));
  for (size_t i = 0; i < games.size(); ++i)
    games[i].tags = {{"Event", "Referee \"run\" \\ " + std::to_string(i)},
                     {"White", "Splitlab"},
                     {"TimeControl", "40/60+0.5"}};

  std::string text, error;
  std::vector<Expected> expected;
  for (const PgnGame& game : games) {
    ASSERT_TRUE(write_pgn(game, text, error)) << error;
    Expected e;
    e.tags = {{"Event", game.tags[0].second}, {"Site", "?"},
              {"Date", "????.??.??"},         {"Round", "?"},
              {"White", "Splitlab"},          {"Black", "?"},
              {"Result", game.result},        {"TimeControl", "40/60+0.5"}};
    if (!game.start_fen.empty()) {
      e.tags.emplace("SetUp", "1");
      e.tags.emplace("FEN", chess::Position::from_fen(game.start_fen).fen());
    }
    for (const PgnMove& move : game.moves) e.uci.push_back(move.uci);
    e.san = pgn_test::san_moves(game);
    ASSERT_EQ(e.san.size(), e.uci.size());
    e.result = game.result;
    expected.push_back(e);
  }
  const std::string input = temp_dir() + "/written.pgn";
  std::ofstream(input, std::ios::binary) << text;

  std::vector<ExtractedGame> uci =
      parse_extract_output(run_pgn_extract(binary, "-Wuci -C", input, "uci"));
  const std::vector<ExtractedGame> san =
      parse_extract_output(run_pgn_extract(binary, "-C --nomovenumbers", input, "san"));
  ASSERT_EQ(uci.size(), expected.size());
  ASSERT_EQ(san.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i + 1));
    EXPECT_EQ(uci[i].tags, expected[i].tags);
    // pgn-extract writes a UCI promotion piece in upper case ("e7e8Q"); UCI's is lower case.
    for (std::string& token : uci[i].movetext)
      if (token.size() == 5) token[4] = char(std::tolower(static_cast<unsigned char>(token[4])));
    std::vector<std::string> uci_moves = expected[i].uci;
    uci_moves.push_back(expected[i].result);
    EXPECT_EQ(uci[i].movetext, uci_moves);
    std::vector<std::string> san_moves = expected[i].san;
    san_moves.push_back(expected[i].result);
    EXPECT_EQ(san[i].movetext, san_moves);
  }
}

}  // namespace
}  // namespace splitlab::protocol
