#include "cli/tt_study_command.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <sstream>

#include "bench/ranks/ranks.h"
#include "bench/run_metadata.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/protocol/pgn.h"
#include "engine/util/errors.h"
#include "engine/util/text.h"
#include "hashing/tt.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) { return util::command_error("tt-study", message); }

std::string policy_names() {
  std::string names;
  for (auto p : hashing::kAllTtReplacePolicies)
    names += (names.empty() ? "" : ", ") + std::string(hashing::tt_replace_policy_name(p));
  return names;
}

// Reads a comma-separated list of names with `parse`, refusing unknown and repeated names.
template <typename T, typename Parse>
bool parse_names(const std::string& flag, const std::string& text, const std::string& known,
                 Parse parse, std::vector<T>& out, std::string& error) {
  out.clear();
  for (const auto& name : util::split_list(text)) {
    const auto value = parse(name);
    if (!value) {
      error = "unknown name '" + name + "' in --" + flag + " (" + known + ")";
      return false;
    }
    if (std::find(out.begin(), out.end(), *value) != out.end()) {
      error = "'" + name + "' is listed twice in --" + flag;
      return false;
    }
    out.push_back(*value);
  }
  if (out.empty()) {
    error = "--" + flag + " is empty (" + known + ")";
    return false;
  }
  return true;
}

// Largest table offered: 2^30 entries are 16 GiB.
constexpr int kMaxStudyLog2 = 30;
constexpr int kMaxStudyDepth = 40;
// Trees of about the same size (40,000 to 65,000 nodes a position on the default games, from
// the largest table to the smallest), and the whole default study in about an hour on one core.
constexpr int kDefaultDepth = 7;
constexpr int kDefaultPlainDepth = 5;

}  // namespace

const util::CommandSpec& tt_study_spec() {
  static const util::CommandSpec spec = [] {
    std::string policies;
    for (auto p : hashing::kAllTtReplacePolicies)
      policies += (policies.empty() ? "" : ",") + std::string(hashing::tt_replace_policy_name(p));
    const int64_t min_log2 = hashing::TranspositionTable::kMinLog2Entries;
    util::CommandSpec c;
    c.name = "tt-study";
    c.brief = "the table replacement experiment of Breuker et al.";
    c.summary =
        "The replacement experiment of Breuker, Uiterwijk and van den Herik: total nodes to a "
        "fixed depth over series of consecutive positions from real games, for every "
        "replacement policy and table size, the table kept between a game's positions or "
        "cleared; writes results.csv (resumable), summary.txt and run.json";
    c.flags = {
        util::path_flag("games", "FILE.pgn", "the games whose positions are studied (required)",
                        util::PathKind::kInputFile),
        util::int_flag("first-move", "N", "each series starts at this move of its game", 1, 1000,
                       12),
        util::int_flag("positions-per-game", "N", "consecutive positions a series takes", 1,
                       1000, 30),
        util::int_flag("max-games", "N", "series (games) at most", 1, 100000, 10),
        util::int_flag("depth", "N", "the full search's depth", 1, kMaxStudyDepth,
                       kDefaultDepth),
        util::int_flag("plain-depth", "N", "the plain search's depth", 1, kMaxStudyDepth,
                       kDefaultPlainDepth),
        util::int_flag("min-log2", "N", "the smallest table, 2^N entries", min_log2,
                       kMaxStudyLog2, 8),
        util::int_flag("max-log2", "N", "the largest table, 2^N entries", min_log2,
                       kMaxStudyLog2, 22),
        util::text_flag("policies", "LIST", "the replacement policies", policies,
                        "a list of " + policies),
        util::choice_flag("search", "S",
                          "Splitlab's search (full), one close to the papers' test program "
                          "(plain: no null move, reductions, extensions or killers), or both",
                          {"full", "plain", "both"}, "both"),
        util::text_flag("tables", "LIST", "the table kept between a game's positions, cleared "
                                          "before each, or both",
                        "kept,cleared", "a list of kept, cleared"),
        engine_option_flag("tt-entry"),
        util::path_flag("out", "DIR", "the results folder (a rerun resumes it)",
                        util::PathKind::kOutputDir, "results/tt-study"),
        util::switch_flag("allow-dirty", bench::kAllowDirtyMeaning)};
    c.flags[5].default_text = std::to_string(kDefaultPlainDepth) + " (the --depth when given)";
    return c;
  }();
  return spec;
}

bool parse_tt_study_args(const std::vector<std::string>& args, bench::TtStudyConfig& config,
                         std::string& error) {
  Flags flags(tt_study_spec().flags);
  if (!flags.parse(args, error)) return false;
  long long first_move, per_game, max_games, depth, plain_depth, min_log2, max_log2;
  if (!flags.get_int("first-move", first_move, error) ||
      !flags.get_int("positions-per-game", per_game, error) ||
      !flags.get_int("max-games", max_games, error) || !flags.get_int("depth", depth, error) ||
      // Without --plain-depth, a depth given is for both searches.
      !flags.get_int("plain-depth", 1, kMaxStudyDepth,
                     flags.has("depth") ? depth : kDefaultPlainDepth, plain_depth, error) ||
      !flags.get_int("min-log2", min_log2, error) || !flags.get_int("max-log2", max_log2, error))
    return false;
  if (min_log2 > max_log2) {
    error = "--min-log2 " + std::to_string(min_log2) + " is above --max-log2 " +
            std::to_string(max_log2);
    return false;
  }
  config.selection.first_move = int(first_move);
  config.selection.positions_per_game = int(per_game);
  config.selection.max_games = int(max_games);
  config.depth = int(depth);
  config.plain_depth = int(plain_depth);
  config.min_log2 = int(min_log2);
  config.max_log2 = int(max_log2);

  std::string all_policies;
  for (auto p : hashing::kAllTtReplacePolicies)
    all_policies +=
        (all_policies.empty() ? "" : ",") + std::string(hashing::tt_replace_policy_name(p));
  if (!parse_names(
          "policies", flags.get("policies", all_policies), policy_names(),
          [](const std::string& n) { return hashing::parse_tt_replace_policy(n); }, config.policies,
          error))
    return false;
  const std::string search = flags.get("search", "both");
  if (!parse_names(
          "search", search == "both" ? "full,plain" : search, "full, plain, both",
          [](const std::string& n) { return bench::parse_study_search(n); }, config.searches,
          error))
    return false;
  if (!parse_names(
          "tables", flags.get("tables", "kept,cleared"), "kept, cleared",
          [](const std::string& n) { return bench::parse_study_table(n); }, config.tables, error))
    return false;
  const std::string scheme = flags.get("tt-entry", "xor");
  const auto parsed_scheme = hashing::parse_tt_entry_scheme(scheme);
  if (!parsed_scheme) {
    error = "unknown entry scheme '" + scheme + "' in --tt-entry (xor, bracket, locked, raw)";
    return false;
  }
  config.scheme = *parsed_scheme;
  config.out_dir = flags.get("out", "results/tt-study");

  // No default: the games are the experiment's input, and a path into a checkout would bind
  // the binary to where it runs (the study of experiments/tt-study/ reads
  // experiments/strength-1thread/glaurung/games.pgn).
  if (!flags.has("games")) {
    error = "--games FILE.pgn is required: the games whose positions are studied";
    return false;
  }
  config.games_path = flags.get("games");
  std::vector<protocol::PgnLine> games;
  if (!protocol::read_pgn_file(config.games_path, games, error)) return false;
  if (!bench::select_series(games, config.selection, config.series, error)) {
    error = config.games_path + ": " + error;
    return false;
  }
  if (config.series.empty()) {
    error = "no game of the " + std::to_string(games.size()) + " in " + config.games_path +
            " has " + std::to_string(per_game) + " positions from move " +
            std::to_string(first_move) + " on (see --first-move, --positions-per-game)";
    return false;
  }
  return true;
}

int tt_study_command(const std::vector<std::string>& args) {
  bench::TtStudyConfig config;
  std::string error;
  // Under mpirun every rank runs this command with the same arguments (bench/ranks/ranks.h).
  std::unique_ptr<bench::ranks::World> world;
  if (!bench::ranks::join_if_launched(world, error)) return fail(error);
  const bool rank_zero = !world || world->rank() == 0;
  // Every rank reads the same arguments: one says what is wrong.
  auto fail = [&](const std::string& message) { return rank_zero ? cli::fail(message) : 2; };
  config.command_line = bench::splitlab_command_line("tt-study", args);
  if (!parse_tt_study_args(args, config, error) ||
      (rank_zero && !bench::check_results_build(config.command_line, error)))
    return fail(error);
  config.world = world.get();
  if (rank_zero && int(config.series.size()) < config.selection.max_games)
    std::fprintf(stderr, "tt-study: only %zu games of %s are long enough for --max-games %d\n",
                 config.series.size(), config.games_path.c_str(), config.selection.max_games);
  if (rank_zero)
    std::fprintf(stderr,
                 "tt-study: %zu positions from %zu games, depth %d (full search), %d (plain "
                 "search), %zu policies, sizes 2^%d to 2^%d entries, results in %s\n",
                 bench::position_count(config.series), config.series.size(), config.depth,
                 config.plain_depth, config.policies.size(), config.min_log2, config.max_log2,
                 config.out_dir.c_str());
  bench::TtStudyOutcome outcome;
  if (bench::run_tt_study(config, outcome, error) != 0) {
    const int status = fail(error);
    // The other ranks would wait for this one: the whole job ends, with every row rank 0
    // received already in results.csv.
    if (world && world->size() > 1 && rank_zero) world->abort(status);
    return status;
  }
  return 0;
}

}  // namespace splitlab::cli
