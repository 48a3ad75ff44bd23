#include "engine/xiangqi/evaluate.h"

#include <algorithm>

#include "engine/xiangqi/geometry.h"

namespace splitlab::xiangqi {
namespace {

// Whether an attacker counts as advanced against the other side's palace: across the river, a
// cannon on the central file from anywhere, a soldier near the palace.
bool advanced_attacker(Color attacker, PieceType t, Square s) {
  const int rel = relative_rank(attacker, rank_of(s));
  switch (t) {
    case kCannon:
      return rel >= 5 || file_of(s) == 4;
    case kPawn:
      return rel >= 6 && folded_file(file_of(s)) >= 2;
    default:
      return rel >= 5;
  }
}

// Squares a horse can reach: its leg free, the target empty or the other side's.
int horse_mobility(const Position& pos, Color c, Square s) {
  int count = 0;
  for (const Step& step : geometry().horse_moves[s]) {
    if (!pos.empty(step.block)) continue;
    const Piece target = pos.piece_on(step.to);
    count += target == kNoPiece || color_of(target) != c;
  }
  return count;
}

// Squares a chariot can reach along its four lines, a capture included.
int chariot_mobility(const Position& pos, Color c, Square s) {
  int count = 0;
  for (const Ray& ray : geometry().rays[s]) {
    for (const uint8_t to : ray) {
      const Piece target = pos.piece_on(to);
      if (target == kNoPiece) {
        ++count;
        continue;
      }
      count += color_of(target) != c;
      break;
    }
  }
  return count;
}

template <bool kTrace>
int evaluate_with(const Position& pos, const EvalParams& params, EvalTrace* trace) {
  const auto& w = params.weights;
  EvalPair score[2] = {};
  const auto use = [&](Color c, int index) {
    score[c].mg += w[index].mg;
    score[c].eg += w[index].eg;
    if constexpr (kTrace) trace->coeff[index] += c == kRed ? 1 : -1;
  };
  // Guards (advisors and elephants) each side has lost: the palace danger's scale.
  int missing_guards[2];
  for (const Color c : {kRed, kBlack})
    missing_guards[c] = 4 - pos.count(c, kAdvisor) - pos.count(c, kElephant);
  int phase = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    const Piece p = pos.piece_on(s);
    if (p == kNoPiece) continue;
    const Color c = color_of(p);
    const PieceType t = type_of(p);
    use(c, kMaterialIndex + t);
    use(c, piece_square_index(t, c, s));
    phase += kPhaseWeight[t];
    const int kind = palace_attacker_kind(t);
    if (kind >= 0)
      use(c, palace_index(kind, advanced_attacker(c, t, s), std::clamp(missing_guards[~c], 0, 4)));
    if (t == kHorse) use(c, kHorseMobilityIndex + horse_mobility(pos, c, s));
    if (t == kRook) use(c, kChariotMobilityIndex + chariot_mobility(pos, c, s));
  }
  phase = std::min(phase, kMaxPhase);
  if constexpr (kTrace) {
    trace->phase = phase;
    trace->red_to_move = pos.side_to_move() == kRed;
  }
  const int mg = score[kRed].mg - score[kBlack].mg;
  const int eg = score[kRed].eg - score[kBlack].eg;
  const int red_view = (mg * phase + eg * (kMaxPhase - phase)) / kMaxPhase;
  return (pos.side_to_move() == kRed ? red_view : -red_view) + kTempo;
}

}  // namespace

// Exchange values are the rule of thumb, not the tuned material: SEE and move ordering count
// trades in round numbers that do not move with each tuning run.
int piece_value(PieceType t) {
  constexpr int kExchangeValue[kNumPieceTypes] = {10000, 200, 200, 400, 900, 450, 100};
  return kExchangeValue[t];
}

int evaluate(const Position& pos) { return evaluate_with<false>(pos, kEvalParams, nullptr); }

int evaluate(const Position& pos, const EvalParams& params, EvalTrace* trace) {
  if (trace) {
    *trace = EvalTrace{};
    return evaluate_with<true>(pos, params, trace);
  }
  return evaluate_with<false>(pos, params, nullptr);
}

}  // namespace splitlab::xiangqi
