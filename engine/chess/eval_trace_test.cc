// The evaluation's trace (what the Texel tuner fits) must reproduce the evaluation exactly from
// the weights, and the evaluation must be colour-symmetric.
#include <bit>
#include <cctype>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/chess/eval_params.h"
#include "engine/chess/endgame.h"
#include "engine/chess/evaluate.h"
#include "engine/chess/movegen.h"
#include "engine/chess/test_support.h"
#include "gtest/gtest.h"

namespace splitlab::chess {
namespace {

// The evaluation recomputed from a trace and a weight vector, as the tuner's linear model does
// it (in integers, with the evaluation's own rounding).
int evaluate_from_trace(const EvalTrace& trace, const EvalParams& params) {
  long mg = 0, eg = 0;
  for (int i = 0; i < kEvalParamCount; ++i) {
    mg += long(trace.coeff[i]) * eval_param(params, i).mg;
    eg += long(trace.coeff[i]) * eval_param(params, i).eg;
  }
  eg = eg * trace.eg_scale / kNormalScale;
  int value = int((mg * trace.phase + eg * (kMaxPhase - trace.phase)) / kMaxPhase);
  if (!trace.white_to_move) value = -value;
  return value + kTempo;
}

// The same position with the colours exchanged (board mirrored top to bottom).
std::string flip_colours(const std::string& fen) {
  std::istringstream in(fen);
  std::string board, side, castling, ep, rest;
  in >> board >> side >> castling >> ep;
  std::getline(in, rest);
  std::vector<std::string> ranks;
  std::stringstream ranks_in(board);
  for (std::string r; std::getline(ranks_in, r, '/');) ranks.push_back(r);
  std::string flipped;
  for (int i = int(ranks.size()) - 1; i >= 0; --i) {
    for (char& c : ranks[i]) c = std::isupper(c) ? std::tolower(c) : std::toupper(c);
    flipped += ranks[i] + (i ? "/" : "");
  }
  std::string flipped_castling = castling;
  for (char& c : flipped_castling)
    if (c != '-') c = std::isupper(c) ? std::tolower(c) : std::toupper(c);
  std::string flipped_ep = ep;
  if (ep != "-") flipped_ep[1] = ep[1] == '3' ? '6' : '3';
  return flipped + (side == "w" ? " b " : " w ") + flipped_castling + " " + flipped_ep + rest;
}

// The perft suite's positions and those of random games from the start.
std::vector<std::string> sample_fens() {
  std::vector<std::string> fens = test_support::SuiteFens();
  std::mt19937_64 rng(2026);
  for (int game = 0; game < 200 / test_support::kRandomGameDivisor; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 160; ++ply) {
      MoveList moves;
      generate<GenType::kAll>(pos, moves);
      if (moves.size() == 0) break;
      pos.make_move(moves[int(rng() % moves.size())]);
      if (ply % 3 == 0) fens.push_back(pos.fen());
    }
  }
  return fens;
}

TEST(EvalTrace, ReproducesTheEvaluationFromTheWeights) {
  // Without and with endgame knowledge (whose scale the trace carries).
  for (bool knowledge : {false, true}) {
    int checked = 0, scaled = 0;
    for (const std::string& fen : sample_fens()) {
      const Position pos = test_support::Parse(fen);
      EvalTrace trace;
      const int traced = evaluate(pos, trace, knowledge);
      ASSERT_EQ(traced, evaluate(pos, knowledge)) << fen;
      ASSERT_EQ(traced, evaluate(pos, knowledge)) << fen << " (from the thread's evaluation cache)";
      ASSERT_EQ(evaluate_from_trace(trace, kEvalParams), traced) << fen;
      ASSERT_GE(trace.phase, 0);
      ASSERT_LE(trace.phase, kMaxPhase);
      ++checked;
      scaled += trace.eg_scale != kNormalScale;
    }
    EXPECT_GT(checked, 10000 / test_support::kRandomGameDivisor);
    if (knowledge)
      EXPECT_GT(scaled, 0) << "random games reach drawish endgames";
    else
      EXPECT_EQ(scaled, 0);
  }
}

TEST(EvalTrace, ChangedWeightsChangeTheTracedEvaluationAsTheyWould) {
  // The trace is the evaluation's derivative: moving one weight moves the evaluation by the
  // weight's coefficient, tapered. Checked for every weight the start position uses.
  const Position pos = Position::start();
  EvalTrace trace;
  evaluate(pos, trace);
  EXPECT_EQ(trace.phase, kMaxPhase);
  for (int i = 0; i < kEvalParamCount; ++i) {
    EvalParams changed = kEvalParams;
    eval_param(changed, i).mg += 24;
    EXPECT_EQ(evaluate_from_trace(trace, changed) - evaluate_from_trace(trace, kEvalParams),
              trace.coeff[i] * 24)
        << eval_param_name(i);
  }
}

TEST(EvalTrace, TheEvaluationIsColourSymmetric) {
  const bool knowledge = true;  // Its rules must be symmetric too.
  for (const std::string& fen : sample_fens()) {
    const Position pos = test_support::Parse(fen);
    const Position flipped = test_support::Parse(flip_colours(fen));
    ASSERT_EQ(evaluate(pos, knowledge), evaluate(flipped, knowledge))
        << fen << " against " << flip_colours(fen);
    EvalTrace a, b;
    evaluate(pos, a, knowledge);
    evaluate(flipped, b, knowledge);
    for (int i = 0; i < kEvalParamCount; ++i)
      ASSERT_EQ(a.coeff[i], -b.coeff[i]) << fen << ": " << eval_param_name(i);
  }
}

// How many times White used the weight, minus Black's uses, in the position.
int uses(const std::string& fen, const Score2& weight) {
  EvalTrace trace;
  evaluate(test_support::Parse(fen), trace);
  return trace.coeff[eval_param_index(kEvalParams, weight)];
}

TEST(EvalTerms, PawnStructure) {
  // White: c4 passed, supported by d3 and free to run; d3 backward (its neighbours are ahead of
  // it and e5 guards d4). Black: e5 isolated, not a candidate (d3 sentry, no helper).
  const std::string fen = "4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1";
  const auto& w = kEvalParams;
  EXPECT_EQ(uses(fen, w.backward_pawn), 1);
  EXPECT_EQ(uses(fen, w.connected_pawn[3]), 1);
  EXPECT_EQ(uses(fen, w.passed_pawn[3]), 1);
  EXPECT_EQ(uses(fen, w.passed_free_path[3]), 1);
  EXPECT_EQ(uses(fen, w.passed_own_king_distance[3]), 4);    // e1 to c5.
  EXPECT_EQ(uses(fen, w.passed_enemy_king_distance[3]), 3);  // e8 to c5.
  EXPECT_EQ(uses(fen, w.isolated_pawn), -1);
  for (int r = 0; r < 8; ++r) EXPECT_EQ(uses(fen, w.candidate_passer[r]), 0) << r;
  // A blocked passer has no free path; a pawn with a helper against one sentry is a candidate.
  EXPECT_EQ(uses("4k3/8/2n5/8/2P5/8/8/4K3 w - - 0 1", w.passed_free_path[3]), 0);
  EXPECT_EQ(uses("4k3/8/3p4/8/1PP5/8/8/4K3 w - - 0 1", w.candidate_passer[3]), 1);
}

TEST(EvalTerms, ThreatsAndHangingPieces) {
  // e4 attacks the knight on d5, which nothing defends.
  const std::string fen = "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1";
  EXPECT_EQ(uses(fen, kEvalParams.threat_by_pawn[kKnight]), 1);
  EXPECT_EQ(uses(fen, kEvalParams.hanging[kKnight]), 1);
  // Defended by a pawn on c6, it is threatened but not hanging.
  const std::string defended = "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1";
  EXPECT_EQ(uses(defended, kEvalParams.threat_by_pawn[kKnight]), 1);
  EXPECT_EQ(uses(defended, kEvalParams.hanging[kKnight]), 0);
}

TEST(EvalTerms, KingSafety) {
  // The queen on d1 sees d7 and d8 next to the black king: 5 units; Black attacks nothing.
  const std::string queen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
  EXPECT_EQ(uses(queen, kEvalParams.king_danger[kKingAttackUnits[kQueen]]), 1);
  EXPECT_EQ(uses(queen, kEvalParams.king_danger[0]), -1);
  // White's king (f2, g2 in front) has one of its three files open, Black's two (only g3 on
  // them). Black's g3 pawn storms White's king from its own 6th rank; White's f2 and g2 stand on
  // Black's king's files on their 2nd rank.
  const std::string storm = "6k1/8/8/8/8/6p1/5PP1/6K1 w - - 0 1";
  EXPECT_EQ(uses(storm, kEvalParams.king_open_file), 1 - 2);
  EXPECT_EQ(uses(storm, kEvalParams.pawn_storm[5]), 1);
  EXPECT_EQ(uses(storm, kEvalParams.pawn_storm[1]), -2);
}

TEST(EvalTerms, ThreatsByMinorsAndRooks) {
  const auto& w = kEvalParams;
  // Knight c3 attacks the pawn on d5: a threat unless a pawn (c6) defends it.
  EXPECT_EQ(uses("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", w.threat_by_minor[kPawn]), 1);
  EXPECT_EQ(uses("4k3/8/2p5/3p4/8/2N5/8/4K3 w - - 0 1", w.threat_by_minor[kPawn]), 0);
  // A rook attacked by a minor is threatened even when a pawn defends it.
  EXPECT_EQ(uses("4k3/8/2p5/3r4/8/2N5/8/4K3 w - - 0 1", w.threat_by_minor[kRook]), 1);
  // Rook d1 attacks the knight on d5 (no pawn defends it); Black's own threats count negative.
  EXPECT_EQ(uses("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", w.threat_by_rook[kKnight]), 1);
  EXPECT_EQ(uses("3rk3/8/8/8/8/8/8/3NK3 w - - 0 1", w.threat_by_rook[kKnight]), -1);
}

TEST(EvalTerms, SafeChecks) {
  const auto& w = kEvalParams;
  // Rook a1 can check the king on e8 from a8 (e1, on the e-file, is its own king's square).
  EXPECT_EQ(uses("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", w.safe_check[kRook]), 1);
  // A knight on b6 guards a8: no safe check left.
  EXPECT_EQ(uses("4k3/8/1n6/8/8/8/8/R3K3 w - - 0 1", w.safe_check[kRook]), 0);
  // A knight checks the king on e6 from d4, f4, c5, g5, c7, g7, d8 or f8; f3 reaches d4 and g5.
  EXPECT_EQ(uses("8/8/4k3/8/8/5N2/8/4K3 w - - 0 1", w.safe_check[kKnight]), 2);
  // The queen on a1 would check e6 from a2 (a diagonal) and a6 (a rank), both safe, and from e5
  // and f6, which the king guards.
  EXPECT_EQ(uses("8/8/4k3/8/8/8/8/Q3K3 w - - 0 1", w.safe_check[kQueen]), 2);
}

TEST(EvalTerms, PiecesOutpostsMobility) {
  EXPECT_EQ(uses("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", kEvalParams.outpost[0]), 1);
  // A black pawn on c7 can chase the knight away: no outpost.
  EXPECT_EQ(uses("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", kEvalParams.outpost[0]), 0);
  EXPECT_EQ(uses("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", kEvalParams.knight_mobility[2]), 1);
  // The dark-squared bishop on c1 with pawns on b2 and d2 (dark) and e2 (light).
  EXPECT_EQ(uses("4k3/8/8/8/8/8/1P1PP3/2B1K3 w - - 0 1", kEvalParams.bishop_pawns_same_colour), 2);
}

TEST(EvalParams, EveryWeightHasItsOwnName) {
  std::set<std::string> names;
  for (int i = 0; i < kEvalParamCount; ++i) {
    const std::string name = eval_param_name(i);
    EXPECT_EQ(name.find("weight "), std::string::npos) << i;
    EXPECT_TRUE(names.insert(name).second) << name;
  }
  EXPECT_EQ(eval_param_name(0), "material[pawn]");
  EXPECT_EQ(eval_param_name(eval_param_index(kEvalParams, kEvalParams.piece_square[kPawn][28])),
            "piece_square[pawn][e4]");
  EXPECT_TRUE(eval_param_fixed(eval_param_index(kEvalParams, kEvalParams.material[kKing])));
  EXPECT_FALSE(eval_param_fixed(eval_param_index(kEvalParams, kEvalParams.bishop_pair)));
  EXPECT_EQ(eval_param_name(eval_param_index(kEvalParams, kEvalParams.king_danger[7])),
            "king_danger[7]");
  EXPECT_EQ(eval_param_name(eval_param_index(kEvalParams, kEvalParams.outpost[1])),
            "outpost[bishop]");
  EXPECT_EQ(eval_param_name(eval_param_index(kEvalParams, kEvalParams.hanging[kKing])),
            "hanging[king]");
  EXPECT_EQ(eval_param_name(kEvalParamCount - 1), "safe_check[king]");
  EXPECT_TRUE(eval_param_fixed(eval_param_index(kEvalParams, kEvalParams.safe_check[kPawn])));
  EXPECT_FALSE(eval_param_fixed(eval_param_index(kEvalParams, kEvalParams.safe_check[kQueen])));
  EXPECT_TRUE(eval_param_fixed(eval_param_index(kEvalParams, kEvalParams.threat_by_minor[kKing])));
}

TEST(EvalParams, AFlatWeightVectorRoundTrips) {
  // A tuned weight file is a flat array of Score2, turned into EvalParams with std::bit_cast.
  const auto flat = std::bit_cast<std::array<Score2, kEvalParamCount>>(kEvalParams);
  for (int i = 0; i < kEvalParamCount; ++i) EXPECT_EQ(flat[i], eval_param(kEvalParams, i));
  constexpr EvalParams back = std::bit_cast<EvalParams>(
      std::bit_cast<std::array<Score2, kEvalParamCount>>(kEvalParams));
  EXPECT_EQ(back.rook_open_file, kEvalParams.rook_open_file);
  EXPECT_EQ(back.piece_square[kKing][4], kEvalParams.piece_square[kKing][4]);
}

}  // namespace
}  // namespace splitlab::chess
