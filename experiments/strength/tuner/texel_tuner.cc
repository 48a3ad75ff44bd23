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

namespace tuner = splitlab::tuner;
using splitlab::GameId;

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

// What the command line asks for.
struct Options {
  std::string positions_path, out_dir;
  tuner::TuneSettings settings;
  double validation_share = 0.2, k = 0;  // k = 0: fit K on the training positions.
  std::vector<std::string> only;         // Terms to fit; empty: all.
  GameId game = tuner::tuned_chess();
  std::string command = "texel_tuner";  // The whole command line, for the files written.
};

// Adds the terms of one --only (a comma-separated list; --only may be given more than once).
// An empty item is kept, so that it is refused as naming no term.
void add_terms(const std::string& list, std::vector<std::string>& terms) {
  for (size_t start = 0; start <= list.size();) {
    const size_t comma = std::min(list.find(',', start), list.size());
    terms.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
}

// Reads the arguments into `options`; returns what is wrong with the first bad one (for
// usage()), or "" if none is.
std::string parse_options(int argc, char** argv, Options& options) {
  auto& settings = options.settings;
  for (int i = 1; i < argc; ++i) options.command += std::string(" ") + argv[i];
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    double v = 0;
    const bool has_number = i + 1 < argc && parse_number(argv[i + 1], v);
    if (arg == "--positions" && i + 1 < argc) {
      options.positions_path = argv[++i];
    } else if (arg == "--out" && i + 1 < argc) {
      options.out_dir = argv[++i];
    } else if (arg == "--game" && i + 1 < argc) {
      std::string error;
      if (!splitlab::parse_game(argv[++i], options.game, error)) return "--game: " + error;
    } else if (arg == "--epochs" || arg == "--check-every" || arg == "--patience") {
      if (!has_number || v < 1 || v != std::floor(v)) return arg + " needs a positive integer";
      int& value = arg == "--epochs"        ? settings.epochs
                   : arg == "--check-every" ? settings.check_every
                                            : settings.patience;
      value = int(v);
      ++i;
    } else if (arg == "--rate") {
      if (!has_number || v <= 0) return "--rate needs a positive number";
      settings.rate = v;
      ++i;
    } else if (arg == "--validation") {
      if (!has_number || v < 0 || v >= 1) return "--validation needs a share in [0, 1)";
      options.validation_share = v;
      ++i;
    } else if (arg == "--only" && i + 1 < argc) {
      add_terms(argv[++i], options.only);
    } else if (arg == "--k") {
      if (!has_number || v <= 0) return "--k needs a positive number";
      options.k = v;
      ++i;
    } else {
      return "unknown or incomplete argument '" + arg + "'";
    }
  }
  if (options.positions_path.empty() || options.out_dir.empty())
    return "--positions and --out are required";
  return "";
}

// Reads the positions and splits them into training and validation by game; false (having
// said why) if there is none to train on.
bool read_positions(const Options& options, std::vector<tuner::TuningPosition>& all,
                    std::vector<tuner::TuningPosition>& train,
                    std::vector<tuner::TuningPosition>& validation) {
  std::string error;
  if (!tuner::read_training_file(options.positions_path, all, error, options.game)) {
    std::fprintf(stderr, "texel_tuner: %s\n", error.c_str());
    return false;
  }
  for (auto& p : all)
    (tuner::in_validation(p.game, options.validation_share) ? validation : train).push_back(p);
  if (train.empty()) {
    std::fprintf(stderr, "texel_tuner: no training positions in '%s'\n",
                 options.positions_path.c_str());
    return false;
  }
  return true;
}

// The weights the fit holds: those the game always holds, and with --only every weight of a
// term not named. Returns what is wrong (an --only term that names no weight), or "".
std::string choose_fixed_weights(GameId game, int count, const std::vector<std::string>& only,
                                 std::vector<bool>& fixed) {
  fixed.resize(count);
  std::vector<bool> term_found(only.size(), false);
  for (int i = 0; i < count; ++i) {
    fixed[i] = tuner::weight_fixed(game, i);
    if (only.empty()) continue;
    const std::string name = tuner::weight_name(game, i);
    const std::string term = name.substr(0, name.find('['));
    const auto it = std::find(only.begin(), only.end(), term);
    if (it == only.end()) fixed[i] = true;
    else term_found[size_t(it - only.begin())] = true;
  }
  for (size_t t = 0; t < only.size(); ++t)
    if (!term_found[t]) return "--only: no term named '" + only[t] + "'";
  return "";
}

// How many positions use each weight.
std::vector<int> positions_using(const std::vector<tuner::TuningPosition>& all, int count) {
  std::vector<int> users(count, 0);
  for (const auto& p : all)
    for (const auto& use : p.uses) ++users[use.index];
  return users;
}

void write_weights_csv(std::ostream& csv, GameId game, int count, const std::vector<bool>& fixed,
                       const tuner::Weights& before, const tuner::Weights& after,
                       const std::vector<int>& users) {
  csv << "index,name,fixed,mg_before,eg_before,mg_after,eg_after,positions_using\n";
  for (int i = 0; i < count; ++i)
    csv << i << ",\"" << tuner::weight_name(game, i) << "\"," << (fixed[i] ? 1 : 0) << ","
        << before[i][0] << "," << before[i][1] << "," << std::lround(after[i][0]) << ","
        << std::lround(after[i][1]) << "," << users[i] << "\n";
}

void write_tuned_weights(std::ostream& inc, const std::string& command, GameId game, int count,
                         const tuner::Weights& w) {
  inc << "// Written by: " << command << "\n";
  for (int i = 0; i < count; ++i)
    inc << "{" << std::lround(w[i][0]) << ", " << std::lround(w[i][1]) << "},  // "
        << tuner::weight_name(game, i) << "\n";
}

// summary.txt, also printed. The fixed buffer cuts an overlong command line short.
std::string summary_text(const std::string& command, size_t positions, size_t train,
                         size_t validation, double k, const tuner::TuneReport& report) {
  char text[1024];
  std::snprintf(text, sizeof text,
                "command: %s\n"
                "positions: %zu (%zu training, %zu validation, whole games held out)\n"
                "K: %.4f\n"
                "training loss: %.6f -> %.6f\n"
                "validation loss: %.6f -> %.6f\n"
                "epochs run: %d, kept epoch: %d\n",
                command.c_str(), positions, train, validation, k, report.train_loss_before,
                report.train_loss_after, report.validation_loss_before,
                report.validation_loss_after, report.epochs_run, report.best_epoch);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::string why = parse_options(argc, argv, options); !why.empty()) return usage(why);
  auto& settings = options.settings;

  std::vector<tuner::TuningPosition> all, train, validation;
  if (!read_positions(options, all, train, validation)) return 1;
  std::filesystem::create_directories(options.out_dir);

  const int count = tuner::weight_count(options.game);
  const tuner::Weights before = tuner::engine_weights(options.game);
  tuner::Weights w = before;
  double k = options.k;
  if (k == 0) k = tuner::fit_scale(train, w);
  if (const std::string why = choose_fixed_weights(options.game, count, options.only,
                                                   settings.fixed);
      !why.empty())
    return usage(why);
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

  const std::vector<int> users = positions_using(all, count);
  std::ofstream csv(options.out_dir + "/weights.csv");
  write_weights_csv(csv, options.game, count, settings.fixed, before, w, users);
  std::ofstream inc(options.out_dir + "/tuned_weights.inc");
  write_tuned_weights(inc, options.command, options.game, count, w);
  const std::string text =
      summary_text(options.command, all.size(), train.size(), validation.size(), k, report);
  std::ofstream(options.out_dir + "/summary.txt") << text;
  std::fputs(text.c_str(), stdout);
  if (!csv || !inc) {
    std::fprintf(stderr, "texel_tuner: writing to '%s' failed\n", options.out_dir.c_str());
    return 1;
  }
  return 0;
}
