// Match statistics: hand-computed samples, fastchess's published test values, reference values
// from fastchess's own code, edge cases, SPRT settings parsing and the score block.
#include "bench/stats/match_stats.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace splitlab::bench {
namespace {

constexpr double kZ = 1.959964;                   // normal quantile of 0.975, to 6 decimals
const double kNeloPerT = 800.0 / std::log(10.0);  // nElo of t = 1

double Elo(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

void ExpectError(const std::vector<std::string>& tokens, const std::string& mentions) {
  SprtSettings settings;
  const SprtSettings before = settings;
  std::string error;
  EXPECT_FALSE(parse_sprt_settings(tokens, settings, error)) << mentions;
  EXPECT_NE(error.find(mentions), std::string::npos)
      << "error '" << error << "' does not mention '" << mentions << "'";
  EXPECT_EQ(settings.elo0, before.elo0);  // untouched on error
  EXPECT_EQ(settings.elo1, before.elo1);
}

// Plain bisection (200 halvings) for the logistic maximum-likelihood fit: an independent solver
// for the equation sum phat_i (a_i - s) / (1 + theta (a_i - s)) = 0.
double LogisticLlrByBisection(const std::vector<double>& counts, const std::vector<double>& scores,
                              double elo0, double elo1) {
  double total = 0;
  for (double c : counts) total += c;
  const auto log_likelihood_of_fit = [&](double elo) {
    const double s = 1 / (1 + std::pow(10, -elo / 400));
    double lo = -1 / (scores.back() - s), hi = -1 / (scores.front() - s);
    for (int i = 0; i < 200; i++) {
      const double mid = (lo + hi) / 2;
      double f = 0;
      for (size_t k = 0; k < counts.size(); k++) {
        f += counts[k] / total * (scores[k] - s) / (1 + mid * (scores[k] - s));
      }
      (f > 0 ? lo : hi) = mid;  // f decreases in theta
    }
    double sum = 0;
    for (size_t k = 0; k < counts.size(); k++) {
      sum += counts[k] * std::log(counts[k] / total / (1 + lo * (scores[k] - s)));
    }
    return sum;
  };
  return log_likelihood_of_fit(elo1) - log_likelihood_of_fit(elo0);
}

TEST(EloFromGamesTest, SmallSampleByHand) {
  // W 3, D 4, L 1: score (3 + 4/2) / 8 = 0.625; variance per game
  // 3/8 (0.375)^2 + 4/8 (0.125)^2 + 1/8 (0.625)^2 = 0.052734375 + 0.0078125 + 0.048828125.
  const EloSummary e = elo_from_games({.wins = 3, .draws = 4, .losses = 1});
  const double score = 0.625, variance = 0.109375, sd_of_mean = std::sqrt(variance / 8);
  EXPECT_DOUBLE_EQ(e.score, score);
  EXPECT_NEAR(e.elo, -400 * std::log10(0.6), 1e-9);  // 1 / 0.625 - 1 = 0.6
  EXPECT_NEAR(e.elo, 88.7395, 1e-4);
  EXPECT_NEAR(e.elo_error, (Elo(score + kZ * sd_of_mean) - Elo(score - kZ * sd_of_mean)) / 2, 1e-3);
  EXPECT_NEAR(e.nelo, 0.125 / std::sqrt(variance) * kNeloPerT, 1e-9);
  EXPECT_NEAR(e.nelo_error, kZ * sd_of_mean / std::sqrt(variance) * kNeloPerT, 1e-3);
  EXPECT_NEAR(e.los, 100 * 0.5 * (1 + std::erf(0.125 / (sd_of_mean * std::sqrt(2.0)))), 1e-9);
  EXPECT_NEAR(e.los, 85.7475, 1e-3);  // Phi(0.125 / 0.116927) = Phi(1.06905)
  EXPECT_DOUBLE_EQ(e.draw_ratio, 50.0);
}

TEST(EloFromPairsTest, SmallSampleByHand) {
  // Pairs [1, 2, 3, 2, 2]: per-game pair scores 0, .25, .5, .75, 1; mean 5.5 / 10 = 0.55; variance
  // .1 (.55)^2 + .2 (.3)^2 + .3 (.05)^2 + .2 (.2)^2 + .2 (.45)^2 = 0.0975.
  const EloSummary e = elo_from_pairs({1, 2, 3, 2, 2}, {.wins = 8, .draws = 6, .losses = 6});
  const double score = 0.55, variance = 0.0975, sd_of_mean = std::sqrt(variance / 10);
  EXPECT_NEAR(e.score, score, 1e-15);
  EXPECT_NEAR(e.elo, Elo(score), 1e-9);
  EXPECT_NEAR(e.elo, 34.8601, 1e-4);
  EXPECT_NEAR(e.elo_error, (Elo(score + kZ * sd_of_mean) - Elo(score - kZ * sd_of_mean)) / 2, 1e-3);
  // nElo is per game: a pair's sigma is a game's over sqrt(2).
  EXPECT_NEAR(e.nelo, 0.05 / std::sqrt(2 * variance) * kNeloPerT, 1e-9);
  EXPECT_NEAR(e.nelo_error, kZ * sd_of_mean / std::sqrt(2 * variance) * kNeloPerT, 1e-3);
  EXPECT_NEAR(e.los, 100 * 0.5 * (1 + std::erf(0.05 / (sd_of_mean * std::sqrt(2.0)))), 1e-9);
  EXPECT_DOUBLE_EQ(e.draw_ratio, 30.0);  // 3 of 10 pairs scored 1
}

// The values of fastchess's own unit tests (app/tests/elo_test.cpp, given there to 2 decimals).
// fastchess's Stats(w, l, d) takes losses before draws; pentanomial as (LL, LD, WL, DD, WD, WW).
TEST(EloTest, FastchessPublishedValues) {
  const EloSummary a = elo_from_games({.wins = 76, .draws = 123, .losses = 89});
  EXPECT_NEAR(a.nelo, -20.76, 0.01);
  EXPECT_NEAR(a.nelo_error, 40.13, 0.01);
  EXPECT_NEAR(a.los, 15.53, 0.005);
  const EloSummary b = elo_from_games({.wins = 136, .draws = 111, .losses = 96});
  EXPECT_NEAR(b.elo, 40.70, 0.01);
  EXPECT_NEAR(b.elo_error, 30.43, 0.01);
  EXPECT_NEAR(b.nelo, 49.77, 0.01);
  EXPECT_NEAR(b.nelo_error, 36.77, 0.01);
  EXPECT_NEAR(b.los, 99.60, 0.005);
  const EloSummary c = elo_from_games({.wins = 34, .draws = 0, .losses = 356});
  EXPECT_NEAR(c.nelo, -508.44, 0.01);
  EXPECT_NEAR(c.nelo_error, 34.48, 0.01);
  // Pairs (LL 34, LD 54, WL 31, DD 32, WD 64, WW 75) and (332, 433, 457, 41, 333, 334).
  const EloSummary d = elo_from_pairs({34, 54, 63, 64, 75}, {});
  EXPECT_NEAR(d.elo, 55.58, 0.01);
  EXPECT_NEAR(d.elo_error, 27.65, 0.01);
  EXPECT_NEAR(d.nelo, 57.94, 0.01);
  EXPECT_NEAR(d.nelo_error, 28.28, 0.01);
  const EloSummary e = elo_from_pairs({332, 433, 498, 333, 334}, {});
  EXPECT_NEAR(e.elo, -8.64, 0.01);
  EXPECT_NEAR(e.elo_error, 10.33, 0.01);
  EXPECT_NEAR(e.nelo, -9.17, 0.01);
  EXPECT_NEAR(e.nelo_error, 10.96, 0.01);
  EXPECT_NEAR(e.los, 5.05, 0.005);
}

TEST(EloTest, EdgeCases) {
  // Zero games: 0 / 0 everywhere, as in fastchess.
  const EloSummary empty = elo_from_games({});
  EXPECT_TRUE(std::isnan(empty.score) && std::isnan(empty.elo) && std::isnan(empty.los));
  EXPECT_TRUE(std::isnan(empty.draw_ratio));
  EXPECT_TRUE(std::isnan(elo_from_pairs({0, 0, 0, 0, 0}, {}).elo));
  // One win: score 1, Elo +inf, zero variance: interval nan, LOS 100 %.
  const EloSummary one_win = elo_from_games({.wins = 1});
  EXPECT_EQ(one_win.elo, INFINITY);
  EXPECT_TRUE(std::isnan(one_win.elo_error));
  EXPECT_EQ(one_win.nelo, INFINITY);
  EXPECT_DOUBLE_EQ(one_win.los, 100.0);
  // One lost pair: the mirror image.
  const EloSummary one_lost_pair = elo_from_pairs({1, 0, 0, 0, 0}, {.losses = 2});
  EXPECT_EQ(one_lost_pair.elo, -INFINITY);
  EXPECT_DOUBLE_EQ(one_lost_pair.los, 0.0);
  // All draws: Elo 0 (negative zero, printed "-0.00" by fastchess), nElo 0 / 0 and LOS nan.
  const EloSummary draws = elo_from_games({.draws = 6});
  EXPECT_EQ(draws.elo, 0.0);
  EXPECT_TRUE(std::signbit(draws.elo));
  EXPECT_EQ(draws.elo_error, 0.0);
  EXPECT_TRUE(std::isnan(draws.nelo));
  EXPECT_TRUE(std::isnan(draws.los));
  EXPECT_DOUBLE_EQ(draws.draw_ratio, 100.0);
  // No losses, W 1 D 1: score 0.75, variance 1/16; the upper bound 0.75 + 1.96 / 4 / sqrt(2) is
  // above 1, where Elo is undefined, so the interval is nan.
  const EloSummary no_losses = elo_from_games({.wins = 1, .draws = 1});
  EXPECT_NEAR(no_losses.elo, 400 * std::log10(3.0), 1e-9);
  EXPECT_TRUE(std::isnan(no_losses.elo_error));
  EXPECT_NEAR(no_losses.nelo, 0.25 / 0.25 * kNeloPerT, 1e-9);
  EXPECT_NEAR(no_losses.nelo_error, kZ / std::sqrt(2.0) * kNeloPerT, 1e-3);
}

TEST(SprtTest, BoundsAndDecisions) {
  const SprtSettings settings;  // elo0 0, elo1 5, alpha = beta = 0.05, normalized
  const SprtStatus even =
      sprt_status(settings, GameCounts{.wins = 100, .draws = 100, .losses = 100});
  EXPECT_NEAR(even.lower, std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(even.upper, 2.944438979, 1e-9);
  EXPECT_EQ(even.decision, SprtDecision::kContinue);
  EXPECT_EQ(sprt_status(settings, GameCounts{.wins = 3000, .draws = 3000, .losses = 2500}).decision,
            SprtDecision::kAcceptH1);
  EXPECT_EQ(sprt_status(settings, GameCounts{.wins = 2500, .draws = 3000, .losses = 3000}).decision,
            SprtDecision::kAcceptH0);
  const SprtStatus asymmetric =
      sprt_status({.elo0 = 0, .elo1 = 5, .alpha = 0.1, .beta = 0.02}, Pentanomial{});
  EXPECT_NEAR(asymmetric.lower, std::log(0.02 / 0.9), 1e-12);
  EXPECT_NEAR(asymmetric.upper, std::log(0.98 / 0.1), 1e-12);
  // Zero games: every cell regularized to 0.001, a uniform sample of 0.003 games: no decision.
  const SprtStatus empty = sprt_status(settings, GameCounts{});
  EXPECT_TRUE(std::isfinite(empty.llr));
  EXPECT_LT(std::abs(empty.llr), 0.01);
  EXPECT_EQ(empty.decision, SprtDecision::kContinue);
  EXPECT_EQ(sprt_fraction({1.5, -3, 3, SprtDecision::kContinue}), 0.5);
  EXPECT_EQ(sprt_fraction({-1.5, -3, 3, SprtDecision::kContinue}), -0.5);
}

// fastchess's own unit tests (app/tests/sprt_test.cpp, to 2 decimals, 1% relative there).
TEST(SprtTest, FastchessPublishedValues) {
  const auto llr_games = [](double elo0, double elo1, SprtModel model, GameCounts games) {
    return sprt_status({.elo0 = elo0, .elo1 = elo1, .model = model}, games).llr;
  };
  const auto llr_pairs = [](double elo0, double elo1, SprtModel model, Pentanomial pairs) {
    return sprt_status({.elo0 = elo0, .elo1 = elo1, .model = model}, pairs).llr;
  };
  const SprtModel normalized = SprtModel::kNormalized, logistic = SprtModel::kLogistic;
  EXPECT_NEAR(llr_games(0, 2, normalized, {36433, 68692, 36027}), 0.92, 0.005);
  EXPECT_NEAR(llr_games(-1.75, 0.25, normalized, {10871, 20431, 10650}), 2.30, 0.005);
  // All wins: fastchess's test allows 1% here; its code (harness) gives 120.5482677412, as ours.
  EXPECT_NEAR(llr_games(0, 10, normalized, {4250, 0, 0}), 120.56, 0.01 * 120.56);
  EXPECT_NEAR(llr_games(0, 10, normalized, {4250, 0, 0}), 120.5482677412, 1e-6);
  EXPECT_NEAR(llr_games(0.5, 2.5, logistic, {21404, 40708, 21184}), -1.57, 0.005);
  EXPECT_NEAR(llr_games(0, 2, logistic, {57433, 106593, 57030}), -2.59, 0.005);
  // Pentanomial (LL, LD, WL, DD, WD, WW) with WL + DD in one cell.
  EXPECT_NEAR(llr_pairs(0, 2, normalized, {365, 16618, 36229, 16974, 390}), 2.25, 0.005);
  EXPECT_NEAR(llr_pairs(-1.75, 0.25, normalized, {127, 4883, 10712, 5150, 104}), 3.01, 0.005);
  // All pairs WW: 1% as above; fastchess's code gives 111.7975550867.
  EXPECT_NEAR(llr_pairs(0, 5, normalized, {0, 0, 0, 0, 5550}), 111.82, 0.01 * 111.82);
  EXPECT_NEAR(llr_pairs(0, 5, normalized, {0, 0, 0, 0, 5550}), 111.7975550867, 1e-6);
  EXPECT_NEAR(llr_pairs(0.5, 2.5, logistic, {223, 9863, 21279, 10037, 246}), -3.07, 0.005);
  EXPECT_NEAR(llr_pairs(0, 2, logistic, {871, 26175, 55983, 26678, 821}), -4.98, 0.005);
}

TEST(SprtTest, LogisticAgreesWithAnIndependentSolver) {
  // The fits solved by plain bisection to machine precision: the ITP solver's tolerance (1e-3 in
  // theta) moves the LLR only to second order.
  const SprtSettings settings{.elo0 = -2, .elo1 = 6, .model = SprtModel::kLogistic};
  EXPECT_NEAR(sprt_status(settings, GameCounts{.wins = 430, .draws = 800, .losses = 390}).llr,
              LogisticLlrByBisection({390, 800, 430}, {0, 0.5, 1}, -2, 6), 1e-3);
  EXPECT_NEAR(sprt_status(settings, Pentanomial{40, 300, 500, 330, 50}).llr,
              LogisticLlrByBisection({40, 300, 500, 330, 50}, {0, 0.25, 0.5, 0.75, 1}, -2, 6),
              1e-3);
}

TEST(SprtTest, NormalizedNearTheGaussianApproximation) {
  // For a large sample near t = 0 the LLR is close to that of a normal mean with known sigma:
  // N / 2 (t1 - t0) (2 t - t0 - t1), t = (score - 0.5) / sigma per game.
  const GameCounts games{.wins = 26000, .draws = 50000, .losses = 24000};
  const double n = 100000, score = 0.51,
               variance =
                   0.26 * 0.49 * 0.49 + 0.5 * 0.01 * 0.01 + 0.24 * 0.51 * 0.51;  // W .26 D .5 L .24
  const double t = (score - 0.5) / std::sqrt(variance), t0 = 0, t1 = 5 / kNeloPerT;
  const double approximation = n / 2 * (t1 - t0) * (2 * t - t0 - t1);
  EXPECT_NEAR(sprt_status(SprtSettings{}, games).llr, approximation, 0.02 * approximation);
}

// Known answers from fastchess's own code (commit 74deac23 of github.com/Disservin/fastchess):
// its EloWDL, EloPentanomial and SPRT sources compiled outside this repository in a small harness
// with -O3 -march=native, printed to 17 digits. The harness also compared these functions with
// fastchess on 40000 generated inputs (from empty to 800000 games): largest difference 6e-14 in
// nElo's interval, 0 elsewhere (LLR included), and identical score blocks.
struct ReferenceCase {
  GameCounts games;
  Pentanomial pairs;
  bool paired;
  double elo0, elo1;
  SprtModel model;
  double score, elo, elo_error, nelo, nelo_error, llr;
};

TEST(ReferenceTest, AgreesWithFastchess) {
  constexpr SprtModel kLogistic = SprtModel::kLogistic, kNormalized = SprtModel::kNormalized;
  const ReferenceCase cases[] = {
      {{12, 15, 7},
       {1, 2, 7, 5, 2},
       true,
       -1,
       4,
       kNormalized,
       0.57352941176470595,
       51.466643651017286,
       87.641260461515529,
       71.157580496084606,
       116.78388826597427,
       0.091769586540770942},
      {{12, 15, 7},
       {1, 2, 7, 5, 2},
       false,
       -1,
       4,
       kLogistic,
       0.57352941176470584,
       51.466643651017243,
       89.547118018585621,
       69.71054892582012,
       116.7838882659743,
       0.12508959115099838},
      {{1440, 4750, 1350},
       {100, 850, 1800, 900, 120},
       false,
       0,
       5,
       kNormalized,
       0.50596816976127323,
       4.1473060826350858,
       4.7704428920715607,
       6.8188739177349822,
       7.8421783752804828,
       1.3485678755912283},
      {{1440, 4750, 1350},
       {100, 850, 1800, 900, 120},
       false,
       0,
       5,
       kLogistic,
       0.50596816976127323,
       4.1473060826350858,
       4.7704428920715607,
       6.8188739177349822,
       7.8421783752804828,
       1.3906015330386052},
      {{1440, 4750, 1350},
       {100, 850, 1800, 900, 120},
       true,
       0,
       5,
       kLogistic,
       0.50596816976127323,
       4.1473060826350858,
       4.6306190720278595,
       7.0247476614240654,
       7.8421783752805112,
       1.4757863805773248},
      {{1440, 4750, 1350},
       {100, 850, 1800, 900, 120},
       true,
       0,
       5,
       kNormalized,
       0.50596816976127323,
       4.1473060826350858,
       4.6306190720278595,
       7.0247476614240654,
       7.8421783752805112,
       1.4129026298323106},
      {{190, 360, 280},
       {45, 150, 100, 90, 30},
       true,
       -3,
       1,
       kNormalized,
       0.44578313253012047,
       -37.822443045831655,
       18.959626569366147,
       -47.574576867686041,
       23.636509512092911,
       -1.2451012640753347},
      {{17954, 105650, 17548},
       {365, 16618, 36229, 16974, 390},
       true,
       0,
       2,
       kNormalized,
       0.50143816594876445,
       0.9993428129307208,
       0.92307681337491321,
       1.9622707934905139,
       1.8125035725495406,
       2.2503677035458534},
      {{11529, 60458, 11309},
       {223, 9863, 21279, 10037, 246},
       true,
       0.5,
       2.5,
       kLogistic,
       0.50132059162504805,
       0.91764318275369339,
       1.2063698730752077,
       1.7947643763396348,
       2.3594474879710479,
       -3.0744228597368144},
      {{871, 1308, 1779},
       {534, 322, 672, 420, 31},
       true,
       -0.25,
       2.25,
       kNormalized,
       0.38529560384032341,
       -81.148906099205519,
       9.2365125653215117,
       -98.618618494315626,
       10.823918022680802,
       -8.1949642675231757},
      {{7, 14, 1},
       {0, 0, 5, 6, 0},
       false,
       3,
       7.75,
       kNormalized,
       0.63636363636363635,
       97.215219474517795,
       86.495467404926046,
       176.18199800911202,
       145.1814230211267,
       0.13179717073770147},
      {{836, 1597, 1507},
       {170, 877, 614, 72, 237},
       true,
       4.5,
       7.25,
       kLogistic,
       0.41484771573604057,
       -59.752080655615444,
       8.6277265339489535,
       -76.640429711703916,
       10.848614533986446,
       -7.5285017136963788},
      {{1263, 757, 952},
       {271, 0, 719, 139, 357},
       false,
       -1.25,
       5,
       kNormalized,
       0.55232166890982504,
       36.490403271180497,
       10.826132163907626,
       42.426533049645251,
       12.49102238834268,
       6.1921418026825057},
  };
  for (const ReferenceCase& c : cases) {
    SCOPED_TRACE(testing::Message() << "W " << c.games.wins << " D " << c.games.draws << " L "
                                    << c.games.losses << (c.paired ? " paired" : ""));
    const EloSummary e = c.paired ? elo_from_pairs(c.pairs, c.games) : elo_from_games(c.games);
    const auto near = [](double expected) { return 1e-10 * std::max(1.0, std::abs(expected)); };
    EXPECT_NEAR(e.score, c.score, near(c.score));
    EXPECT_NEAR(e.elo, c.elo, near(c.elo));
    EXPECT_NEAR(e.elo_error, c.elo_error, near(c.elo_error));
    EXPECT_NEAR(e.nelo, c.nelo, near(c.nelo));
    EXPECT_NEAR(e.nelo_error, c.nelo_error, near(c.nelo_error));
    const SprtSettings settings{.elo0 = c.elo0, .elo1 = c.elo1, .model = c.model};
    const SprtStatus sprt =
        c.paired ? sprt_status(settings, c.pairs) : sprt_status(settings, c.games);
    EXPECT_NEAR(sprt.llr, c.llr, 1e-6 * std::max(1.0, std::abs(c.llr)));
  }
}

// x86's default nan has its sign bit set, so fastchess prints 0 / 0 as "-nan" there (and "nan"
// on machines whose default nan is positive); compare without that sign.
std::string WithoutNanSign(std::string text) {
  for (size_t at; (at = text.find("-nan")) != std::string::npos;) text.erase(at, 1);
  return text;
}

// Score blocks printed by the harness's copy of fastchess's printEloH2H and printSprt format
// strings (Fastchess::printEloH2H, printSprt), header details "10+0.1, 1t, 16MB".
TEST(ScoreBlockTest, SameTextAsFastchess) {
  const SprtSettings normalized{.elo0 = 0, .elo1 = 5};
  const SprtSettings logistic{.elo0 = 0, .elo1 = 5, .model = SprtModel::kLogistic};
  const auto block = [](GameCounts games, std::optional<Pentanomial> pairs, SprtSettings sprt) {
    ScoreBlockInput in;
    in.first = "A";
    in.second = "B";
    in.header_details = "10+0.1, 1t, 16MB";
    in.games = games;
    in.pairs = pairs;
    in.sprt = sprt;
    return WithoutNanSign(format_score_block(in));
  };
  EXPECT_EQ(block({}, std::nullopt, normalized),
            "Results of A vs B (10+0.1, 1t, 16MB):\n"
            "Elo: nan +/- nan, nElo: nan +/- nan\n"
            "LOS: nan %, DrawRatio: nan %\n"
            "Games: 0, Wins: 0, Losses: 0, Draws: 0, Points: 0.0 (nan %)\n"
            "LLR: -0.00 (-0.0%) (-2.94, 2.94) [0.00, 5.00]");
  EXPECT_EQ(block({}, Pentanomial{}, normalized),
            "Results of A vs B (10+0.1, 1t, 16MB):\n"
            "Elo: nan +/- nan, nElo: nan +/- nan\n"
            "LOS: nan %, DrawRatio: nan %, PairsRatio: nan\n"
            "Games: 0, Wins: 0, Losses: 0, Draws: 0, Points: 0.0 (nan %)\n"
            "Ptnml(0-2): [0, 0, 0, 0, 0], WL/DD Ratio: nan\n"
            "LLR: -0.00 (-0.0%) (-2.94, 2.94) [0.00, 5.00]");
  EXPECT_EQ(block({.wins = 1, .draws = 1}, std::nullopt, normalized),
            "Results of A vs B (10+0.1, 1t, 16MB):\n"
            "Elo: 190.85 +/- nan, nElo: 347.44 +/- 481.51\n"
            "LOS: 92.14 %, DrawRatio: 50.00 %\n"
            "Games: 2, Wins: 1, Losses: 0, Draws: 1, Points: 1.5 (75.00 %)\n"
            "LLR: 0.02 (0.7%) (-2.94, 2.94) [0.00, 5.00]");
  EXPECT_EQ(block({.draws = 6}, Pentanomial{0, 0, 3, 0, 0}, logistic),
            "Results of A vs B (10+0.1, 1t, 16MB):\n"
            "Elo: -0.00 +/- 0.00, nElo: nan +/- nan\n"
            "LOS: nan %, DrawRatio: 100.00 %, PairsRatio: nan\n"
            "Games: 6, Wins: 0, Losses: 0, Draws: 6, Points: 3.0 (50.00 %)\n"
            "Ptnml(0-2): [0, 0, 3, 0, 0], WL/DD Ratio: 0.00\n"
            "LLR: -0.04 (-1.3%) (-2.94, 2.94) [0.00, 5.00]");
  EXPECT_EQ(block({.wins = 2}, Pentanomial{0, 0, 0, 0, 1}, normalized),
            "Results of A vs B (10+0.1, 1t, 16MB):\n"
            "Elo: inf +/- nan, nElo: inf +/- nan\n"
            "LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf\n"
            "Games: 2, Wins: 2, Losses: 0, Draws: 0, Points: 2.0 (100.00 %)\n"
            "Ptnml(0-2): [0, 0, 0, 0, 1], WL/DD Ratio: nan\n"
            "LLR: 0.02 (0.7%) (-2.94, 2.94) [0.00, 5.00]");
  EXPECT_EQ(block({.wins = 1, .losses = 1}, Pentanomial{0, 0, 1, 0, 0}, normalized),
            "Results of A vs B (10+0.1, 1t, 16MB):\n"
            "Elo: -0.00 +/- 0.00, nElo: nan +/- nan\n"
            "LOS: nan %, DrawRatio: 100.00 %, PairsRatio: nan\n"
            "Games: 2, Wins: 1, Losses: 1, Draws: 0, Points: 1.0 (50.00 %)\n"
            "Ptnml(0-2): [0, 0, 1, 0, 0], WL/DD Ratio: inf\n"
            "LLR: -0.00 (-0.0%) (-2.94, 2.94) [0.00, 5.00]");
  EXPECT_EQ(block({.wins = 11529, .draws = 60458, .losses = 11309},
                  Pentanomial{223, 9863, 21279, 10037, 246},
                  {.elo0 = 0.5, .elo1 = 2.5, .model = SprtModel::kLogistic}),
            "Results of A vs B (10+0.1, 1t, 16MB):\n"
            "Elo: 0.92 +/- 1.21, nElo: 1.79 +/- 2.36\n"
            "LOS: 93.20 %, DrawRatio: 51.09 %, PairsRatio: 1.02\n"
            "Games: 83296, Wins: 11529, Losses: 11309, Draws: 60458, Points: 41758.0 (50.13 %)\n"
            "Ptnml(0-2): [223, 9863, 21279, 10037, 246], WL/DD Ratio: 0.05\n"
            "LLR: -3.07 (-104.4%) (-2.94, 2.94) [0.50, 2.50]");
  EXPECT_EQ(block({.wins = 190, .draws = 360, .losses = 280}, Pentanomial{45, 150, 100, 90, 30},
                  {.elo0 = -3, .elo1 = 1}),
            "Results of A vs B (10+0.1, 1t, 16MB):\n"
            "Elo: -37.82 +/- 18.96, nElo: -47.57 +/- 23.64\n"
            "LOS: 0.00 %, DrawRatio: 24.10 %, PairsRatio: 0.62\n"
            "Games: 830, Wins: 190, Losses: 280, Draws: 360, Points: 370.0 (44.58 %)\n"
            "Ptnml(0-2): [45, 150, 100, 90, 30], WL/DD Ratio: 0.67\n"
            "LLR: -1.25 (-42.3%) (-2.94, 2.94) [-3.00, 1.00]");
}

TEST(ParseSprtSettingsTest, ReadsEveryKeyAndKeepsTheRest) {
  SprtSettings settings;
  std::string error;
  ASSERT_TRUE(
      parse_sprt_settings({"elo0=-1.5", "elo1=3", "alpha=0.1", "model=logistic"}, settings, error))
      << error;
  EXPECT_EQ(settings.elo0, -1.5);
  EXPECT_EQ(settings.elo1, 3);
  EXPECT_EQ(settings.alpha, 0.1);
  EXPECT_EQ(settings.beta, 0.05);  // not given: kept
  EXPECT_EQ(settings.model, SprtModel::kLogistic);
  ASSERT_TRUE(parse_sprt_settings({"model=normalized", "beta=0.2"}, settings, error)) << error;
  EXPECT_EQ(settings.model, SprtModel::kNormalized);
  EXPECT_EQ(settings.beta, 0.2);
}

TEST(ParseSprtSettingsTest, ErrorsNameTheBadToken) {
  ExpectError({"elo0=0", "gamma=1"}, "gamma=1");
  ExpectError({"elo0=0", "gamma=1"}, "unknown key");
  ExpectError({"elo1"}, "'elo1' is not key=value");
  ExpectError({"elo1=five"}, "'five' is not a finite number");
  ExpectError({"elo1=5x"}, "'5x' is not a finite number");
  ExpectError({"alpha="}, "not a finite number");
  ExpectError({"elo1=inf"}, "not a finite number");
  ExpectError({"elo0=5", "elo1=5"}, "elo0 (5.00) must be less than elo1 (5.00)");
  ExpectError({"elo0=6"}, "must be less than elo1");
  ExpectError({"alpha=0"}, "'alpha=0': alpha must be strictly between 0 and 1");
  ExpectError({"alpha=1.5"}, "alpha");
  ExpectError({"beta=-0.1"}, "beta");
  ExpectError({"beta=1"}, "beta");
  ExpectError({"alpha=0.6", "beta=0.5"}, "alpha + beta");
  ExpectError({"model=bayesian"}, "model=bayesian");
  ExpectError({"model=bayesian"}, "unknown model");
}

TEST(ScoreBlockTest, ParagraphsFollowTheInput) {
  ScoreBlockInput in;
  in.first = "A";
  in.second = "B";
  in.games = {.wins = 3, .draws = 4, .losses = 1};
  const std::string plain = format_score_block(in);
  EXPECT_EQ(plain.rfind("Results of A vs B:\nElo: 88.74 +/- ", 0), 0u) << plain;
  EXPECT_NE(plain.find("\nLOS: 85.75 %, DrawRatio: 50.00 %\n"), std::string::npos) << plain;
  EXPECT_NE(plain.find("\nGames: 8, Wins: 3, Losses: 1, Draws: 4, Points: 5.0 (62.50 %)"),
            std::string::npos)
      << plain;
  EXPECT_EQ(plain.find("Ptnml"), std::string::npos);
  EXPECT_EQ(plain.find("LLR"), std::string::npos);
  EXPECT_NE(plain.back(), '\n');
  // Paired: W 8 D 6 L 6 from pairs [1, 2, 3, 2, 2] with draws = LD + 2 DD + WD = 2 + 2 DD + 2, so
  // DD = 1 and WL = 2: WL/DD ratio 2.
  in.games = {.wins = 8, .draws = 6, .losses = 6};
  in.pairs = Pentanomial{1, 2, 3, 2, 2};
  in.header_details = "10+0.1, 1t, 16MB";
  const std::string paired = format_score_block(in);
  EXPECT_EQ(paired.rfind("Results of A vs B (10+0.1, 1t, 16MB):\n", 0), 0u) << paired;
  EXPECT_NE(paired.find("DrawRatio: 30.00 %, PairsRatio: 1.33\n"), std::string::npos) << paired;
  EXPECT_NE(paired.find("\nPtnml(0-2): [1, 2, 3, 2, 2], WL/DD Ratio: 2.00"), std::string::npos)
      << paired;
  in.win_loss_pairs = 1;  // given explicitly: 1 WL, 2 DD
  EXPECT_NE(format_score_block(in).find("WL/DD Ratio: 0.50"), std::string::npos);
  in.win_loss_pairs.reset();
  in.games.draws = 7;  // no longer the paired games alone: the split is unknown
  EXPECT_NE(format_score_block(in).find("WL/DD Ratio: n/a"), std::string::npos);
}

}  // namespace
}  // namespace splitlab::bench
