#include "cli/scale_command.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <iterator>
#include <map>
#include <memory>
#include <type_traits>
#include <sstream>

#include "bench/ranks/ranks.h"
#include "bench/run_metadata.h"
#include "bench/scale/scale.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/games/game_info.h"
#include "engine/protocol/epd.h"
#include "engine/util/errors.h"
#include "engine/util/text.h"
#include "parallel/options.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) { return util::command_error("scale", message); }

// A default that depends on the game, for the help: "12 (chess), 10 (xiangqi)".
template <typename F>
std::string per_game_text(F&& value_of) {
  std::string text;
  for (const GameInfo& game : all_games())
    text += (text.empty() ? "" : ", ") + value_of(game) + " (" + std::string(game.name) + ")";
  return text;
}

// --engine NAME=PATH[,OPTION=VALUE...]: a UCI engine of the user's beside the references, as
// many as given (an older Splitlab build, one per SplitStrategy, makes a before-and-after in
// one run). Its depth is calibrated with the others under --seconds, else it searches --depth.
bool read_user_engines(const Flags& flags, int depth, std::vector<bench::ReferenceEngine>& engines,
                       std::string& error) {
  for (const std::string& spec : flags.get_all("engine")) {
    auto failed = [&](const std::string& why) {
      error = "--engine '" + spec + "': " + why + " (NAME=PATH[,OPTION=VALUE...])";
      return false;
    };
    const auto items = util::split_list(spec);
    const size_t equals = items.empty() ? std::string::npos : items[0].find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == items[0].size())
      return failed("no NAME=PATH");
    bench::ReferenceEngine engine;
    engine.name = items[0].substr(0, equals);
    engine.path = items[0].substr(equals + 1);
    for (char c : engine.name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
        return failed("a name of letters, digits, '-', '_' and '.' only");
    for (const char* taken : {"splitlab", "glaurung", "stockfish", "fairy-stockfish"})
      if (engine.name == taken) return failed("'" + engine.name + "' names a built-in engine");
    for (const auto& other : engines)
      if (other.name == engine.name) return failed("a second engine named '" + engine.name + "'");
    if (::access(engine.path.c_str(), X_OK) != 0) return failed("no executable '" + engine.path + "'");
    engine.depth = depth;
    engine.strategy = "uci";
    for (size_t i = 1; i < items.size(); ++i) {
      const size_t at = items[i].find('=');
      if (at == std::string::npos || at == 0) return failed("option '" + items[i] + "' is not OPTION=VALUE");
      const std::string name = items[i].substr(0, at), value = items[i].substr(at + 1);
      if (name == "Threads" || name == "Hash")
        return failed(name + " is scale's own (--threads, --hash)");
      // The report's strategy column: the engine's SplitStrategy when it is a Splitlab build.
      if (name == "SplitStrategy") engine.strategy = value;
      engine.options.emplace_back(name, value);
    }
    engines.push_back(std::move(engine));
  }
  return true;
}

}  // namespace

bool read_equal_time(const Flags& flags, double& seconds, int& calibration_positions,
                     std::string& error) {
  // Equal time unless a depth is asked for: engines count depth differently, and at one depth
  // their trees differ many times in size (scale_calibration.h).
  seconds = 0;
  calibration_positions = 8;
  if (flags.has("seconds") && flags.has("depth")) {
    error = "--seconds T (equal time) and --depth N (equal depth) exclude each other";
    return false;
  }
  if (flags.has("depth")) {
    if (!flags.has("calibration-positions")) return true;
    error = "--calibration-positions calibrates --seconds, which --depth replaces";
    return false;
  }
  long long count = 0;
  if (!flags.get_double("seconds", 0.001, 3600, 1.5, seconds, error) ||
      !flags.get_int("calibration-positions", count, error))
    return false;
  calibration_positions = int(count);
  return true;
}

std::vector<util::FlagSpec> equal_time_flags() {
  return {util::text_flag("seconds", "T",
                          "equal time: each engine searches at the depth where its 1-thread "
                          "search takes about T seconds, calibrated on a few positions; excludes "
                          "--depth",
                          "1.5", "from 0.001 to 3600"),
          util::int_flag("calibration-positions", "N",
                         "how many positions of the suite calibrate the depths", 1, 1000, 8)};
}

util::FlagSpec strategies_flag() {
  return util::text_flag("strategies", "LIST", "the split strategies to measure",
                         parallel::split_strategy_names(",", false),
                         "a list of " + parallel::split_strategy_names(", ", false));
}

util::FlagSpec suite_flag(bool chess_only) {
  return util::path_flag("suite", "FILE.epd", "the positions (named by their id operation)",
                         util::PathKind::kInputFile,
                         chess_only ? "the 160 middlegames of experiments/scaling-suite/"
                                    : "chess: the 160 middlegames of experiments/scaling-suite/; "
                                      "xiangqi: the 24 bench positions");
}

bool read_strategies(const Flags& flags, std::vector<parallel::SplitStrategy>& strategies,
                     std::string& error) {
  for (const auto& name :
       util::split_list(flags.get("strategies", parallel::split_strategy_names(",", false)))) {
    const auto s = parallel::parse_split_strategy(name);
    if (!s || *s == parallel::SplitStrategy::kNone) {
      error = "unknown strategy '" + name + "' in --strategies (" +
              parallel::split_strategy_names(", ", false) + ")";
      return false;
    }
    strategies.push_back(*s);
  }
  return true;
}

bool load_scale_suite(const Flags& flags, GameId game, std::vector<bench::ScalePosition>& positions,
                      std::string& error) {
  auto failed = [&](const std::string& message) {
    error = message;
    return false;
  };
  if (flags.has("suite")) {
    std::vector<protocol::EpdRecord> records;
    if (!protocol::read_epd_file(flags.get("suite"), records, error,
                                 game_info(game).epd_position_fields)) return failed(error);
    std::map<std::string, int> first_line_of;  // Position id -> its line.
    for (const auto& r : records) {
      std::string fen;
      const bool ok = game_info(game).normalise_fen(r.fen, fen, error);
      if (!ok) return failed(flags.get("suite") + ":" + std::to_string(r.line_number) + ": " + error);
      const auto* id = r.find("id");
      const std::string name =
          id && !id->operands.empty() ? id->operands[0] : "line" + std::to_string(r.line_number);
      const std::string where = flags.get("suite") + ":" + std::to_string(r.line_number) + ": ";
      // The id is a field of every runs.csv row, which a resume finds rows by: one with a comma
      // or a quote is not read back, so the position would be searched again on every rerun
      // (found by fuzz/resume_fuzzer.cc); a second position of the same id would take the
      // first one's rows.
      if (name.empty() || name.find_first_of(",\"") != std::string::npos ||
          std::any_of(name.begin(), name.end(), [](char c) { return c >= 0 && c < ' '; }))
        return failed(where + "the position id '" + name +
                      "' is empty or holds a comma, a quote or a control character, which the "
                      "results' CSV rows cannot hold");
      if (auto it = first_line_of.find(name); it != first_line_of.end())
        return failed(where + "the position id '" + name + "' is also line " +
                      std::to_string(it->second) + "'s: each position needs an id of its own");
      first_line_of[name] = r.line_number;
      const auto* bm = r.find("bm");  // simulate's time to solution reads it.
      positions.push_back({name, fen, bm ? bm->operands : std::vector<std::string>{}});
    }
  } else {
    // The game's scaling positions (chess: 160 middlegames from real games,
    // experiments/scaling-suite/; a game without a suite of its own: its bench positions).
    for (const BenchPosition& p : game_info(game).scaling_positions())
      positions.push_back({std::string(p.id), std::string(p.fen)});
  }
  if (positions.empty()) return failed("the suite has no positions");
  return true;
}

const util::CommandSpec& scale_spec() {
  static const util::CommandSpec spec = [] {
    util::CommandSpec c;
    c.name = "scale";
    c.brief = "speedup, NPS and overhead at 1..N threads beside reference engines";
    c.summary =
        "The scaling experiment: time to depth, NPS and search overhead of each split strategy "
        "at each thread count against Splitlab's 1-thread search, beside reference engines on "
        "the same positions in the same run, at equal 1-thread time by default; writes "
        "runs.csv (resumable), summary.csv, summary.json and summary.txt";
    c.flags = {game_flag(), strategies_flag(),
               util::text_flag("threads", "LIST", "the thread counts", "1,2",
                               "a list of counts from 1 to " +
                                   std::to_string(parallel::kMaxThreads))};
    util::add_flags(c.flags, equal_time_flags());
    c.flags.push_back(util::int_flag("depth", "N",
                                     "equal depth instead of equal time: Splitlab searches to N, "
                                     "the references to their own depths",
                                     1, 60, game_info(kDefaultGame).scale_depth));
    c.flags.back().default_text = per_game_text([](const GameInfo& g) {
                                    return std::to_string(g.scale_depth);
                                  }) + ", when given without --seconds";
    c.flags.push_back(suite_flag(/*chess_only=*/false));
    c.flags.push_back(util::int_flag("repeats", "K",
                                     "searches of each position and configuration (the median "
                                     "counts)", 1, 1000, 1));
    c.flags.push_back(util::path_flag("out", "DIR", "the results folder (a rerun resumes it)",
                                      util::PathKind::kOutputDir, "results/scale"));
    c.flags.push_back(engine_option_flag("hash", "64"));
    util::add_flags(c.flags, split_flags());
    c.flags.push_back(util::text_flag("references", "LIST", "the reference engines",
                                      per_game_text([](const GameInfo& g) {
                                        return std::string(g.scale_references);
                                      }),
                                      "a list of glaurung, stockfish, fairy-stockfish, or none"));
    for (const char* name : {"glaurung", "stockfish", "fairy"}) {
      const std::string flag = std::string(name) + "-depth";
      c.flags.push_back(util::text_flag(
          flag, "N", std::string("fix ") + name + "'s depth instead of calibrating it",
          std::string(name) == "glaurung"    ? "calibrated (with --depth: the same N)"
          : std::string(name) == "stockfish" ? "calibrated (with --depth: N + 4)"
                                             : "calibrated (with --depth: N + 2)",
          "from 1 to 60"));
    }
    util::FlagSpec engine = util::text_flag(
        "engine", "NAME=PATH[,OPTION=VALUE...]",
        "a UCI engine of yours beside the references, its options sent before Threads and Hash "
        "(an older Splitlab build with SplitStrategy=S makes a before-and-after in one run)");
    engine.repeatable = true;
    c.flags.push_back(engine);
    c.flags.push_back(util::switch_flag("allow-dirty", bench::kAllowDirtyMeaning));
    return c;
  }();
  return spec;
}

namespace {

// --threads N,N,...: the thread counts, each 1 to kMaxThreads.
bool read_thread_counts(const Flags& flags, std::vector<int>& threads, std::string& error) {
  for (const auto& text : util::split_list(flags.get("threads", "1,2"))) {
    int64_t t = 0;
    if (!util::parse_int(text, 1, parallel::kMaxThreads, t)) {
      error = "bad thread count '" + text + "' in --threads (1 to " +
              std::to_string(parallel::kMaxThreads) + ")";
      return false;
    }
    threads.push_back(int(t));
  }
  return true;
}

// The reference engines' depths (--glaurung-depth and the others, or their defaults).
struct ReferenceDepths {
  int glaurung, stockfish, fairy;
};

// --references NAME,...: Glaurung and Stockfish play only the game a UCI engine plays without
// UCI_Variant (chess); Fairy-Stockfish plays every game, told which by UCI_Variant. With
// --seconds, a reference's depth flag fixes that engine's depth instead of calibrating it.
bool read_references(const Flags& flags, const std::string& default_references, GameId game,
                     const ReferenceDepths& depths, std::vector<bench::ReferenceEngine>& out,
                     std::string& error) {
  // An engine without variants plays the game that needs no UCI_Variant.
  const bool chess = game_info(game).uci_variant.empty();
  for (const auto& name : util::split_list(flags.get("references", default_references))) {
    if (name == "none") continue;
    if (chess && name == "glaurung") {
      out.push_back({"glaurung", "/usr/games/glaurung", depths.glaurung,
                     flags.has("glaurung-depth"), "ybwc", "", {}});
    } else if (chess && name == "stockfish") {
      out.push_back({"stockfish", "/usr/games/stockfish", depths.stockfish,
                     flags.has("stockfish-depth"), "lazy", "", {}});
    } else if (name == "fairy-stockfish") {
      out.push_back({"fairy-stockfish", "/usr/games/fairy-stockfish", depths.fairy,
                     flags.has("fairy-depth"), "lazy", std::string(game_info(game).uci_variant),
                     {}});
    } else {
      error = "unknown reference engine '" + name + "' for " + std::string(game_info(game).name) +
              " (" + (chess ? "glaurung, stockfish, fairy-stockfish" : "fairy-stockfish") +
              ", none)";
      return false;
    }
  }
  return true;
}

}  // namespace

int scale_command(const std::vector<std::string>& args) {
  Flags flags(scale_spec().flags);
  std::string error;
  // Under mpirun every rank runs this command with the same arguments (bench/ranks/ranks.h).
  std::unique_ptr<bench::ranks::World> world;
  if (!bench::ranks::join_if_launched(world, error)) return fail(error);
  const bool rank_zero = !world || world->rank() == 0;
  // Every rank reads the same arguments: one says what is wrong.
  auto fail = [&](const std::string& message) { return rank_zero ? cli::fail(message) : 2; };
  if (!flags.parse(args, error) ||
      !bench::check_results_build(bench::splitlab_command_line("scale", args), error))
    return fail(error);
  bench::ScaleConfig config;
  if (flags.has("game") && !parse_game(flags.get("game"), config.game, error))
    return fail("--game: " + error);
  const std::string game(game_info(config.game).name);
  const GameInfo& defaults = game_info(config.game);
  double seconds = 0;
  int calibration_positions = 0;
  if (!read_equal_time(flags, seconds, calibration_positions, error)) return fail(error);
  long long depth, repeats, hash, glaurung_depth, stockfish_depth, fairy_depth;
  if (!flags.get_int("depth", 1, 60, defaults.scale_depth, depth, error) ||
      !flags.get_int("repeats", repeats, error) || !flags.get_int("hash", hash, error) ||
      !flags.get_int("glaurung-depth", 1, 60, depth, glaurung_depth, error) ||
      !flags.get_int("stockfish-depth", 1, 60, depth + 4, stockfish_depth, error) ||
      !flags.get_int("fairy-depth", 1, 60, depth + 2, fairy_depth, error))
    return fail(error);
  if (!read_split_settings(flags, config.split, error)) return fail(error);
  config.depth = int(depth);
  config.seconds = seconds;
  config.calibration_positions = calibration_positions;
  config.repeats = int(repeats);
  config.hash_mb = size_t(hash);

  if (!read_strategies(flags, config.strategies, error)) return fail(error);
  if (!read_thread_counts(flags, config.threads, error) ||
      !read_references(flags, std::string(defaults.scale_references), config.game,
                       {int(glaurung_depth), int(stockfish_depth), int(fairy_depth)},
                       config.references, error))
    return fail(error);

  if (!read_user_engines(flags, int(depth), config.references, error)) return fail(error);
  if (!load_scale_suite(flags, config.game, config.positions, error)) return fail(error);
  config.out_dir = flags.get("out", "results/scale");
  config.command_line = bench::splitlab_command_line("scale", args);
  char limit[96];
  if (config.seconds > 0)
    std::snprintf(limit, sizeof limit, "equal time (%.3g s a 1-thread search)", config.seconds);
  else
    std::snprintf(limit, sizeof limit, "depth %d", config.depth);
  if (rank_zero)
    std::fprintf(stderr, "scale: %s, %zu positions, %s, %d repeat(s), results in %s\n",
                 game.c_str(), config.positions.size(), limit, config.repeats,
                 config.out_dir.c_str());
  config.world = world.get();
  const int rc = bench::run_scale(config, error);
  if (rc) {
    const int status = fail(error);
    // The other ranks would wait for this one: the whole job ends, with every row rank 0
    // received already in runs.csv.
    if (world && world->size() > 1 && rank_zero) world->abort(status);
    return status;
  }
  return 0;
}

}  // namespace splitlab::cli
