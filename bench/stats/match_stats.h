// Match statistics for `splitlab match`: Elo with a 95% interval, normalized Elo, LOS, SPRT, and
// the score block, all with the formulas of fastchess (github.com/Disservin/fastchess,
// app/src/matchmaking/{elo,sprt,output}), so that a match here and a fastchess match on the same
// results print the same numbers.
//
// Edge cases are not special-cased, exactly as in fastchess: IEEE arithmetic decides. Zero games
// give nan everywhere; a score of 1 (all wins) gives elo = inf and elo_error = nan (the interval
// has zero width at an infinite Elo); all draws give elo = -0 (printed "-0.00"), nelo = nan
// (0 / 0 variance) and los = nan; an upper interval bound above score 1 gives elo_error = nan.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace splitlab::bench {

// Results from the first engine's point of view.
struct GameCounts {
  int64_t wins = 0, draws = 0, losses = 0;
};

// Game pairs (one opening, colours swapped), indexed by the pair's score for the first engine in
// half points: [0]=0 (LL), [1]=0.5 (LD), [2]=1 (DD or WL), [3]=1.5 (WD), [4]=2 (WW).
using Pentanomial = std::array<int64_t, 5>;

// score is a fraction (0..1); los and draw_ratio are percentages (0..100), as fastchess prints
// them; elo_error and nelo_error are half-widths of the 95% interval.
struct EloSummary {
  double score, elo, elo_error, nelo, nelo_error, los, draw_ratio;
};

// Trinomial: one game is one sample. draw_ratio is the share of drawn games.
EloSummary elo_from_games(const GameCounts& games);
// Pentanomial: one pair is one sample; draw_ratio is the share of pairs that scored 1 (DD or WL).
// `games` serves only to split pairs[2] into WL and DD (see win_loss_pairs below), which fastchess
// divides separately: that changes the last bit of the score at most, but can turn an Elo of
// zero from "0.00" into fastchess's "-0.00".
EloSummary elo_from_pairs(const Pentanomial& pairs, const GameCounts& games);

// kLogistic tests logistic Elo; kNormalized tests normalized Elo (fastchess's default).
// fastchess's third model, "bayesian" (BayesElo, trinomial only), is not offered.
enum class SprtModel { kLogistic, kNormalized };
struct SprtSettings {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  SprtModel model = SprtModel::kNormalized;
};
enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };
// lower = log(beta / (1 - alpha)), upper = log((1 - beta) / alpha); H1 when llr >= upper,
// H0 when llr <= lower.
struct SprtStatus {
  double llr, lower, upper;
  SprtDecision decision;
};

// Generalized log-likelihood ratio of H1 (elo1) against H0 (elo0); an empty cell counts as 0.001
// observations, as in fastchess, so that the maximum-likelihood fits stay inside the simplex.
SprtStatus sprt_status(const SprtSettings& s, const GameCounts& games);
SprtStatus sprt_status(const SprtSettings& s, const Pentanomial& pairs);

// Parses tokens like {"elo0=0","elo1=5","alpha=0.05","beta=0.05","model=normalized"}; keys not
// given keep their value in `out`. On error returns false, leaves `out` as it was, and `error`
// names the bad token: unknown key, not a number, elo0 >= elo1, alpha or beta outside (0, 1),
// alpha + beta >= 1, unknown model.
bool parse_sprt_settings(const std::vector<std::string>& tokens, SprtSettings& out,
                         std::string& error);

// The fraction of the way to a decision that fastchess prints after the LLR: llr / upper when
// llr >= 0, else -llr / lower (so negative towards H0).
double sprt_fraction(const SprtStatus& status);

// The score block as fastchess prints it (multi-line, no trailing newline):
//   Results of A vs B (header_details):        ("Results of A vs B:" when header_details is empty)
//   Elo: 12.34 +/- 5.67, nElo: 15.00 +/- 6.89
//   LOS: 99.00 %, DrawRatio: 40.00 %, PairsRatio: 1.23     (PairsRatio only when paired)
//   Games: N, Wins: W, Losses: L, Draws: D, Points: P.5 (S.SS %)
//   Ptnml(0-2): [LL, LD, WL+DD, WD, WW], WL/DD Ratio: 0.50 (only when paired)
//   LLR: 1.23 (41.8%) (-2.94, 2.94) [0.00, 5.00]           (only with an SPRT)
// When paired, Elo, LOS, DrawRatio and the LLR are pentanomial (fastchess's report_penta).
struct ScoreBlockInput {
  std::string first, second, header_details;
  GameCounts games;
  std::optional<Pentanomial> pairs;
  std::optional<SprtSettings> sprt;
  // How many of pairs[2] were WL (the rest DD), for the WL/DD ratio. When absent it is derived
  // from the games, which works when `games` counts exactly the paired games (as in fastchess):
  // draws = LD + 2 DD + WD. When neither is possible the ratio prints as "n/a"; a value outside
  // [0, pairs[2]] counts as absent.
  std::optional<int64_t> win_loss_pairs;
};
std::string format_score_block(const ScoreBlockInput& in);

}  // namespace splitlab::bench
