// Tic-tac-toe (tictactoe_game.h) through Splitlab's generic code, against answers worked out
// here by brute force on a board of characters that shares nothing with the game's Position:
// - perft at every depth from the start and from the bench positions, and the published
//   totals (255,168 games: 131,184 won by X, 77,904 by O, 46,080 drawn);
// - the search's value of every bench position and of positions with a forced win, at 1 thread
//   and at 2-8 threads under every strategy of the registry (a draw from the start; a win
//   scored as a mate at the brute force's distance), with a legal best move.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/core/score.h"
#include "engine/search/searcher.h"
#include "gtest/gtest.h"
#include "hashing/tt.h"
#include "parallel/options.h"
#include "parallel/strategy.h"
#include "tests/games/tictactoe/tictactoe_game.h"

namespace splitlab::tictactoe {
namespace {

using G = TicTacToeGame;

// The brute force's board: nine characters, 'x', 'o' or '.', a1 first.
struct Board {
  std::array<char, 9> cells{};
  char mover = 'x';
};

Board board_of(std::string_view fen) {
  Board b;
  b.cells.fill('.');
  int rank = 2, file = 0;
  size_t i = 0;
  for (; i < fen.size() && fen[i] != ' '; ++i) {
    const char c = fen[i];
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '3') {
      file += c - '0';
    } else {
      b.cells[size_t(3 * rank + file++)] = c;
    }
  }
  b.mover = fen[i + 1];
  return b;
}

bool wins(const Board& b, char mark) {
  static constexpr int kThrees[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                        {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& t : kThrees)
    if (b.cells[t[0]] == mark && b.cells[t[1]] == mark && b.cells[t[2]] == mark) return true;
  return false;
}

char other(char mark) { return mark == 'x' ? 'o' : 'x'; }

// Leaves at `depth` plies, a finished game ending its line early.
uint64_t brute_perft(Board& b, int depth) {
  if (wins(b, other(b.mover))) return 0;
  uint64_t leaves = 0;
  for (char& cell : b.cells) {
    if (cell != '.') continue;
    if (depth == 1) {
      ++leaves;
      continue;
    }
    cell = b.mover;
    b.mover = other(b.mover);
    leaves += brute_perft(b, depth - 1);
    b.mover = other(b.mover);
    cell = '.';
  }
  return leaves;
}

// Whole games from here: {won by x, won by o, drawn}.
void count_games(Board& b, std::array<uint64_t, 3>& results) {
  if (wins(b, other(b.mover))) {
    ++results[other(b.mover) == 'x' ? 0 : 1];
    return;
  }
  bool moved = false;
  for (char& cell : b.cells) {
    if (cell != '.') continue;
    moved = true;
    cell = b.mover;
    b.mover = other(b.mover);
    count_games(b, results);
    b.mover = other(b.mover);
    cell = '.';
  }
  if (!moved) ++results[2];
}

// The value for the side to move with best play: +1 win, 0 draw, -1 loss, and the plies to the
// end (the shortest win, the longest loss).
struct Value {
  int result = 0;
  int plies = 0;
};

Value solve(Board& b) {
  if (wins(b, other(b.mover))) return {-1, 0};
  Value best{-2, 0};
  for (char& cell : b.cells) {
    if (cell != '.') continue;
    cell = b.mover;
    b.mover = other(b.mover);
    const Value reply = solve(b);
    b.mover = other(b.mover);
    cell = '.';
    const Value mine{-reply.result, reply.plies + 1};
    const bool better = mine.result > best.result ||
                        (mine.result == best.result && mine.result > 0 && mine.plies < best.plies) ||
                        (mine.result == best.result && mine.result < 0 && mine.plies > best.plies);
    if (better) best = mine;
  }
  return best.result == -2 ? Value{0, 0} : best;  // A full board: drawn.
}

Position parse(std::string_view fen) {
  Position pos;
  std::string error;
  EXPECT_TRUE(G::parse_fen(fen, pos, error)) << fen << ": " << error;
  return pos;
}

TEST(TicTacToeTest, PerftMatchesTheBruteForceAndThePublishedCounts) {
  // Paths of each length from the start (games that ended earlier stop counting).
  constexpr uint64_t kFromStart[] = {9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872};
  for (int depth = 1; depth <= 9; ++depth) {
    Position pos = parse(kStartFen);
    Board board = board_of(kStartFen);
    EXPECT_EQ(perft<G>(pos, depth), kFromStart[depth - 1]) << "depth " << depth;
    EXPECT_EQ(brute_perft(board, depth), kFromStart[depth - 1]) << "depth " << depth;
  }
  for (const BenchPosition& p : G::bench_positions()) {
    for (int depth = 1; depth <= 9 - parse(p.fen).plies(); ++depth) {
      Position pos = parse(p.fen);
      Board board = board_of(p.fen);
      EXPECT_EQ(perft<G>(pos, depth), brute_perft(board, depth)) << p.id << " depth " << depth;
      EXPECT_EQ(G::fen(pos), p.fen) << "perft leaves the position as it found it";
    }
  }
  Board start = board_of(kStartFen);
  std::array<uint64_t, 3> games{};
  count_games(start, games);
  EXPECT_EQ(games, (std::array<uint64_t, 3>{131184, 77904, 46080}));
}

TEST(TicTacToeTest, FenRoundTripsAndBadTextIsRefusedWithAReason) {
  for (const BenchPosition& p : G::bench_positions()) EXPECT_EQ(G::fen(parse(p.fen)), p.fen);
  for (const char* bad : {"", "3/3/3", "3/3/3 y", "3/3 x", "3/3/3/3 x", "4/3/2 x", "x2/3/3 x",
                          "3/3/3 o", "xxx/ooo/3 x", "3/3/2q x"}) {
    Position pos;
    std::string error;
    EXPECT_FALSE(G::parse_fen(bad, pos, error)) << bad;
    EXPECT_NE(error.find("tic-tac-toe position"), std::string::npos) << bad << ": " << error;
  }
}

// Positions whose value the brute force gives: the bench positions and a few with forced wins
// for either side.
std::vector<std::string> value_positions() {
  std::vector<std::string> fens;
  for (const BenchPosition& p : G::bench_positions()) fens.emplace_back(p.fen);
  for (const char* fen : {"x1o/3/x2 o", "x1o/1o1/x2 x", "xo1/3/x2 o", "oo1/xx1/x2 o"})
    fens.emplace_back(fen);
  return fens;
}

search::SearchResult search(const Position& pos, int threads, const parallel::SplitSettings& s) {
  hashing::TranspositionTable table;
  std::string error;
  EXPECT_TRUE(table.resize(1, &error)) << error;
  auto searcher = std::make_unique<search::Searcher<G>>(table);
  parallel::configure_threads(*searcher, threads, s);
  search::SearchLimits limits;
  // A ply beyond the last empty square, so that a full board is searched as a node with no
  // move (a draw), not left to the quiescence search's static score.
  limits.depth = 10 - pos.plies();
  searcher->arm();
  return searcher->run(pos, limits, false, 0, [](const search::SearchResult&) {});
}

void expect_value(const std::string& fen, const search::SearchResult& result,
                  const std::string& who) {
  Board board = board_of(fen);
  const Value value = solve(board);
  SCOPED_TRACE(fen + ", " + who);
  if (value.result == 0)
    EXPECT_EQ(result.score, kDrawScore);
  else if (value.result > 0)
    EXPECT_EQ(result.score, mate_in(value.plies));
  else
    EXPECT_EQ(result.score, mated_in(value.plies));
  std::string error;
  EXPECT_FALSE(G::parse_move(parse(fen), result.best_move, error).is_none()) << error;
}

TEST(TicTacToeTest, TheSearchFindsEachPositionsValueAtOneThread) {
  for (const std::string& fen : value_positions())
    expect_value(fen, search(parse(fen), 1, {}), "1 thread");
}

TEST(TicTacToeTest, EveryStrategyFindsTheSameValuesAtTwoToEightThreads) {
  for (const parallel::StrategyEntry& e : parallel::split_strategies()) {
    if (e.strategy == parallel::SplitStrategy::kNone) continue;
    parallel::SplitSettings settings;
    settings.strategy = e.strategy;
    for (int threads = 2; threads <= 8; ++threads)
      for (const std::string& fen : value_positions())
        expect_value(fen, search(parse(fen), threads, settings),
                     std::string(e.name) + " at " + std::to_string(threads) + " threads");
  }
}

}  // namespace
}  // namespace splitlab::tictactoe
