#include "engine/xiangqi/eval_params.h"

#include <iterator>

namespace splitlab::xiangqi {
namespace {

constexpr const char* kPieceNames[kNumPieceTypes] = {"general", "advisor", "elephant", "horse",
                                                     "chariot", "cannon",  "soldier"};
constexpr const char* kAttackerNames[kPalaceAttackerKinds] = {"chariot", "horse", "cannon",
                                                              "soldier"};

// Splitlab's first estimates, set by hand before any game was played (the common rule of thumb
// chariot 9, cannon 4.5, horse 4, advisor and elephant 2, soldier 1 and 2 across the river):
// the tuner's starting point.
constexpr EvalPair kHandMaterial[kNumPieceTypes] = {
    {0, 0},       // general
    {200, 200},   // advisor
    {200, 200},   // elephant
    {400, 450},   // horse: gains room as the board empties
    {900, 1000},  // chariot
    {450, 400},   // cannon: needs screens, which thin out
    {100, 110},   // soldier (before the river; its table adds the crossing)
};
// A soldier across the river gains its sideways steps; nearer the palace it threatens more,
// and on the last rank it can no longer go forward.
constexpr int kSoldierRankBonus[kRanks] = {0, 0, 0, 0, 0, 90, 110, 130, 120, 60};
constexpr int kSoldierFileBonus[kFoldedFiles] = {0, 5, 10, 20, 25};

// The hand-set piece-square value at relative rank `rel` and folded file `folded` (4: e-file).
constexpr EvalPair hand_square_value(PieceType t, int rel, int folded) {
  const int centre = folded;  // 4 on the e-file, 0 on the edges.
  switch (t) {
    case kPawn:
      if (rel < 5) return {rel == 4 ? 10 : 0, 0};
      return {kSoldierRankBonus[rel] + kSoldierFileBonus[folded],
              kSoldierRankBonus[rel] + kSoldierFileBonus[folded] / 2};
    case kHorse:  // Central and advanced horses reach more squares; one on the edge reaches few.
      return {6 * centre + 5 * (rel < 7 ? rel : 7) - (centre == 0 ? 20 : 0),
              5 * centre + 3 * (rel < 7 ? rel : 7)};
    case kCannon:  // The central cannon bears on the general's file.
      return {folded == 4 ? 25 : (folded == 3 ? 5 : 0), 0};
    case kRook:
      return {rel >= 5 && rel <= 7 ? 15 : 0, rel >= 5 ? 10 : 0};
    case kKing:  // The general is safest on its back rank and home file.
      return {-12 * rel - 6 * (4 - folded), 0};
    default:
      return {0, 0};
  }
}

// Hand-set attack units of an attacker kind, and the danger they make against a palace that
// misses `missing` of its four guards.
constexpr int kHandAttackUnits[kPalaceAttackerKinds][2] = {{1, 3}, {0, 2}, {1, 2}, {0, 1}};
constexpr int hand_palace_danger(int kind, bool advanced, int missing) {
  return kHandAttackUnits[kind][advanced ? 1 : 0] * (4 + 6 * missing);
}

constexpr EvalParams hand_set_params() {
  EvalParams p{};
  for (int t = 0; t < kNumPieceTypes; ++t) {
    p.weights[kMaterialIndex + t] = kHandMaterial[t];
    for (int rel = 0; rel < kRanks; ++rel)
      for (int folded = 0; folded < kFoldedFiles; ++folded)
        p.weights[kPieceSquareIndex + t * kSquaresPerTable + rel * kFoldedFiles + folded] =
            hand_square_value(PieceType(t), rel, folded);
  }
  for (int kind = 0; kind < kPalaceAttackerKinds; ++kind)
    for (int advanced = 0; advanced < 2; ++advanced)
      for (int missing = 0; missing < kMissingGuardCounts; ++missing)
        p.weights[palace_index(kind, advanced, missing)] = {
            hand_palace_danger(kind, advanced, missing), 0};
  return p;  // Mobility starts at zero: the games decide whether it matters.
}

// Whether a piece of type `t` can ever stand on (relative rank, folded file).
constexpr bool reachable(PieceType t, int rel, int folded) {
  switch (t) {
    case kKing:
      return rel <= 2 && folded >= 3;
    case kAdvisor:
      return (rel == 1 && folded == 4) || ((rel == 0 || rel == 2) && folded == 3);
    case kElephant:
      return ((rel == 0 || rel == 4) && folded == 2) || (rel == 2 && folded % 2 == 0 && folded != 2);
    case kPawn:
      return rel >= 5 || ((rel == 3 || rel == 4) && folded % 2 == 0);
    default:
      return true;
  }
}

constexpr EvalPair kTunedWeights[] = {
#include "engine/xiangqi/eval_params_tuned.inc"
};
static_assert(std::size(kTunedWeights) == kEvalParamCount, "one tuned pair per weight");

constexpr EvalParams tuned_params() {
  EvalParams p{};
  for (int i = 0; i < kEvalParamCount; ++i) p.weights[i] = kTunedWeights[i];
  return p;
}

}  // namespace

// The Texel tuner's fit (eval_params_tuned.inc), started from hand_set_params().
const EvalParams kEvalParams = tuned_params();
const EvalParams kHandSetEvalParams = hand_set_params();

std::string eval_param_name(int index) {
  if (index < kPieceSquareIndex) return std::string("material ") + kPieceNames[index];
  if (index < kPalaceIndex) {
    const int i = index - kPieceSquareIndex;
    const int rel = i % kSquaresPerTable / kFoldedFiles;
    return std::string("pst ") + kPieceNames[i / kSquaresPerTable] + " rank " +
           std::to_string(rel) + " file " + char('a' + i % kFoldedFiles);
  }
  if (index < kHorseMobilityIndex) {
    const int i = index - kPalaceIndex;
    const int group = i / kMissingGuardCounts;
    return std::string("palace ") + kAttackerNames[group / 2] +
           (group % 2 ? " advanced" : " behind") + " missing guards " +
           std::to_string(i % kMissingGuardCounts);
  }
  if (index < kChariotMobilityIndex)
    return "mobility horse " + std::to_string(index - kHorseMobilityIndex);
  return "mobility chariot " + std::to_string(index - kChariotMobilityIndex);
}

bool eval_param_fixed(int index) {
  if (index == kMaterialIndex + kKing) return true;  // The general never leaves the board.
  if (index >= kPieceSquareIndex && index < kPalaceIndex) {
    const int i = index - kPieceSquareIndex;
    return !reachable(PieceType(i / kSquaresPerTable), i % kSquaresPerTable / kFoldedFiles,
                      i % kFoldedFiles);
  }
  return false;
}

}  // namespace splitlab::xiangqi
