// endgame_candidates: candidate openings for an endgame book, taken from the project's own games.
//
//   endgame_candidates --out FILE [--min-ply N] [--min-phase N] [--max-phase N]
//                      [--max-imbalance PAWNS] [--min-pawns N] PGN...
//
// Testing endgame knowledge on the default book wastes games: most of them are decided long
// before the rules it adds can matter. An endgame book starts every game where they can. From
// each chess game this takes its first position that is
//   - at least --min-ply plies (default 20) into the game, not in check, and whose move in the
//     game was neither a capture nor a promotion (not the middle of an exchange);
//   - an endgame: game phase (knight and bishop 1, rook 2, queen 4, both sides together) from
//     --min-phase (default 2: a piece is left to trade) to --max-phase (default 6, the phase at
//     which the evaluation's endgame rules start: a rook and a minor piece a side);
//   - even in material: within --max-imbalance pawns (default 1; pawn 1, knight and bishop 3,
//     rook 5, queen 9), with at least --min-pawns pawns on the board (default 2).
// Positions are kept once (by the FEN's first four fields), in the order found, as EPD lines
// `FEN4 id "eg-GAME-PLY"; c0 "FILE";`. Whether a candidate is balanced beyond material is for
// a referee to judge (make_endgame_book.py asks Stockfish).
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/chess/bitboard.h"
#include "engine/chess/eval_params.h"
#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/protocol/pgn.h"
#include "engine/util/text.h"

namespace {

using namespace splitlab;

struct Criteria {
  int min_ply = 20;
  int min_phase = 2;
  int max_phase = 6;
  int max_imbalance = 1;
  int min_pawns = 2;
};

int usage(const std::string& why) {
  std::fprintf(stderr,
               "endgame_candidates: %s\n"
               "usage: endgame_candidates --out FILE [--min-ply N] [--min-phase N] "
               "[--max-phase N] [--max-imbalance PAWNS] [--min-pawns N] PGN...\n",
               why.c_str());
  return 2;
}

// The FEN's first four fields: the move counters do not make a position different.
std::string epd_position(const std::string& fen) {
  size_t cut = 0;
  for (int spaces = 0; cut < fen.size(); ++cut)
    if (fen[cut] == ' ' && ++spaces == 4) break;
  return fen.substr(0, cut);
}

bool is_even_endgame(const chess::Position& pos, const Criteria& criteria) {
  static constexpr std::array<int, chess::kNumPieceTypes> kPawnUnits = {1, 3, 3, 5, 9, 0};
  int phase = 0, balance = 0;
  for (int t = chess::kPawn; t < chess::kKing; ++t) {
    const auto type = chess::PieceType(t);
    const int white = chess::popcount(pos.pieces(chess::kWhite, type));
    const int black = chess::popcount(pos.pieces(chess::kBlack, type));
    phase += chess::kPhaseWeight[t] * (white + black);
    balance += kPawnUnits[t] * (white - black);
  }
  return phase >= criteria.min_phase && phase <= criteria.max_phase &&
         std::abs(balance) <= criteria.max_imbalance &&
         chess::popcount(pos.pieces(chess::kPawn)) >= criteria.min_pawns;
}

// The game's first qualifying position, or "" when it has none; false with `error` when a move
// is not legal.
bool first_candidate(const protocol::PgnLine& game, const Criteria& criteria, int& ply_found,
                     std::string& fen_found, std::string& error) {
  chess::Position pos;
  if (game.start_fen.empty()) {
    pos = chess::Position::start();
  } else if (!chess::Position::parse_fen(game.start_fen, pos, error)) {
    error = "bad FEN: " + error;
    return false;
  }
  fen_found.clear();
  for (size_t ply = 0; ply < game.uci_moves.size(); ++ply) {
    const chess::Move m = chess::parse_uci_move(pos, game.uci_moves[ply], error);
    if (m.is_none()) {
      error = "ply " + std::to_string(ply + 1) + " (" + game.uci_moves[ply] + "): " + error;
      return false;
    }
    if (int(ply) >= criteria.min_ply && !pos.in_check() && !pos.is_capture_or_promotion(m) &&
        is_even_endgame(pos, criteria)) {
      ply_found = int(ply);
      fen_found = epd_position(pos.fen());
      return true;
    }
    pos.make_move(m);
  }
  return true;
}

// What the command line asks for.
struct Options {
  std::string out_path;
  Criteria criteria;
  std::vector<std::string> inputs;             // The PGN files, in the order given.
  std::string command = "endgame_candidates";  // The whole command line, for the file's header.
};

// Reads the arguments into `options`; returns what is wrong with them (for usage()), or "" if
// nothing is.
std::string parse_options(int argc, char** argv, Options& options) {
  Criteria& criteria = options.criteria;
  for (int i = 1; i < argc; ++i) options.command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](int& field) {
      int64_t v;
      if (i + 1 >= argc || !util::parse_int(argv[i + 1], 0, 1000, v)) return false;
      field = int(v);
      ++i;
      return true;
    };
    if (arg == "--out" && i + 1 < argc) {
      options.out_path = argv[++i];
    } else if (arg == "--min-ply" || arg == "--min-phase" || arg == "--max-phase" ||
               arg == "--max-imbalance" || arg == "--min-pawns") {
      int& field = arg == "--min-ply"     ? criteria.min_ply
                   : arg == "--min-phase" ? criteria.min_phase
                   : arg == "--max-phase" ? criteria.max_phase
                   : arg == "--min-pawns" ? criteria.min_pawns
                                          : criteria.max_imbalance;
      if (!value(field)) return arg + " needs an integer from 0 to 1000";
    } else if (arg.rfind("--", 0) == 0) {
      return "unknown option '" + arg + "'";
    } else {
      options.inputs.push_back(arg);
    }
  }
  if (options.out_path.empty()) return "--out FILE is required";
  if (options.inputs.empty()) return "no PGN files given";
  if (criteria.min_phase > criteria.max_phase)
    return "--min-phase " + std::to_string(criteria.min_phase) + " is above --max-phase " +
           std::to_string(criteria.max_phase);
  return "";
}

// The candidates found so far, over all the files, and what was left out.
struct Candidates {
  std::vector<std::string> lines;  // The EPD lines, in the order found.
  std::unordered_set<std::string> seen;
  int game_number = 0, other_game = 0, duplicates = 0;
};

// Adds the candidates of one PGN file; false (having said why) on a file or game it cannot read.
bool add_candidates(const std::string& path, const Criteria& criteria, Candidates& found) {
  std::vector<protocol::PgnLine> games;
  std::string error;
  if (!protocol::read_pgn_file(path, games, error)) {
    std::fprintf(stderr, "endgame_candidates: %s\n", error.c_str());
    return false;
  }
  for (const auto& game : games) {
    if (game.game != kDefaultGame) {  // A xiangqi game among the files: not numbered.
      ++found.other_game;
      continue;
    }
    ++found.game_number;
    int ply = 0;
    std::string fen;
    if (!first_candidate(game, criteria, ply, fen, error)) {
      std::fprintf(stderr, "endgame_candidates: %s: game %d: %s\n", path.c_str(),
                   found.game_number, error.c_str());
      return false;
    }
    if (fen.empty()) continue;
    if (!found.seen.insert(fen).second) {
      ++found.duplicates;
      continue;
    }
    found.lines.push_back(fen + " id \"eg-" + std::to_string(found.game_number) + "-" +
                          std::to_string(ply) + "\"; c0 \"" + path + "\";");
  }
  return true;
}

// Writes the EPD file, headed by the command and the counts; false (having said why) on failure.
bool write_candidates(const std::string& out_path, const std::string& command,
                      const Candidates& found) {
  std::ofstream out(out_path);
  if (!out) {
    std::fprintf(stderr, "endgame_candidates: cannot write '%s'\n", out_path.c_str());
    return false;
  }
  out << "# " << command << "\n";
  out << "# " << found.game_number << " chess games read, " << found.lines.size()
      << " candidates, " << found.duplicates << " repeated positions left out, "
      << found.other_game << " games of another variant left out\n";
  for (const auto& line : found.lines) out << line << "\n";
  out.close();
  if (!out) {
    std::fprintf(stderr, "endgame_candidates: writing '%s' failed\n", out_path.c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::string why = parse_options(argc, argv, options); !why.empty()) return usage(why);
  Candidates found;
  for (const std::string& path : options.inputs)
    if (!add_candidates(path, options.criteria, found)) return 1;
  if (!write_candidates(options.out_path, options.command, found)) return 1;
  std::fprintf(stderr, "%d chess games, %zu candidates (%d repeated), written to %s\n",
               found.game_number, found.lines.size(), found.duplicates, options.out_path.c_str());
  return 0;
}
