// The xiangqi evaluation: its trace reproduces it exactly from the weights (the Texel tuner's
// linear model rests on that), it is symmetric between the colours and between the wings, and
// the weights' names and fixed set describe the table.
#include <algorithm>
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "engine/xiangqi/eval_params.h"
#include "engine/xiangqi/evaluate.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/position.h"
#include "gtest/gtest.h"

namespace splitlab::xiangqi {
namespace {

// Positions from random playouts from the start, every 3rd ply.
std::vector<Position> playout_positions(int games, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  for (int game = 0; game < games; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 160; ++ply) {
      MoveList moves;
      generate<GenType::kAll>(pos, moves);
      if (moves.empty()) break;
      pos.make_move(moves[int(rng() % uint64_t(moves.size()))]);
      if (ply % 3 == 2) out.push_back(pos);
    }
  }
  return out;
}

// The board rows of a FEN, rank 9 first.
std::vector<std::string> rows_of(const std::string& fen) {
  std::vector<std::string> rows;
  const std::string board = fen.substr(0, fen.find(' '));
  size_t start = 0;
  for (size_t slash; (slash = board.find('/', start)) != std::string::npos; start = slash + 1)
    rows.push_back(board.substr(start, slash - start));
  rows.push_back(board.substr(start));
  return rows;
}

std::string join(const std::vector<std::string>& rows, const std::string& side) {
  std::string board;
  for (const auto& row : rows) board += (board.empty() ? "" : "/") + row;
  return board + " " + side + " - - 0 1";
}

// The same position with the colours swapped: ranks turned over, cases swapped, the other side
// to move.
std::string colour_flipped(const Position& pos) {
  std::vector<std::string> rows = rows_of(pos.fen());
  std::reverse(rows.begin(), rows.end());
  for (auto& row : rows)
    for (char& c : row)
      if (std::isalpha(static_cast<unsigned char>(c)))
        c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
  return join(rows, pos.side_to_move() == kRed ? "b" : "w");
}

// The same position seen in a mirror: files a..i turned into i..a.
std::string wing_mirrored(const Position& pos) {
  std::vector<std::string> rows = rows_of(pos.fen());
  for (auto& row : rows) {
    // Digits stand for runs of empty squares; a run reads the same backwards.
    std::reverse(row.begin(), row.end());
  }
  return join(rows, pos.side_to_move() == kRed ? "w" : "b");
}

TEST(XiangqiEval, TheTraceIsTheEvaluation) {
  const std::vector<Position> positions = playout_positions(40, 11);
  ASSERT_GT(positions.size(), 1500u);
  int with_mobility = 0;
  for (const Position& pos : positions) {
    EvalTrace trace;
    const int traced = evaluate(pos, kEvalParams, &trace);
    ASSERT_EQ(traced, evaluate(pos)) << pos.fen();
    // The weights times the trace, tapered as the engine tapers, give the evaluation exactly.
    long mg = 0, eg = 0;
    for (int i = 0; i < kEvalParamCount; ++i) {
      mg += long(trace.coeff[i]) * kEvalParams.weights[i].mg;
      eg += long(trace.coeff[i]) * kEvalParams.weights[i].eg;
    }
    const long red_view = (mg * trace.phase + eg * (kMaxPhase - trace.phase)) / kMaxPhase;
    ASSERT_EQ(traced, (trace.red_to_move ? red_view : -red_view) + kTempo) << pos.fen();
    ASSERT_EQ(trace.red_to_move, pos.side_to_move() == kRed);
    // Every piece uses its material weight once: the trace counts the board.
    for (int t = 0; t < kNumPieceTypes; ++t)
      ASSERT_EQ(trace.coeff[kMaterialIndex + t], pos.count(kRed, PieceType(t)) -
                                                     pos.count(kBlack, PieceType(t)))
          << pos.fen();
    for (int i = kHorseMobilityIndex; i < kEvalParamCount; ++i) with_mobility += trace.coeff[i] != 0;
  }
  EXPECT_GT(with_mobility, 0);
}

// A weight moved by d moves the evaluation of a position by its coefficient times d, tapered.
TEST(XiangqiEval, EachWeightMovesTheEvaluationByItsCoefficient) {
  const std::vector<Position> positions = playout_positions(3, 5);
  std::mt19937_64 rng(3);
  for (int round = 0; round < 200; ++round) {
    const Position& pos = positions[rng() % positions.size()];
    const int index = int(rng() % kEvalParamCount);
    EvalTrace trace;
    const int before = evaluate(pos, kEvalParams, &trace);
    EvalParams changed = kEvalParams;
    changed.weights[index].mg += kMaxPhase * 8;
    changed.weights[index].eg += kMaxPhase * 8;
    const int after = evaluate(pos, changed, nullptr);
    const int sign = pos.side_to_move() == kRed ? 1 : -1;
    ASSERT_EQ(after - before, sign * trace.coeff[index] * kMaxPhase * 8)
        << eval_param_name(index) << " in " << pos.fen();
  }
}

TEST(XiangqiEval, SymmetricBetweenColoursAndWings) {
  for (const Position& pos : playout_positions(20, 23)) {
    const int eval = evaluate(pos);
    Position flipped, mirrored;
    std::string error;
    ASSERT_TRUE(Position::parse_fen(colour_flipped(pos), flipped, error)) << error;
    ASSERT_TRUE(Position::parse_fen(wing_mirrored(pos), mirrored, error)) << error;
    ASSERT_EQ(evaluate(flipped), eval) << pos.fen() << " / " << flipped.fen();
    ASSERT_EQ(evaluate(mirrored), eval) << pos.fen() << " / " << mirrored.fen();
  }
}

TEST(XiangqiEval, NamesAndFixedWeights) {
  EXPECT_EQ(eval_param_name(kMaterialIndex + kRook), "material chariot");
  EXPECT_EQ(eval_param_name(piece_square_index(kHorse, kRed, make_square(2, 3))),
            "pst horse rank 3 file c");
  // Black's squares count from Black's back rank; the g-file folds onto the c-file.
  EXPECT_EQ(piece_square_index(kHorse, kBlack, make_square(6, 6)),
            piece_square_index(kHorse, kRed, make_square(2, 3)));
  EXPECT_EQ(eval_param_name(palace_index(2, true, 3)), "palace cannon advanced missing guards 3");
  EXPECT_EQ(eval_param_name(kChariotMobilityIndex + 17), "mobility chariot 17");
  EXPECT_TRUE(eval_param_fixed(kMaterialIndex + kKing));
  EXPECT_FALSE(eval_param_fixed(kMaterialIndex + kRook));
  // The pieces of the start position stand on squares the tuner may move.
  const Position start = Position::start();
  for (Square s = 0; s < kNumSquares; ++s) {
    if (start.piece_on(s) != kNoPiece) {
      EXPECT_FALSE(eval_param_fixed(
          piece_square_index(type_of(start.piece_on(s)), color_of(start.piece_on(s)), s)))
          << s;
    }
  }
  // A general outside the palace, an elephant across the river, a soldier behind its start.
  EXPECT_TRUE(eval_param_fixed(piece_square_index(kKing, kRed, make_square(0, 0))));
  EXPECT_TRUE(eval_param_fixed(piece_square_index(kElephant, kRed, make_square(2, 6))));
  EXPECT_TRUE(eval_param_fixed(piece_square_index(kPawn, kRed, make_square(0, 1))));
  int fixed = 0;
  for (int i = 0; i < kEvalParamCount; ++i) fixed += eval_param_fixed(i);
  // Unreachable squares: general 50-6, advisor 50-3, elephant 50-4, soldier behind the river
  // 25-6; and the general's material.
  EXPECT_EQ(fixed, 44 + 47 + 46 + 19 + 1);
}

}  // namespace
}  // namespace splitlab::xiangqi
