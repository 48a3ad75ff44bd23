// Games shared by the PGN tests (testonly): hand-made games whose export movetext was worked
// out by hand, and random legal games.
#pragma once

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/protocol/pgn.h"

namespace splitlab::protocol::pgn_test {

struct KnownGame {
  std::string name;
  PgnGame game;
  std::string movetext;  // What write_pgn must write after the tags, one line each here.
};

inline PgnGame make_game(std::string start_fen, const std::vector<std::string>& uci_moves,
                         std::string result) {
  PgnGame game;
  game.start_fen = std::move(start_fen);
  for (const std::string& uci : uci_moves) game.moves.push_back({uci, ""});
  game.result = std::move(result);
  return game;
}

// Each one covers a rule of SAN or of export format; the movetext was written by hand.
inline std::vector<KnownGame> known_games() {
  std::vector<KnownGame> games;
  games.push_back({"fools_mate", make_game("", {"f2f3", "e7e5", "g2g4", "d8h4"}, "0-1"),
                   "1. f3 e5 2. g4 Qh4# 0-1"});
  games.push_back({"castling_both_sides",
                   make_game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"e1c1", "e8g8"}, "*"),
                   "1. O-O-O O-O *"});
  games.push_back({"en_passant", make_game("", {"e2e4", "a7a6", "e4e5", "d7d5", "e5d6"}, "*"),
                   "1. e4 a6 2. e5 d5 3. exd6 *"});
  // A promotion with capture and check, a queen's check, an under-promotion without capture.
  games.push_back({"promotions",
                   make_game("3r3k/2P5/8/8/8/8/4p3/K7 w - - 0 1",
                             {"c7d8q", "h8g7", "d8d7", "g7f6", "a1b2", "e2e1n"}, "*"),
                   "1. cxd8=Q+ Kg7 2. Qd7+ Kf6 3. Kb2 e1=N *"});
  // Three queens reach b2: a1 shares a file with a3 and a rank with c1 (both needed); a3 shares
  // only a file with a1 (rank); c1 shares only a rank with a1 (file).
  const std::string queens = "6k1/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
  games.push_back({"disambiguation_both", make_game(queens, {"a1b2"}, "*"), "1. Qa1b2 *"});
  games.push_back({"disambiguation_rank", make_game(queens, {"a3b2"}, "*"), "1. Q3b2 *"});
  games.push_back({"disambiguation_file", make_game(queens, {"c1b2"}, "*"), "1. Qcb2 *"});
  // Black moves first, at move 12; the rooks on d1 and h1 both reach e1.
  games.push_back({"black_starts",
                   make_game("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 12",
                             {"e8d7", "e1c1", "d7e6", "h1e1", "e6f5"}, "*"),
                   "12... Kd7 13. O-O-O+ Ke6 14. Rhe1+ Kf5 *"});
  PgnGame commented = make_game("", {"e2e4", "e7e5", "g1f3", "b8c6"}, "1-0");
  commented.moves[0].comment = "+0.31/14 0.52s";
  commented.moves[2].comment = "book";
  commented.final_comment = "White wins on time";
  games.push_back({"comments", commented,
                   "1. e4 {+0.31/14 0.52s} 1... e5 2. Nf3 {book} 2... Nc6 {White wins on time} "
                   "1-0"});
  // The last move has a comment too: the final comment joins it, so that no two comments stand
  // in a row (chess.js rejects a game that has them).
  PgnGame mated = make_game("", {"f2f3", "e7e5", "g2g4", "d8h4"}, "0-1");
  mated.moves[3].comment = "-M1/127 0.00s";
  mated.final_comment = "Black mates";
  games.push_back({"final_comment_joins_the_last_moves", mated,
                   "1. f3 e5 2. g4 Qh4# {-M1/127 0.00s, Black mates} 0-1"});
  return games;
}

// A random legal game of at most `max_plies` from `fen` (empty: the start), with an engine-like
// comment on some moves.
inline PgnGame random_game(const std::string& fen, std::mt19937& rng, int max_plies) {
  chess::Position pos = fen.empty() ? chess::Position::start() : chess::Position::from_fen(fen);
  PgnGame game;
  game.start_fen = fen;
  for (int ply = 0; ply < max_plies; ++ply) {
    chess::MoveList legal;
    chess::generate<chess::GenType::kAll>(pos, legal);
    if (legal.empty()) break;
    const chess::Move move = legal[int(rng() % unsigned(legal.size()))];
    PgnMove pgn_move{chess::move_to_uci(move), ""};
    if (rng() % 4 == 0)
      pgn_move.comment = std::to_string(int(rng() % 400) - 200) + "/" + std::to_string(rng() % 30) +
                         " " + std::to_string(rng() % 1000) + "ms";
    game.moves.push_back(pgn_move);
    pos.make_move(move);
  }
  // Any result where the game is not over; pgn-extract checks the one after a mate.
  constexpr std::string_view kResults[] = {"1-0", "0-1", "1/2-1/2", "*"};
  game.result = kResults[rng() % 4];
  chess::MoveList replies;
  chess::generate<chess::GenType::kAll>(pos, replies);
  if (replies.empty() && pos.in_check())
    game.result = pos.side_to_move() == chess::kWhite ? "0-1" : "1-0";
  else if (replies.empty())
    game.result = "1/2-1/2";
  return game;
}

// The SAN of each move of `game`, by notation.h.
inline std::vector<std::string> san_moves(const PgnGame& game) {
  chess::Position pos =
      game.start_fen.empty() ? chess::Position::start() : chess::Position::from_fen(game.start_fen);
  std::vector<std::string> sans;
  for (const PgnMove& pgn_move : game.moves) {
    std::string error;
    const chess::Move move = chess::parse_uci_move(pos, pgn_move.uci, error);
    if (move.is_none()) return {};
    sans.push_back(chess::move_to_san(pos, move));
    pos.make_move(move);
  }
  return sans;
}

}  // namespace splitlab::protocol::pgn_test
