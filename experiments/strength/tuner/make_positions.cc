// make_positions: the tuner's training data from PGN files of the project's own games.
//
//   make_positions --out FILE [--game chess|xiangqi] [--per-game N] [--skip-plies N] [--seed S]
//                  PGN...
//
// Games are numbered across the files in the order given; each game of --game (default chess;
// a PGN's Variant tag tells) contributes up to N quiet positions (see training_data.h) with its
// result and number, and games of the other game are left out and counted, so one file list
// can hold both. The file's header records the command and the counts.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "engine/games/games.h"
#include "engine/protocol/pgn.h"
#include "engine/util/text.h"
#include "experiments/strength/tuner/training_data.h"

namespace {

using namespace splitlab;

int usage(const char* why) {
  std::fprintf(stderr,
               "make_positions: %s\n"
               "usage: make_positions --out FILE [--game chess|xiangqi] [--per-game N] "
               "[--skip-plies N] [--seed S] PGN...\n",
               why);
  return 2;
}

// What the command line asks for.
struct Options {
  std::string out_path;
  GameId wanted_game = tuner::tuned_chess();
  tuner::ExtractSettings settings;
  long seed = 1;
  std::vector<std::string> inputs;         // The PGN files, in the order given.
  std::string command = "make_positions";  // The whole command line, for the file's header.
};

// Reads the arguments into `options`; returns what is wrong with them (for usage()), or "" if
// nothing is.
std::string parse_options(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; ++i) options.command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](int64_t& v) {
      if (i + 1 >= argc || !util::parse_int(argv[i + 1], 0, INT64_MAX, v)) return false;
      ++i;
      return true;
    };
    int64_t v;
    if (arg == "--out" && i + 1 < argc) {
      options.out_path = argv[++i];
    } else if (arg == "--game" && i + 1 < argc) {
      std::string error;
      if (!parse_game(argv[++i], options.wanted_game, error)) return "--game: " + error;
    } else if (arg == "--per-game") {
      if (!value(v)) return "--per-game needs a non-negative integer";
      options.settings.per_game = int(v);
    } else if (arg == "--skip-plies") {
      if (!value(v)) return "--skip-plies needs a non-negative integer";
      options.settings.skip_plies = int(v);
    } else if (arg == "--seed") {
      if (!value(options.seed)) return "--seed needs a non-negative integer";
    } else if (arg.rfind("--", 0) == 0) {
      return "unknown option '" + arg + "'";
    } else {
      options.inputs.push_back(arg);
    }
  }
  if (options.out_path.empty()) return "--out FILE is required";
  if (options.inputs.empty()) return "no PGN files given";
  return "";
}

// The positions taken so far, over all the files, and the counts the file's header reports.
struct Extraction {
  std::mt19937_64 rng;  // One stream over all the files, so that a seed names the whole run.
  std::vector<std::string> lines;
  int game_number = 0, games_used = 0, other_game = 0;
};

// Adds the positions of one PGN file's games of `options.wanted_game`; false (having said why)
// on a file or game it cannot read.
bool add_positions(const std::string& path, const Options& options, Extraction& taken) {
  std::vector<protocol::PgnLine> games;
  std::string error;
  if (!protocol::read_pgn_file(path, games, error)) {
    std::fprintf(stderr, "make_positions: %s\n", error.c_str());
    return false;
  }
  for (const auto& game : games) {
    if (game.game != options.wanted_game) {
      ++taken.other_game;  // Not numbered: the numbers stay those of the game the file is for.
      continue;
    }
    const size_t before = taken.lines.size();
    if (!tuner::extract_positions(game, taken.game_number, options.settings, taken.rng,
                                  taken.lines, error)) {
      std::fprintf(stderr, "make_positions: %s: %s\n", path.c_str(), error.c_str());
      return false;
    }
    taken.games_used += taken.lines.size() > before;
    ++taken.game_number;
  }
  std::fprintf(stderr, "%s: %zu games\n", path.c_str(), games.size());
  return true;
}

// Writes the positions, headed by the command and the counts; false (having said why) on
// failure.
bool write_positions(const Options& options, const Extraction& taken) {
  std::ofstream out(options.out_path);
  if (!out) {
    std::fprintf(stderr, "make_positions: cannot write '%s'\n", options.out_path.c_str());
    return false;
  }
  out << "# " << options.command << "\n";
  out << "# " << taken.game_number << " " << game_info(options.wanted_game).name
      << " games read, " << taken.games_used << " gave positions, " << taken.lines.size()
      << " positions; " << taken.other_game << " games of another game left out\n";
  for (const auto& line : taken.lines) out << line << "\n";
  out.close();
  if (!out) {
    std::fprintf(stderr, "make_positions: writing '%s' failed\n", options.out_path.c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::string why = parse_options(argc, argv, options); !why.empty())
    return usage(why.c_str());
  Extraction taken{std::mt19937_64{uint64_t(options.seed)}};
  for (const std::string& path : options.inputs)
    if (!add_positions(path, options, taken)) return 1;
  if (!write_positions(options, taken)) return 1;
  std::fprintf(stderr,
               "%d %s games, %d gave positions, %zu positions written to %s; %d games of another "
               "game left out\n",
               taken.game_number, std::string(game_info(options.wanted_game).name).c_str(),
               taken.games_used, taken.lines.size(), options.out_path.c_str(), taken.other_game);
  return 0;
}
