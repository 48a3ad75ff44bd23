#include "bench/stats/match_stats.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

namespace splitlab::bench {
namespace {

// The arithmetic below keeps fastchess's order of operations (and std::pow where it squares), so
// that results agree to the last bit or two and the printed figures agree exactly.

constexpr double kZ95 = 1.959963984540054;  // the normal quantile of 0.975

// Normalized Elo per unit of t = (score - 0.5) / sigma: 800 / ln 10.
double nelo_per_t() { return 800.0 / std::log(10); }

double score_to_elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

// Fills elo, interval, nElo and LOS from the mean score and the variance of one sample.
// `t_sigma` is the sigma that normalizes t: the per-game sigma for games, and for pairs the
// per-pair sigma times sqrt(2), so that nElo stays per game.
EloSummary summarize(double score, double variance, double samples, double t_sigma) {
  EloSummary out{};
  out.score = score;
  const double variance_per_sample = variance / samples;
  const double upper = score + kZ95 * std::sqrt(variance_per_sample);
  const double lower = score - kZ95 * std::sqrt(variance_per_sample);
  out.elo = score_to_elo(score);
  out.elo_error = (score_to_elo(upper) - score_to_elo(lower)) / 2.0;
  const auto to_nelo = [&](double s) { return (s - 0.5) / t_sigma * nelo_per_t(); };
  out.nelo = to_nelo(score);
  out.nelo_error = (to_nelo(upper) - to_nelo(lower)) / 2.0;
  const double los = (1 - std::erf(-(score - 0.5) / std::sqrt(2.0 * variance_per_sample))) / 2.0;
  out.los = los * 100.0;
  return out;
}

// An empty cell counts as 0.001 observations, so that no fitted probability is zero.
double regularize(int64_t count) { return count == 0 ? 1e-3 : double(count); }

template <size_t N>
double mean(const std::array<double, N>& values, const std::array<double, N>& probs) {
  double sum = 0.0;
  for (size_t i = 0; i < N; i++) sum += values[i] * probs[i];
  return sum;
}

// The root of f between a and b (f(a) and f(b) of opposite signs, possibly infinite) to within
// epsilon, by the ITP method: I. F. D. Oliveira and R. H. C. Takahashi, "An Enhancement of the
// Bisection Method Average Performance Preserving Minmax Optimality", ACM TOMS 47(1), 2021, with
// k1 = 0.1, k2 = 2, n0 = 0.99 as fastchess uses it. Like fastchess, the bracket is oriented so that
// `a` is the end where f < 0 and the signed width b - a enters the projection radius; for the
// decreasing functions solved here that leaves the radius wide, so every step is the truncated
// regula falsi point. Doing the same steps is what makes the LLRs agree with fastchess's.
template <typename F>
double itp_root(F f, double a, double b, double f_a, double f_b, double epsilon) {
  constexpr double k1 = 0.1, k2 = 2.0, n0 = 0.99;
  if (f_a > 0) {
    std::swap(a, b);
    std::swap(f_a, f_b);
  }
  const double n_max = std::ceil(std::log2(std::abs(b - a) / (2.0 * epsilon))) + n0;
  for (int step = 0; std::abs(b - a) > 2.0 * epsilon; step++) {
    const double midpoint = (a + b) / 2.0;
    const double radius = epsilon * std::pow(2.0, n_max - step) - (b - a) / 2.0;
    const double delta = k1 * std::pow(b - a, k2);
    const double false_position = (f_b * a - f_a * b) / (f_b - f_a);  // nan while an end is inf
    const double sigma = (midpoint - false_position) / std::abs(midpoint - false_position);
    const double truncated =
        delta <= std::abs(midpoint - false_position) ? false_position + sigma * delta : midpoint;
    const double x =
        std::abs(truncated - midpoint) <= radius ? truncated : midpoint - sigma * radius;
    const double f_x = f(x);
    if (f_x == 0) {
      a = b = x;
    } else if (std::signbit(f_x)) {
      a = x;
      f_a = f_x;
    } else {
      b = x;
      f_b = f_x;
    }
  }
  return (a + b) / 2.0;
}

// LLR for logistic Elo: the maximum-likelihood distributions with expected scores s0 and s1 given
// the empirical one (M. Van den Bergh, "Comparing the approximations for the generalized log
// likelihood ratio of a multinomial distribution", Proposition 1.1: p_i = phat_i / (1 + theta
// (a_i - s)), theta from equation 1.3).
template <size_t N>
double llr_logistic(double total, const std::array<double, N>& scores,
                    const std::array<double, N>& probs, double s0, double s1) {
  const auto fit = [&](double s) {
    const double theta = itp_root(
        [&](double x) {
          double sum = 0.0;
          for (size_t i = 0; i < N; i++)
            sum += probs[i] * (scores[i] - s) / (1.0 + x * (scores[i] - s));
          return sum;
        },
        -1.0 / (scores[N - 1] - s), -1.0 / (scores[0] - s), INFINITY, -INFINITY, 1e-3);
    std::array<double, N> p;
    for (size_t i = 0; i < N; i++) p[i] = probs[i] / (1 + theta * (scores[i] - s));
    return p;
  };
  const std::array<double, N> p0 = fit(s0), p1 = fit(s1);
  std::array<double, N> log_ratio;
  for (size_t i = 0; i < N; i++) log_ratio[i] = std::log(p1[i]) - std::log(p0[i]);
  return total * mean(log_ratio, probs);
}

// LLR for normalized Elo: the maximum-likelihood distributions with t = (mu - 0.5) / sigma equal
// to t0 and t1, by the fixed-point iteration of M. Van den Bergh, "Comments on normalized Elo",
// section 4.1 (start uniform, at most 10 rounds, stop when no probability moves by 1e-4).
template <size_t N>
double llr_normalized(double total, const std::array<double, N>& scores,
                      const std::array<double, N>& probs, double t0, double t1) {
  const auto fit = [&](double t_star) {
    constexpr double mu_ref = 0.5;
    std::array<double, N> p;
    p.fill(1.0 / N);
    for (int round = 0; round < 10; round++) {
      const double mu = mean(scores, p);
      double variance = 0.0;
      for (size_t i = 0; i < N; i++) variance += p[i] * (scores[i] - mu) * (scores[i] - mu);
      const double sigma = std::sqrt(variance);
      std::array<double, N> phi;
      for (size_t i = 0; i < N; i++) {
        const double z = (scores[i] - mu) / sigma;
        phi[i] = scores[i] - mu_ref - 0.5 * t_star * sigma * (1.0 + z * z);
      }
      const double phi_min = *std::min_element(phi.begin(), phi.end());
      const double phi_max = *std::max_element(phi.begin(), phi.end());
      const double theta = itp_root(
          [&](double x) {
            double sum = 0.0;
            for (size_t i = 0; i < N; i++) sum += probs[i] * phi[i] / (1.0 + x * phi[i]);
            return sum;
          },
          -1.0 / phi_max, -1.0 / phi_min, INFINITY, -INFINITY, 1e-7);
      double largest_change = 0.0;
      for (size_t i = 0; i < N; i++) {
        const double next = probs[i] / (1.0 + theta * phi[i]);
        largest_change = std::max(largest_change, std::abs(next - p[i]));
        p[i] = next;
      }
      if (largest_change < 1e-4) break;
    }
    return p;
  };
  const std::array<double, N> p0 = fit(t0), p1 = fit(t1);
  std::array<double, N> log_ratio;
  for (size_t i = 0; i < N; i++) log_ratio[i] = std::log(p1[i]) - std::log(p0[i]);
  return total * mean(log_ratio, probs);
}

double logistic_elo_to_score(double elo) { return 1 / (1 + std::pow(10, (-elo / 400))); }

SprtStatus decide(const SprtSettings& s, double llr) {
  SprtStatus status{llr, std::log(s.beta / (1 - s.alpha)), std::log((1 - s.beta) / s.alpha),
                    SprtDecision::kContinue};
  if (llr >= status.upper) {
    status.decision = SprtDecision::kAcceptH1;
  } else if (llr <= status.lower) {
    status.decision = SprtDecision::kAcceptH0;
  }
  return status;
}

// printf's %.Nf rounds the binary value exactly, as fmt's {:.Nf} does, and prints inf, -inf,
// nan and -nan (a nan with its sign bit set) as fmt does.
std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

bool parse_number(const std::string& text, double& value) {
  const char* end = text.data() + text.size();
  const auto [stop, failure] = std::from_chars(text.data(), end, value);
  return failure == std::errc() && stop == end && std::isfinite(value);
}

// How many of pairs[2] were WL, from draws = LD + 2 DD + WD; nullopt unless `games` counts
// exactly the paired games.
std::optional<int64_t> win_loss_pairs_from_games(const Pentanomial& pairs,
                                                 const GameCounts& games) {
  const int64_t pair_count = pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4];
  if (games.wins + games.draws + games.losses != 2 * pair_count) return std::nullopt;
  const int64_t twice_draw_draw = games.draws - pairs[1] - pairs[3];
  if (twice_draw_draw < 0 || twice_draw_draw % 2 != 0 || twice_draw_draw / 2 > pairs[2]) {
    return std::nullopt;
  }
  return pairs[2] - twice_draw_draw / 2;
}

// fastchess divides the WL and DD counts separately (WL / n + DD / n), which can differ from
// (WL + DD) / n in the last bit and so flip the sign of an Elo of zero ("-0.00" against "0.00");
// with the split known we do the same.
EloSummary pentanomial_summary(const Pentanomial& pairs, std::optional<int64_t> win_loss) {
  const double n = double(pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]);
  std::array<double, 5> p;  // per pair score 0, 0.25, 0.5, 0.75, 1 (per game)
  for (size_t i = 0; i < 5; i++) p[i] = double(pairs[i]) / n;
  if (win_loss) p[2] = double(*win_loss) / n + double(pairs[2] - *win_loss) / n;
  const double score = p[4] + 0.75 * p[3] + 0.5 * p[2] + 0.25 * p[1];
  const double variance = p[4] * std::pow((1 - score), 2) + p[3] * std::pow((0.75 - score), 2) +
                          p[2] * std::pow((0.5 - score), 2) + p[1] * std::pow((0.25 - score), 2) +
                          p[0] * std::pow((0 - score), 2);
  EloSummary out = summarize(score, variance, n, std::sqrt(2 * variance));
  out.draw_ratio = (double(pairs[2]) / n) * 100.0;
  return out;
}

}  // namespace

EloSummary elo_from_games(const GameCounts& games) {
  const double n = double(games.wins + games.draws + games.losses);
  const double w = double(games.wins) / n, d = double(games.draws) / n,
               l = double(games.losses) / n;
  const double score = w + 0.5 * d;
  const double variance =
      w * std::pow((1 - score), 2) + d * std::pow((0.5 - score), 2) + l * std::pow((0 - score), 2);
  EloSummary out = summarize(score, variance, n, std::sqrt(variance));
  out.draw_ratio = 100.0 * double(games.draws) / n;
  return out;
}

EloSummary elo_from_pairs(const Pentanomial& pairs, const GameCounts& games) {
  return pentanomial_summary(pairs, win_loss_pairs_from_games(pairs, games));
}

SprtStatus sprt_status(const SprtSettings& s, const GameCounts& games) {
  const double l = regularize(games.losses), d = regularize(games.draws),
               w = regularize(games.wins);
  const double total = l + d + w;
  const std::array<double, 3> probs{l / total, d / total, w / total};
  const std::array<double, 3> scores{0.0, 0.5, 1.0};
  if (s.model == SprtModel::kNormalized) {
    return decide(
        s, llr_normalized(total, scores, probs, s.elo0 / nelo_per_t(), s.elo1 / nelo_per_t()));
  }
  return decide(s, llr_logistic(total, scores, probs, logistic_elo_to_score(s.elo0),
                                logistic_elo_to_score(s.elo1)));
}

SprtStatus sprt_status(const SprtSettings& s, const Pentanomial& pairs) {
  std::array<double, 5> counts;
  for (size_t i = 0; i < 5; i++) counts[i] = regularize(pairs[i]);
  const double total = counts[4] + counts[3] + counts[2] + counts[1] + counts[0];
  std::array<double, 5> probs;
  for (size_t i = 0; i < 5; i++) probs[i] = counts[i] / total;
  const std::array<double, 5> scores{0.0, 0.25, 0.5, 0.75, 1.0};
  if (s.model == SprtModel::kNormalized) {
    // A pair's sigma is that of one game over sqrt(2) (for independent games), so t per pair is
    // sqrt(2) times t per game.
    return decide(s, llr_normalized(total, scores, probs, std::sqrt(2.0) * s.elo0 / nelo_per_t(),
                                    std::sqrt(2.0) * s.elo1 / nelo_per_t()));
  }
  return decide(s, llr_logistic(total, scores, probs, logistic_elo_to_score(s.elo0),
                                logistic_elo_to_score(s.elo1)));
}

bool parse_sprt_settings(const std::vector<std::string>& tokens, SprtSettings& out,
                         std::string& error) {
  SprtSettings parsed = out;
  for (const std::string& token : tokens) {
    const size_t equals = token.find('=');
    if (equals == std::string::npos) {
      error =
          "SPRT setting '" + token + "' is not key=value (keys: elo0, elo1, alpha, beta, model)";
      return false;
    }
    const std::string key = token.substr(0, equals), value = token.substr(equals + 1);
    if (key == "model") {
      if (value == "normalized") {
        parsed.model = SprtModel::kNormalized;
      } else if (value == "logistic") {
        parsed.model = SprtModel::kLogistic;
      } else {
        error = "SPRT setting '" + token + "': unknown model (normalized or logistic)";
        return false;
      }
      continue;
    }
    double* field = key == "elo0"    ? &parsed.elo0
                    : key == "elo1"  ? &parsed.elo1
                    : key == "alpha" ? &parsed.alpha
                    : key == "beta"  ? &parsed.beta
                                     : nullptr;
    if (field == nullptr) {
      error = "SPRT setting '" + token + "': unknown key (elo0, elo1, alpha, beta, model)";
      return false;
    }
    if (!parse_number(value, *field)) {
      error = "SPRT setting '" + token + "': '" + value + "' is not a finite number";
      return false;
    }
    if ((key == "alpha" || key == "beta") && !(*field > 0 && *field < 1)) {
      error = "SPRT setting '" + token + "': " + key + " must be strictly between 0 and 1";
      return false;
    }
  }
  if (parsed.elo0 >= parsed.elo1) {
    error = "SPRT settings: elo0 (" + fixed(parsed.elo0, 2) + ") must be less than elo1 (" +
            fixed(parsed.elo1, 2) + ")";
    return false;
  }
  if (parsed.alpha + parsed.beta >= 1) {
    error = "SPRT settings: alpha + beta must be less than 1";
    return false;
  }
  out = parsed;
  return true;
}

double sprt_fraction(const SprtStatus& status) {
  return status.llr >= 0 ? status.llr / status.upper : -status.llr / status.lower;
}

std::string format_score_block(const ScoreBlockInput& in) {
  const GameCounts& g = in.games;
  std::optional<int64_t> win_loss = in.win_loss_pairs;
  if (in.pairs && win_loss && (*win_loss < 0 || *win_loss > (*in.pairs)[2])) win_loss.reset();
  if (in.pairs && !win_loss) win_loss = win_loss_pairs_from_games(*in.pairs, g);
  const EloSummary elo = in.pairs ? pentanomial_summary(*in.pairs, win_loss) : elo_from_games(g);
  const int64_t games = g.wins + g.losses + g.draws;
  const double points = double(g.wins) + 0.5 * double(g.draws);

  std::string out = "Results of " + in.first + " vs " + in.second;
  out += in.header_details.empty() ? ":" : " (" + in.header_details + "):";
  out += "\nElo: " + fixed(elo.elo, 2) + " +/- " + fixed(elo.elo_error, 2) +
         ", nElo: " + fixed(elo.nelo, 2) + " +/- " + fixed(elo.nelo_error, 2);
  out += "\nLOS: " + fixed(elo.los, 2) + " %, DrawRatio: " + fixed(elo.draw_ratio, 2) + " %";
  if (in.pairs) {
    const Pentanomial& p = *in.pairs;
    out += ", PairsRatio: " + fixed(double(p[4] + p[3]) / double(p[1] + p[0]), 2);
  }
  out += "\nGames: " + std::to_string(games) + ", Wins: " + std::to_string(g.wins) +
         ", Losses: " + std::to_string(g.losses) + ", Draws: " + std::to_string(g.draws) +
         ", Points: " + fixed(points, 1) + " (" + fixed(points / double(games) * 100, 2) + " %)";
  if (in.pairs) {
    const Pentanomial& p = *in.pairs;
    out += "\nPtnml(0-2): [" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " +
           std::to_string(p[2]) + ", " + std::to_string(p[3]) + ", " + std::to_string(p[4]) +
           "], WL/DD Ratio: " +
           (win_loss ? fixed(double(*win_loss) / double(p[2] - *win_loss), 2) : "n/a");
  }
  if (in.sprt) {
    const SprtStatus sprt = in.pairs ? sprt_status(*in.sprt, *in.pairs) : sprt_status(*in.sprt, g);
    out += "\nLLR: " + fixed(sprt.llr, 2) + " (" + fixed(sprt_fraction(sprt) * 100., 1) + "%) (" +
           fixed(sprt.lower, 2) + ", " + fixed(sprt.upper, 2) + ") [" + fixed(in.sprt->elo0, 2) +
           ", " + fixed(in.sprt->elo1, 2) + "]";
  }
  return out;
}

}  // namespace splitlab::bench
