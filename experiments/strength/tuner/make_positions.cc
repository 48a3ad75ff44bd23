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

int usage(const char* why) {
  std::fprintf(stderr,
               "make_positions: %s\n"
               "usage: make_positions --out FILE [--game chess|xiangqi] [--per-game N] "
               "[--skip-plies N] [--seed S] PGN...\n",
               why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace splitlab;
  std::string out_path;
  GameId wanted_game = GameId::kChess;
  tuner::ExtractSettings settings;
  long seed = 1;
  std::vector<std::string> inputs;
  std::string command = "make_positions";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](int64_t& v) {
      if (i + 1 >= argc || !util::parse_int(argv[i + 1], 0, INT64_MAX, v)) return false;
      ++i;
      return true;
    };
    int64_t v;
    if (arg == "--out" && i + 1 < argc) {
      out_path = argv[++i];
    } else if (arg == "--game" && i + 1 < argc) {
      std::string error;
      if (!parse_game(argv[++i], wanted_game, error)) return usage(("--game: " + error).c_str());
    } else if (arg == "--per-game") {
      if (!value(v)) return usage("--per-game needs a non-negative integer");
      settings.per_game = int(v);
    } else if (arg == "--skip-plies") {
      if (!value(v)) return usage("--skip-plies needs a non-negative integer");
      settings.skip_plies = int(v);
    } else if (arg == "--seed") {
      if (!value(seed)) return usage("--seed needs a non-negative integer");
    } else if (arg.rfind("--", 0) == 0) {
      return usage(("unknown option '" + arg + "'").c_str());
    } else {
      inputs.push_back(arg);
    }
  }
  if (out_path.empty()) return usage("--out FILE is required");
  if (inputs.empty()) return usage("no PGN files given");

  std::mt19937_64 rng{uint64_t(seed)};
  std::vector<std::string> lines;
  int game_number = 0, games_used = 0, other_game = 0;
  for (const std::string& path : inputs) {
    std::vector<protocol::PgnLine> games;
    std::string error;
    if (!protocol::read_pgn_file(path, games, error)) {
      std::fprintf(stderr, "make_positions: %s\n", error.c_str());
      return 1;
    }
    for (const auto& game : games) {
      if (game.game != wanted_game) {
        ++other_game;  // Not numbered: the numbers stay those of the game the file is for.
        continue;
      }
      const size_t before = lines.size();
      if (!tuner::extract_positions(game, game_number, settings, rng, lines, error)) {
        std::fprintf(stderr, "make_positions: %s: %s\n", path.c_str(), error.c_str());
        return 1;
      }
      games_used += lines.size() > before;
      ++game_number;
    }
    std::fprintf(stderr, "%s: %zu games\n", path.c_str(), games.size());
  }
  std::ofstream out(out_path);
  if (!out) {
    std::fprintf(stderr, "make_positions: cannot write '%s'\n", out_path.c_str());
    return 1;
  }
  out << "# " << command << "\n";
  out << "# " << game_number << " " << game_info(wanted_game).name << " games read, " << games_used
      << " gave positions, " << lines.size() << " positions; " << other_game
      << " games of another game left out\n";
  for (const auto& line : lines) out << line << "\n";
  out.close();
  if (!out) {
    std::fprintf(stderr, "make_positions: writing '%s' failed\n", out_path.c_str());
    return 1;
  }
  std::fprintf(stderr,
               "%d %s games, %d gave positions, %zu positions written to %s; %d games of another "
               "game left out\n",
               game_number, std::string(game_info(wanted_game).name).c_str(), games_used, lines.size(), out_path.c_str(),
               other_game);
  return 0;
}
