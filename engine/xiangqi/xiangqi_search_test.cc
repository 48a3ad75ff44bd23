// The generic search on xiangqi: mates found with the exact "mate N" (positions confirmed with
// Fairy-Stockfish 11.1, `go depth 5`), the rule that a side with no legal move loses even when
// not in check, repetition (perpetual check loses for the checking side, other cycles draw),
// static exchange evaluation on hand-checked exchanges, and a deterministic one-thread search.
#include <string>

#include "engine/core/score.h"
#include "engine/search/searcher.h"
#include "engine/xiangqi/chase.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/see.h"
#include "engine/xiangqi/xiangqi_game.h"
#include "gtest/gtest.h"
#include "hashing/tt.h"

namespace splitlab::xiangqi {
namespace {

Position parse(std::string_view fen) {
  Position pos;
  std::string error;
  EXPECT_TRUE(Position::parse_fen(fen, pos, error)) << fen << ": " << error;
  return pos;
}

search::SearchResult search_to_depth(const Position& pos, int depth) {
  hashing::TranspositionTable table;
  std::string error;
  EXPECT_TRUE(table.resize(16, &error)) << error;
  search::Searcher<XiangqiGame> searcher(table);
  search::SearchLimits limits;
  limits.depth = depth;
  searcher.arm();
  return searcher.run(pos, limits, false, 0, [](const search::SearchResult&) {});
}

// After `move`, the side to move has no legal move (checkmated, or without a move and lost).
bool leaves_no_move(const Position& root, const std::string& move) {
  Position pos = root;
  std::string error;
  const Move m = parse_move(pos, move, error);
  EXPECT_FALSE(m.is_none()) << error;
  if (m.is_none()) return false;
  pos.make_move(m);
  return count_legal_moves(pos) == 0;
}

TEST(XiangqiSearch, FindsMateInOneByCheck) {
  // Fairy-Stockfish: mate 1 (it plays a1d1, our a0d0; a0a9 and b8e8 mate too).
  const Position pos = parse("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  const search::SearchResult r = search_to_depth(pos, 4);
  EXPECT_EQ(score_to_uci(r.score), "mate 1") << r.best_move;
  EXPECT_TRUE(leaves_no_move(pos, r.best_move)) << r.best_move;
}

TEST(XiangqiSearch, FindsLongerMatesWithTheExactDistance) {
  // Fairy-Stockfish 11.1 at depth 22: mate 2 (e3f5 f9e9 c3f3) and mate 3 (b8c8 d7e7 d5d6 e8d7
  // c1e1). For the third it says mate 4 at the root, but after its own first move (h4g6) both
  // of Black's replies are mated in 2 by its search at depth 18: a mate in 3, which is what
  // Splitlab finds (Fairy-Stockfish's mate distances are not always exact).
  struct Case {
    const char* fen;
    int moves;
  };
  const Case cases[] = {{"3a1a3/9/5k2b/9/7H1/9/2C1H4/9/4K4/9 w - - 0 1", 2},
                        {"5ab2/1P2a4/3k5/9/3P5/9/9/9/2R6/5K3 w - - 0 1", 3},
                        {"3a5/5k3/9/9/1C7/7H1/9/1H7/4K4/9 w - - 0 1", 3}};
  for (const Case& c : cases) {
    const Position pos = parse(c.fen);
    const search::SearchResult r = search_to_depth(pos, 2 * c.moves + 4);
    EXPECT_EQ(score_to_uci(r.score), "mate " + std::to_string(c.moves)) << c.fen;
    EXPECT_FALSE(r.pv.empty()) << c.fen;
    EXPECT_LE(r.pv.size(), size_t(2 * c.moves - 1)) << c.fen;  // Table cutoffs may cut it short.
  }
}

TEST(XiangqiSearch, NoLegalMoveLosesEvenOutOfCheck) {
  // Black to move is not in check and has no legal move (d8 is covered by the chariot, e9 by
  // the facing general): Black has lost. Fairy-Stockfish answers `bestmove (none)`.
  const Position lost = parse("3k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_FALSE(lost.in_check());
  EXPECT_EQ(count_legal_moves(lost), 0);
  const search::SearchResult none = search_to_depth(lost, 3);
  EXPECT_TRUE(none.best_move.empty());
  EXPECT_EQ(none.score, mated_in(0));
  // So the quiet move that brings it about is a mate in 1 (Fairy-Stockfish: mate 1, b9e9; the
  // general's step f0e0 wins the same way). In chess this would be stalemate, a draw.
  const Position pos = parse("3k5/1R7/9/9/9/9/9/9/9/5K3 w - - 0 1");
  const search::SearchResult r = search_to_depth(pos, 4);
  EXPECT_EQ(score_to_uci(r.score), "mate 1") << r.best_move;
  EXPECT_TRUE(leaves_no_move(pos, r.best_move)) << r.best_move;
}

// Plays `moves` (UCCI text) from `fen`, asserting each is legal.
Position play(std::string_view fen, std::initializer_list<const char*> moves) {
  Position pos = parse(fen);
  for (const char* text : moves) {
    std::string error;
    const Move m = parse_move(pos, text, error);
    EXPECT_FALSE(m.is_none()) << error;
    if (m.is_none()) break;
    pos.make_move(m);
  }
  return pos;
}

TEST(XiangqiRepetition, PerpetualCheckLosesForTheCheckingSide) {
  // Red's chariot checks from a9 and a8 in turn; Black's general steps e9-e8-e9.
  const char* fen = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
  const Position pos = play(fen, {"a8a9", "e9e8", "a9a8", "e8e9"});
  EXPECT_EQ(pos.key(), parse(fen).key());
  EXPECT_EQ(pos.repetition(), Position::Repetition::kLoss);  // Red, to move, checked throughout.
  Score score = 0;
  EXPECT_TRUE(XiangqiGame::rule_score(pos, score));
  EXPECT_EQ(score, -kBanScore);
  EXPECT_TRUE(is_ban_score(score));
  EXPECT_FALSE(is_mate_score(score));
  // One ply on, Black is to move in the repeated cycle and is the side that was checked.
  const Position black = play(fen, {"a8a9", "e9e8", "a9a8", "e8e9", "a8a9"});
  EXPECT_EQ(black.repetition(), Position::Repetition::kWin);
}

TEST(XiangqiRepetition, CycleWithoutPerpetualCheckDraws) {
  const char* fen = "4k4/9/9/9/9/9/9/9/R8/5K3 w - - 0 1";
  const Position pos = play(fen, {"a1a2", "e9d9", "a2a1", "d9e9"});
  EXPECT_EQ(pos.key(), parse(fen).key());
  EXPECT_EQ(pos.repetition(), Position::Repetition::kDraw);
  Score score = 1;
  EXPECT_TRUE(XiangqiGame::rule_score(pos, score));
  EXPECT_EQ(score, kDrawScore);
  // Before the cycle closes there is no repetition.
  EXPECT_EQ(play(fen, {"a1a2", "e9d9", "a2a1"}).repetition(), Position::Repetition::kNone);
  // A position set up from a FEN has no history to repeat.
  EXPECT_FALSE(XiangqiGame::rule_score(parse(fen), score));
}

// Red's chariot chases an undefended black horse between a6 and c5 (UCCI squares): every Red move
// attacks it anew, no Black move attacks anything. The chaser loses.
TEST(XiangqiRepetition, PerpetualChaseLosesForTheChasingSide) {
  const char* fen = "5k3/9/9/n8/9/9/9/9/1R7/3K5 w - - 0 1";
  const Position black = play(fen, {"b1a1", "a6c5", "a1c1", "c5a6", "c1a1", "a6c5", "a1c1"});
  EXPECT_EQ(black.repetition(), Position::Repetition::kWinByChase);  // Black, chased, to move.
  Score score = 0;
  EXPECT_TRUE(XiangqiGame::rule_score(black, score));
  EXPECT_EQ(score, kBanScore);
  const Position red = play(fen, {"b1a1", "a6c5", "a1c1", "c5a6", "c1a1", "a6c5", "a1c1", "c5a6"});
  EXPECT_EQ(red.repetition(), Position::Repetition::kLossByChase);
  // What each move chased: the horse, on the square it stood on.
  Position pos = parse(fen);
  std::string error;
  const Move first = parse_move(pos, "b1a1", error);
  pos.make_move(first);
  SquareSet expected;
  expected.set(make_square(0, 6));
  EXPECT_EQ(chased_by_last_move(pos, first, kNoPiece), expected);
  const Move flight = parse_move(pos, "a6c5", error);
  pos.make_move(flight);
  EXPECT_TRUE(chased_by_last_move(pos, flight, kNoPiece).none());
}

// The same cycle with the horse defended on a6 by Black's chariot on a9: the attacks on a6 are
// no chase, so the chase is broken and the cycle draws.
TEST(XiangqiRepetition, ChasingADefendedPieceIsNoChase) {
  const char* fen = "r4k3/9/9/n8/9/9/9/9/1R7/3K5 w - - 0 1";
  const Position black = play(fen, {"b1a1", "a6c5", "a1c1", "c5a6", "c1a1", "a6c5", "a1c1"});
  EXPECT_EQ(black.repetition(), Position::Repetition::kDraw);
}

// A horse attacking a chariot chases it even when the chariot is defended (it is worth more);
// a chariot attacking a defended chariot that can take it back does not.
TEST(XiangqiChase, StrongerPiecesAreChasedDefendedOrNot) {
  Position pos = parse("4rk3/9/9/4r4/9/9/9/2N6/9/3K5 w - - 0 1");
  std::string error;
  const Move horse = parse_move(pos, "c2d4", error);
  ASSERT_FALSE(horse.is_none()) << error;
  pos.make_move(horse);
  EXPECT_TRUE(chased_by_last_move(pos, horse, kNoPiece)[make_square(4, 6)]);  // e6
  Position rooks = parse("4rk3/9/9/4r4/9/9/9/9/R8/3K5 w - - 0 1");
  const Move rook = parse_move(rooks, "a1a6", error);
  ASSERT_FALSE(rook.is_none()) << error;
  rooks.make_move(rook);
  EXPECT_TRUE(chased_by_last_move(rooks, rook, kNoPiece).none());
}

TEST(XiangqiRules, FiftyMovesWithoutACaptureDraw) {
  Score score = 1;
  EXPECT_FALSE(XiangqiGame::rule_score(parse("4k4/9/9/9/9/9/9/9/R8/5K3 w - - 99 80"), score));
  EXPECT_TRUE(XiangqiGame::rule_score(parse("4k4/9/9/9/9/9/9/9/R8/5K3 w - - 100 80"), score));
  EXPECT_EQ(score, kDrawScore);
  // One more quiet ply reaches the limit; a capture starts the count again.
  Position pos = parse("4k4/9/9/9/9/9/p8/9/R8/5K3 w - - 99 80");
  std::string error;
  Position quiet = pos;
  quiet.make_move(parse_move(quiet, "f0f1", error));
  EXPECT_TRUE(XiangqiGame::rule_score(quiet, score)) << error;
  pos.make_move(parse_move(pos, "a1a3", error));
  EXPECT_EQ(pos.plies_since_capture(), 0) << error;
  EXPECT_FALSE(XiangqiGame::rule_score(pos, score));
}

TEST(XiangqiSee, HandCheckedExchanges) {
  std::string error;
  // Red's chariot takes an undefended horse: +400.
  Position pos = parse("4k4/9/9/9/9/9/n8/9/9/R2K5 w - - 0 1");
  EXPECT_EQ(see(pos, parse_move(pos, "a0a3", error)), 400) << error;
  // The same horse defended by a soldier beside it (across the river for Black): 400 - 900.
  pos = parse("4k4/9/9/9/9/9/np7/9/9/R2K5 w - - 0 1");
  EXPECT_EQ(see(pos, parse_move(pos, "a0a3", error)), -500) << error;
  // A cannon over its screen takes a chariot defended by nothing: +900.
  pos = parse("4k4/9/9/r8/9/9/P8/9/C8/3K5 w - - 0 1");
  EXPECT_EQ(see(pos, parse_move(pos, "a1a6", error)), 900) << error;
  // A quiet move onto a square the horse attacks loses the piece moved (a chariot, 900).
  pos = parse("4k4/9/9/9/9/2n6/9/9/9/R2K5 w - - 0 1");
  EXPECT_EQ(see(pos, parse_move(pos, "a0a3", error)), -900) << error;
}

TEST(XiangqiSearch, OneThreadIsDeterministic) {
  const Position start = Position::start();
  const search::SearchResult a = search_to_depth(start, 6);
  const search::SearchResult b = search_to_depth(start, 6);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.best_move, b.best_move);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.depth, 6);
  std::string error;
  EXPECT_FALSE(parse_move(start, a.best_move, error).is_none()) << error;
  EXPECT_GT(a.nodes, 1000u);
}

}  // namespace
}  // namespace splitlab::xiangqi
