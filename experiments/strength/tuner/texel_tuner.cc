// texel_tuner: fits the evaluation's weights to game results (texel.h).
//
//   texel_tuner --positions FILE --out DIR [--game chess|xiangqi] [--epochs N] [--rate R]
//               [--validation SHARE] [--check-every N] [--patience N] [--k K]
//               [--only TERM[,TERM...]]
//
// --only fits just the named terms (a weight's name before its "[", such as safe_check) and
// holds every other weight: new terms that start at zero reach their values before the rest,
// already fitted, overfits and stops the fit early.
//
// Starts from the weights the engine plays with. Holds out whole games for validation (a
// hash of the game number), fits K on the training positions unless given, runs Adam with
// early stopping on the validation loss, and writes to DIR:
//   summary.txt         the command, data, K, losses before and after, epochs;
//   weights.csv         every weight before and after, and how many positions use it;
//   tuned_weights.inc   the tuned weights as a flat initializer of {mg, eg} pairs in EvalParams
//                       order: for chess, std::bit_cast<EvalParams> (engine/chess/eval_params.h);
//                       for xiangqi, EvalParams' array (engine/xiangqi/eval_params.cc).
// Progress and an ETA go to stderr.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/chess/eval_params.h"
#include "engine/games/games.h"
#include "experiments/strength/tuner/texel.h"
#include "experiments/strength/tuner/training_data.h"

namespace {

int usage(const std::string& why) {
  std::fprintf(stderr,
               "texel_tuner: %s\n"
               "usage: texel_tuner --positions FILE --out DIR [--game chess|xiangqi] [--epochs N] [--rate R] "
               "[--validation SHARE] [--check-every N] [--patience N] [--k K] "
               "[--only TERM[,TERM...]]\n",
               why.c_str());
  return 2;
}

bool parse_number(const char* text, double& out) {
  char* end = nullptr;
  out = std::strtod(text, &end);
  return end != text && *end == '\0' && std::isfinite(out);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace splitlab;
  std::string positions_path, out_dir;
  tuner::TuneSettings settings;
  double validation_share = 0.2, k = 0;
  std::vector<std::string> only;  // Terms to fit; empty: all.
  GameId game = GameId::kChess;
  std::string command = "texel_tuner";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    double v = 0;
    const bool has_number = i + 1 < argc && parse_number(argv[i + 1], v);
    if (arg == "--positions" && i + 1 < argc) {
      positions_path = argv[++i];
    } else if (arg == "--out" && i + 1 < argc) {
      out_dir = argv[++i];
    } else if (arg == "--game" && i + 1 < argc) {
      std::string error;
      if (!parse_game(argv[++i], game, error)) return usage("--game: " + error);
    } else if (arg == "--epochs" || arg == "--check-every" || arg == "--patience") {
      if (!has_number || v < 1 || v != std::floor(v)) return usage(arg + " needs a positive integer");
      (arg == "--epochs" ? settings.epochs
                         : arg == "--check-every" ? settings.check_every : settings.patience) = int(v);
      ++i;
    } else if (arg == "--rate") {
      if (!has_number || v <= 0) return usage("--rate needs a positive number");
      settings.rate = v;
      ++i;
    } else if (arg == "--validation") {
      if (!has_number || v < 0 || v >= 1) return usage("--validation needs a share in [0, 1)");
      validation_share = v;
      ++i;
    } else if (arg == "--only" && i + 1 < argc) {
      const std::string list = argv[++i];
      for (size_t start = 0; start <= list.size();) {
        const size_t comma = std::min(list.find(',', start), list.size());
        only.push_back(list.substr(start, comma - start));
        start = comma + 1;
      }
    } else if (arg == "--k") {
      if (!has_number || v <= 0) return usage("--k needs a positive number");
      k = v;
      ++i;
    } else {
      return usage("unknown or incomplete argument '" + arg + "'");
    }
  }
  if (positions_path.empty() || out_dir.empty()) return usage("--positions and --out are required");

  std::vector<tuner::TuningPosition> all, train, validation;
  std::string error;
  if (!tuner::read_training_file(positions_path, all, error, game)) {
    std::fprintf(stderr, "texel_tuner: %s\n", error.c_str());
    return 1;
  }
  for (auto& p : all)
    (tuner::in_validation(p.game, validation_share) ? validation : train).push_back(p);
  if (train.empty()) {
    std::fprintf(stderr, "texel_tuner: no training positions in '%s'\n", positions_path.c_str());
    return 1;
  }
  std::filesystem::create_directories(out_dir);

  const int count = tuner::weight_count(game);
  const tuner::Weights before = tuner::engine_weights(game);
  tuner::Weights w = before;
  if (k == 0) k = tuner::fit_scale(train, w);
  settings.fixed.resize(count);
  std::vector<bool> term_found(only.size(), false);
  for (int i = 0; i < count; ++i) {
    settings.fixed[i] = tuner::weight_fixed(game, i);
    if (only.empty()) continue;
    const std::string name = tuner::weight_name(game, i);
    const std::string term = name.substr(0, name.find('['));
    const auto it = std::find(only.begin(), only.end(), term);
    if (it == only.end()) settings.fixed[i] = true;
    else term_found[size_t(it - only.begin())] = true;
  }
  for (size_t t = 0; t < only.size(); ++t)
    if (!term_found[t]) return usage("--only: no term named '" + only[t] + "'");
  std::fprintf(stderr, "%zu training and %zu validation positions, K = %.4f\n", train.size(),
               validation.size(), k);
  const auto start = std::chrono::steady_clock::now();
  settings.on_check = [&](int epoch, double validation_loss) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "epoch %d/%d  validation loss %.6f  %.0f s, at most %.0f s to go\n", epoch,
                 settings.epochs, validation_loss, elapsed,
                 elapsed / epoch * (settings.epochs - epoch));
  };
  const tuner::TuneReport report = tuner::tune(train, validation, k, w, settings);

  std::vector<int> users(count, 0);
  for (const auto& p : all)
    for (const auto& use : p.uses) ++users[use.index];

  std::ofstream csv(out_dir + "/weights.csv");
  csv << "index,name,fixed,mg_before,eg_before,mg_after,eg_after,positions_using\n";
  for (int i = 0; i < count; ++i)
    csv << i << ",\"" << tuner::weight_name(game, i) << "\"," << (settings.fixed[i] ? 1 : 0) << ","
        << before[i][0] << "," << before[i][1] << "," << std::lround(w[i][0]) << ","
        << std::lround(w[i][1]) << "," << users[i] << "\n";
  std::ofstream inc(out_dir + "/tuned_weights.inc");
  inc << "// Written by: " << command << "\n";
  for (int i = 0; i < count; ++i)
    inc << "{" << std::lround(w[i][0]) << ", " << std::lround(w[i][1]) << "},  // "
        << tuner::weight_name(game, i) << "\n";
  char text[1024];
  std::snprintf(text, sizeof text,
                "command: %s\n"
                "positions: %zu (%zu training, %zu validation, whole games held out)\n"
                "K: %.4f\n"
                "training loss: %.6f -> %.6f\n"
                "validation loss: %.6f -> %.6f\n"
                "epochs run: %d, kept epoch: %d\n",
                command.c_str(), all.size(), train.size(), validation.size(), k,
                report.train_loss_before, report.train_loss_after, report.validation_loss_before,
                report.validation_loss_after, report.epochs_run, report.best_epoch);
  std::ofstream(out_dir + "/summary.txt") << text;
  std::fputs(text, stdout);
  if (!csv || !inc) {
    std::fprintf(stderr, "texel_tuner: writing to '%s' failed\n", out_dir.c_str());
    return 1;
  }
  return 0;
}
