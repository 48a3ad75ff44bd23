// Texel tuning: the evaluation's weights fitted to game results by logistic regression.
//
// Each training position carries its evaluation trace (how often each weight was used, White's
// uses minus Black's, and the game phase), so the evaluation of any weight vector is a dot
// product and its gradient is exact. The model's win probability for White is
//   sigmoid(K * e / 400) = 1 / (1 + 10^(-K e / 400)),
// with e the evaluation from White's side; the loss is the mean squared difference from the
// game's result (1, 1/2, 0), as in Peter Österlund's description of the method. K is fitted
// first, to the starting weights, and then held.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/chess/eval_params.h"
#include "engine/chess/evaluate.h"
#include "engine/games/games.h"
#include "engine/xiangqi/evaluate.h"

namespace splitlab::tuner {

// The two games whose evaluations this tuner knows, by their ids in the list of games (read at
// run time, after the games registered).
inline GameId tuned_chess() { return game_id_of<chess::ChessGame>(); }
inline GameId tuned_xiangqi() { return game_id_of<xiangqi::XiangqiGame>(); }

// Middlegame and endgame value of every weight, as doubles while tuning.
using Weights = std::vector<std::array<double, 2>>;

struct TuningPosition {
  struct Use {
    uint16_t index;
    int16_t count;  // White's uses minus Black's.
  };
  std::vector<Use> uses;  // Only the weights this position uses.
  double mg_share = 1;    // phase / 24: the middlegame part of the taper.
  // The endgame part: (1 - mg_share) times the endgame scale (chess/endgame.h) the hand-set
  // weights gave this position, held fixed while tuning.
  double eg_share = 0;
  double tempo = 0;       // +kTempo with White to move, -kTempo with Black.
  double result = 0.5;    // 1 White won, 0.5 draw, 0 Black won.
  int game = 0;           // Which game it came from (validation holds out whole games).
};

// The training position of a trace (from chess::evaluate(pos, trace)).
TuningPosition to_tuning_position(const chess::EvalTrace& trace, double result, int game);

Weights weights_of(const chess::EvalParams& params);
// Rounded to integers, as the engine plays them.
chess::EvalParams params_of(const Weights& weights);

// The same for xiangqi (engine/xiangqi/eval_params.h): its trace is Red's uses minus Black's,
// its phase runs to xiangqi::kMaxPhase and it has no endgame scale.
TuningPosition to_tuning_position(const xiangqi::EvalTrace& trace, double result, int game);
Weights weights_of(const xiangqi::EvalParams& params);
xiangqi::EvalParams xiangqi_params_of(const Weights& weights);

// Which game's evaluation is tuned (engine/games/game_id.h): the weights' count, names and
// fixed ones.
int weight_count(GameId game);
std::string weight_name(GameId game, int index);
bool weight_fixed(GameId game, int index);
Weights engine_weights(GameId game);  // The weights the engine plays with.

// The evaluation from White's side (tempo included), without the integer rounding.
double evaluate(const TuningPosition& p, const Weights& w);

double win_probability(double eval, double k);

// Mean squared error of the predicted results.
double loss(const std::vector<TuningPosition>& positions, const Weights& w, double k);

// d loss / d weight, for each weight's middlegame and endgame value.
Weights gradient(const std::vector<TuningPosition>& positions, const Weights& w, double k);

// The K in [0.05, 5] that minimises the loss with weights `w` (golden-section search).
double fit_scale(const std::vector<TuningPosition>& positions, const Weights& w);

struct TuneSettings {
  int epochs = 2000;
  double rate = 1.0;       // Adam's step size, in centipawns.
  int check_every = 10;    // Epochs between validation checks.
  int patience = 20;       // Checks without a better validation loss before stopping.
  std::vector<bool> fixed; // Weights left as they are (empty: none).
  // Called at every validation check (progress reports).
  std::function<void(int epoch, double validation_loss)> on_check;
};

struct TuneReport {
  double train_loss_before = 0, train_loss_after = 0;
  double validation_loss_before = 0, validation_loss_after = 0;
  int epochs_run = 0;
  int best_epoch = 0;  // The epoch whose weights are returned (0: the starting weights).
};

// Adam on the training positions; every `check_every` epochs the validation loss is measured
// and the weights with the best one so far are kept. Stops after `epochs` or when `patience`
// checks in a row did not improve on the best validation loss (early stopping). Returns the
// kept weights in `w`. With no validation positions, the last epoch's weights are kept.
TuneReport tune(const std::vector<TuningPosition>& train,
                const std::vector<TuningPosition>& validation, double k, Weights& w,
                const TuneSettings& settings);

// Whether game `game` goes to the validation set: a hash of the game number, so whole games
// are held out and the split does not depend on the order of the file.
bool in_validation(int game, double share);

}  // namespace splitlab::tuner
