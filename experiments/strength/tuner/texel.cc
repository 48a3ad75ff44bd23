#include "experiments/strength/tuner/texel.h"

#include "engine/chess/endgame.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace splitlab::tuner {

namespace {
constexpr double kLn10 = 2.302585092994046;
}

TuningPosition to_tuning_position(const chess::EvalTrace& trace, double result, int game) {
  TuningPosition p;
  for (int i = 0; i < chess::kEvalParamCount; ++i)
    if (trace.coeff[i] != 0) p.uses.push_back({uint16_t(i), int16_t(trace.coeff[i])});
  p.mg_share = double(trace.phase) / chess::kMaxPhase;
  p.eg_share = (1 - p.mg_share) * trace.eg_scale / chess::kNormalScale;
  p.tempo = trace.white_to_move ? chess::kTempo : -chess::kTempo;
  p.result = result;
  p.game = game;
  return p;
}

Weights weights_of(const chess::EvalParams& params) {
  Weights w(chess::kEvalParamCount);
  for (int i = 0; i < chess::kEvalParamCount; ++i)
    w[i] = {double(chess::eval_param(params, i).mg), double(chess::eval_param(params, i).eg)};
  return w;
}

chess::EvalParams params_of(const Weights& weights) {
  chess::EvalParams params{};
  for (int i = 0; i < chess::kEvalParamCount; ++i)
    chess::eval_param(params, i) = {int(std::lround(weights[i][0])),
                                    int(std::lround(weights[i][1]))};
  return params;
}

TuningPosition to_tuning_position(const xiangqi::EvalTrace& trace, double result, int game) {
  TuningPosition p;
  for (int i = 0; i < xiangqi::kEvalParamCount; ++i)
    if (trace.coeff[i] != 0) p.uses.push_back({uint16_t(i), int16_t(trace.coeff[i])});
  p.mg_share = double(trace.phase) / xiangqi::kMaxPhase;
  p.eg_share = 1 - p.mg_share;
  p.tempo = trace.red_to_move ? xiangqi::kTempo : -xiangqi::kTempo;
  p.result = result;
  p.game = game;
  return p;
}

Weights weights_of(const xiangqi::EvalParams& params) {
  Weights w(xiangqi::kEvalParamCount);
  for (int i = 0; i < xiangqi::kEvalParamCount; ++i)
    w[i] = {double(params.weights[i].mg), double(params.weights[i].eg)};
  return w;
}

xiangqi::EvalParams xiangqi_params_of(const Weights& weights) {
  xiangqi::EvalParams params{};
  for (int i = 0; i < xiangqi::kEvalParamCount; ++i)
    params.weights[i] = {int(std::lround(weights[i][0])), int(std::lround(weights[i][1]))};
  return params;
}

int weight_count(GameId game) {
  return game == tuned_chess() ? chess::kEvalParamCount : xiangqi::kEvalParamCount;
}

std::string weight_name(GameId game, int index) {
  return game == tuned_chess() ? chess::eval_param_name(index)
                                   : xiangqi::eval_param_name(index);
}

bool weight_fixed(GameId game, int index) {
  return game == tuned_chess() ? chess::eval_param_fixed(index)
                                   : xiangqi::eval_param_fixed(index);
}

Weights engine_weights(GameId game) {
  return game == tuned_chess() ? weights_of(chess::kEvalParams)
                                   : weights_of(xiangqi::kEvalParams);
}

double evaluate(const TuningPosition& p, const Weights& w) {
  double mg = 0, eg = 0;
  for (const auto& use : p.uses) {
    mg += use.count * w[use.index][0];
    eg += use.count * w[use.index][1];
  }
  return mg * p.mg_share + eg * p.eg_share + p.tempo;
}

double win_probability(double eval, double k) {
  return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0));
}

double loss(const std::vector<TuningPosition>& positions, const Weights& w, double k) {
  if (positions.empty()) return 0;
  double total = 0;
  for (const auto& p : positions) {
    const double error = win_probability(evaluate(p, w), k) - p.result;
    total += error * error;
  }
  return total / double(positions.size());
}

Weights gradient(const std::vector<TuningPosition>& positions, const Weights& w, double k) {
  Weights g(w.size(), {0.0, 0.0});
  if (positions.empty()) return g;
  const double n = double(positions.size());
  for (const auto& p : positions) {
    const double s = win_probability(evaluate(p, w), k);
    // d/de (s - r)^2 = 2 (s - r) s (1 - s) K ln10 / 400.
    const double d = 2.0 * (s - p.result) * s * (1.0 - s) * k * kLn10 / 400.0 / n;
    for (const auto& use : p.uses) {
      g[use.index][0] += d * use.count * p.mg_share;
      g[use.index][1] += d * use.count * p.eg_share;
    }
  }
  return g;
}

double fit_scale(const std::vector<TuningPosition>& positions, const Weights& w) {
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double a = 0.05, b = 5.0;
  double c = b - phi * (b - a), d = a + phi * (b - a);
  double fc = loss(positions, w, c), fd = loss(positions, w, d);
  for (int i = 0; i < 60; ++i) {
    if (fc < fd) {
      b = d; d = c; fd = fc;
      c = b - phi * (b - a); fc = loss(positions, w, c);
    } else {
      a = c; c = d; fc = fd;
      d = a + phi * (b - a); fd = loss(positions, w, d);
    }
  }
  return (a + b) / 2;
}

TuneReport tune(const std::vector<TuningPosition>& train,
                const std::vector<TuningPosition>& validation, double k, Weights& w,
                const TuneSettings& settings) {
  TuneReport report;
  report.train_loss_before = loss(train, w, k);
  report.validation_loss_before = loss(validation, w, k);
  const bool validating = !validation.empty();
  Weights best = w;
  double best_validation = report.validation_loss_before;
  int checks_without_gain = 0;

  // Adam (Kingma and Ba, 2015) with its usual constants.
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
  Weights m(w.size(), {0.0, 0.0}), v(w.size(), {0.0, 0.0});
  for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
    const Weights g = gradient(train, w, k);
    const double correction1 = 1 - std::pow(kBeta1, epoch);
    const double correction2 = 1 - std::pow(kBeta2, epoch);
    for (size_t i = 0; i < w.size(); ++i) {
      if (!settings.fixed.empty() && settings.fixed[i]) continue;
      for (int j = 0; j < 2; ++j) {
        m[i][j] = kBeta1 * m[i][j] + (1 - kBeta1) * g[i][j];
        v[i][j] = kBeta2 * v[i][j] + (1 - kBeta2) * g[i][j] * g[i][j];
        const double step = settings.rate * (m[i][j] / correction1) /
                            (std::sqrt(v[i][j] / correction2) + kEpsilon);
        w[i][j] -= step;
      }
    }
    report.epochs_run = epoch;
    if (validating && (epoch % settings.check_every == 0 || epoch == settings.epochs)) {
      const double l = loss(validation, w, k);
      if (settings.on_check) settings.on_check(epoch, l);
      if (l < best_validation) {
        best_validation = l;
        best = w;
        report.best_epoch = epoch;
        checks_without_gain = 0;
      } else if (++checks_without_gain >= settings.patience) {
        break;
      }
    }
  }
  if (validating) {
    w = best;
  } else {
    report.best_epoch = report.epochs_run;
  }
  report.train_loss_after = loss(train, w, k);
  report.validation_loss_after = loss(validation, w, k);
  return report;
}

bool in_validation(int game, double share) {
  // SplitMix64's finaliser: consecutive game numbers land far apart.
  uint64_t x = uint64_t(game) + 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return double(x >> 11) / double(1ULL << 53) < share;
}

}  // namespace splitlab::tuner
