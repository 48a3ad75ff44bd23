#include "bench/match/match_options.h"

#include <sys/stat.h>

#include <cctype>
#include <charconv>
#include <set>

#include "bench/run_metadata.h"
#include "engine/games/game_info.h"
#include "engine/util/paths.h"
#include "engine/util/text.h"

namespace splitlab::bench::match {

namespace {

bool is_flag(const std::string& word) {
  return word.size() >= 2 && word[0] == '-' &&
         (std::isalpha(static_cast<unsigned char>(word[1])) || word[1] == '-');
}

// "-engine" and "--engine" both give "engine".
std::string flag_name(const std::string& word) {
  return word.substr(word.rfind("--", 0) == 0 ? 2 : 1);
}

bool parse_int(const std::string& flag, const std::string& text, long long min, long long max,
               long long& value, std::string& error) {
  int64_t parsed = 0;
  if (util::parse_int(text, min, max, parsed)) {
    value = parsed;
    return true;
  }
  error = "bad value '" + text + "' for --" + flag + ": expected an integer from " +
          std::to_string(min) + " to " + std::to_string(max);
  return false;
}

}  // namespace

std::vector<std::string> MatchConfig::resume_signature() const {
  std::vector<std::string> signature;
  for (size_t i = 0; i < command_line.size(); ++i) {
    const std::string& word = command_line[i];
    if (is_flag(word)) {
      const std::string name = flag_name(word);
      // Flags a resumed match may change: how many games run at once and on which cores, how
      // often the score is printed, and how many rounds (the schedule's first games do not depend on it, so
      // a match can be extended).
      if (name == "concurrency" || name == "ratinginterval" || name == "rounds") {
        ++i;  // And its value.
        continue;
      }
      if (name == "affinity" || name == "allow-dirty") continue;
      signature.push_back("--" + name);
    } else {
      signature.push_back(word);
    }
  }
  return signature;
}

const std::vector<util::FlagSpec>& match_flags() {
  using util::choice_flag;
  using util::FlagSpec;
  using util::list_flag;
  using util::switch_flag;
  using util::text_flag;
  static const std::vector<FlagSpec> flags = [] {
    std::vector<std::string> games;
    for (const GameInfo& game : all_games()) games.emplace_back(game.name);
    FlagSpec engine = list_flag(
        "engine", "KEY=VALUE...",
        "an engine, at least two: name=NAME cmd=PATH [arg=ARG]... [dir=DIR] [option.NAME=VALUE]... "
        "[tc=MOVES/SECONDS+INC | tc=SECONDS+INC | tc=inf | st=SECONDS] [nodes=N] [depth=N] "
        "[timemargin=MS] [stalltimeout=SECONDS] [starttimeout=SECONDS] [proto=uci|ucci]",
        "", true);
    engine.path_keys = {{"cmd", util::PathKind::kExecutable}};
    FlagSpec openings = list_flag("openings", "KEY=VALUE...",
                                  "file=FILE format=epd|pgn [order=sequential|random] [plies=N] "
                                  "[start=K]",
                                  "the built-in book of the variant");
    openings.path_keys = {{"file", util::PathKind::kInputFile}};
    return std::vector<FlagSpec>{
        engine,
        list_flag("each", "KEY=VALUE...", "keys given to every engine (an engine's own win)"),
        choice_flag("tournament", "KIND", "who plays whom", {"round-robin", "gauntlet"},
                    "round-robin"),
        text_flag("rounds", "N", "rounds of the tournament", "1", "from 1 to 10000000"),
        text_flag("games", "N", "games each encounter of a round plays", "1", "from 1 to 1000"),
        switch_flag("repeat", "each opening is played twice, colours reversed (game pairs)"),
        openings,
        text_flag("seed", "S", "the seed of random opening order and of the engines' seeds",
                  "drawn and recorded"),
        text_flag("srand", "S", "cutechess's name for --seed"),
        text_flag("concurrency", "N", "games played at once (on each MPI rank)", "1",
                  "from 1 to 256"),
        switch_flag("affinity",
                    "pin each game slot's engines to cores of their own (as many as the most "
                    "Threads of an engine; hyperthread siblings last), so no two games share a "
                    "core"),
        switch_flag("instant-games",
                    "start no engine: each game ends at once with a result drawn from its "
                    "number, to measure the runner (and its MPI ranks) alone; over MPI ranks, "
                    "rank 0 plays none itself"),
        list_flag("draw", "KEY=VALUE...",
                  "adjudicate a draw: movenumber=N movecount=N score=CP", "off"),
        list_flag("resign", "KEY=VALUE...",
                  "adjudicate a loss: movecount=N score=CP [twosided=true]", "off"),
        text_flag("maxmoves", "N", "adjudicate a draw after N moves", "off", "from 1 to 100000"),
        list_flag("sprt", "KEY=VALUE...",
                  "stop when a sequential probability ratio test decides: elo0=E elo1=E "
                  "alpha=A beta=B [model=logistic|normalized]", "off"),
        text_flag("ratinginterval", "N", "print the score block every N games (0: at the end)",
                  "10", "from 0 to 100000000"),
        util::path_flag("pgnout", "FILE", "append every finished game to a PGN file",
                        util::PathKind::kOutputFile),
        util::path_flag("out", "DIR", "results.json, state.tsv and engines.tsv (a rerun resumes)",
                        util::PathKind::kOutputDir),
        text_flag("event", "NAME", "the PGN Event tag", "?"),
        choice_flag("variant", "NAME", "the game (every engine is given UCI_Variant)", games,
                    games.front()),
        choice_flag("chase-rule", "on|off",
                    "with --variant xiangqi, whether a perpetual chase loses (off: a draw, as "
                    "Fairy-Stockfish 11.1 rules)", {"on", "off"}, "on"),
        switch_flag("recover", "accepted for cutechess's command lines; a crashed engine is "
                               "always restarted"),
        switch_flag("allow-dirty", kAllowDirtyMeaning),
    };
  }();
  return flags;
}

namespace {

// The names of match's flags by arity, from the one declaration that help prints
// (match_flags()).
struct FlagNames {
  std::set<std::string> lists, values, switches;
};

const FlagNames& flag_names() {
  static const FlagNames names = [] {
    FlagNames sets;
    for (const util::FlagSpec& flag : match_flags())
      (flag.arity == util::FlagSpec::Arity::kList    ? sets.lists
       : flag.arity == util::FlagSpec::Arity::kValue ? sets.values
                                                     : sets.switches)
          .insert(flag.name);
    return sets;
  }();
  return names;
}

// One flag as given: its name, its arity and the words after it that it takes.
struct GivenFlag {
  std::string name;
  util::FlagSpec::Arity arity = util::FlagSpec::Arity::kSwitch;
  std::vector<std::string> words;
};

// Reads the flag at args[i] and its words, leaving `i` on the last word it takes.
bool read_flag(const std::vector<std::string>& args, size_t& i, std::set<std::string>& seen,
               GivenFlag& flag, std::string& error) {
  using Arity = util::FlagSpec::Arity;
  const FlagNames& names = flag_names();
  if (!is_flag(args[i])) {
    error = "unexpected argument '" + args[i] + "'";
    return false;
  }
  flag.name = flag_name(args[i]);
  const std::string& name = flag.name;
  if (name != "engine" && !seen.insert(name).second) {
    error = "flag --" + name + " given twice";
    return false;
  }
  if (names.lists.count(name)) {
    flag.arity = Arity::kList;
    while (i + 1 < args.size() && !is_flag(args[i + 1])) flag.words.push_back(args[++i]);
  } else if (names.values.count(name)) {
    if (i + 1 >= args.size() || is_flag(args[i + 1])) {
      error = "flag --" + name + " needs a value";
      return false;
    }
    flag.arity = Arity::kValue;
    flag.words.push_back(args[++i]);
  } else if (names.switches.count(name)) {
    flag.arity = Arity::kSwitch;
    // cutechess's "-repeat [N]": only pairs (2) are supported.
    if (name == "repeat" && i + 1 < args.size() && args[i + 1] == "2") ++i;
  } else {
    error = "unknown flag '" + args[i] + "'";
    return false;
  }
  return true;
}

void apply_switch_flag(const std::string& name, MatchConfig& config) {
  // --recover and --allow-dirty set nothing in the config.
  if (name == "repeat") {
    config.repeat = true;
  } else if (name == "affinity") {
    config.affinity = true;
  } else if (name == "instant-games") {
    config.instant_games = true;
  }
}

bool parse_tournament(const std::string& text, MatchConfig& config, std::string& error) {
  if (text == "round-robin")
    config.tournament = TournamentKind::kRoundRobin;
  else if (text == "gauntlet")
    config.tournament = TournamentKind::kGauntlet;
  else {
    error = "unknown tournament '" + text + "' (round-robin, gauntlet)";
    return false;
  }
  return true;
}

// --seed or --srand (`name`), of which only one may be given.
bool parse_seed(const std::string& name, const std::string& text, MatchConfig& config,
                std::string& error) {
  unsigned long long seed = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (ec != std::errc() || end != text.data() + text.size()) {
    error = "bad value '" + text + "' for --" + name + ": expected a non-negative integer";
    return false;
  }
  if (config.seed) {
    error = "give either --seed or --srand";
    return false;
  }
  config.seed = seed;
  return true;
}

// A flag with one value (`text`).
bool apply_value_flag(const std::string& name, const std::string& text, MatchConfig& config,
                      std::string& error) {
  long long value = 0;
  if (name == "tournament") {
    if (!parse_tournament(text, config, error)) return false;
  } else if (name == "rounds") {
    if (!parse_int(name, text, 1, 10000000, value, error)) return false;
    config.rounds = int(value);
  } else if (name == "games") {
    if (!parse_int(name, text, 1, 1000, value, error)) return false;
    config.games_per_encounter = int(value);
  } else if (name == "seed" || name == "srand") {
    if (!parse_seed(name, text, config, error)) return false;
  } else if (name == "pgnout") {
    config.pgn_out = text;
  } else if (name == "out") {
    config.out_dir = text;
  } else if (name == "event") {
    config.event = text;
  } else if (name == "concurrency") {
    if (!parse_int(name, text, 1, 256, value, error)) return false;
    config.concurrency = int(value);
  } else if (name == "ratinginterval") {
    if (!parse_int(name, text, 0, 100000000, value, error)) return false;
    config.rating_interval = int(value);
  } else if (name == "maxmoves") {
    if (!parse_int(name, text, 1, 100000, value, error)) return false;
    config.adjudication.max_moves = int(value);
  } else if (name == "variant") {
    if (!parse_game(text, config.variant, error)) {
      error = "--variant: " + error;
      return false;
    }
  } else if (name == "chase-rule") {
    if (text != "on" && text != "off") {
      error = "bad value '" + text + "' for --chase-rule: expected on or off";
      return false;
    }
    config.chase_rule = text == "on";
  }
  return true;
}

// The words of every --engine and of --each, kept until all flags are read (--variant may
// come after them).
struct EngineWords {
  std::vector<std::vector<std::string>> own;
  std::vector<std::string> each;
};

// A flag with a list of key=value words.
bool apply_list_flag(const std::string& name, const std::vector<std::string>& words,
                     MatchConfig& config, EngineWords& engine_words, std::string& error) {
  if (name == "engine") {
    engine_words.own.push_back(words);
  } else if (name == "each") {
    engine_words.each = words;
  } else if (name == "openings") {
    if (!parse_opening_settings(words, config.openings, error)) return false;
  } else if (name == "draw") {
    if (!parse_draw_settings(words, config.adjudication, error)) return false;
  } else if (name == "resign") {
    if (!parse_resign_settings(words, config.adjudication, error)) return false;
  } else if (name == "sprt") {
    SprtSettings sprt;
    if (!parse_sprt_settings(words, sprt, error)) {
      error = "--sprt: " + error;
      return false;
    }
    config.sprt = sprt;
  }
  return true;
}

// Sets what `flag` says in `config` (or keeps its words, for --engine and --each).
bool apply_flag(const GivenFlag& flag, MatchConfig& config, EngineWords& engine_words,
                std::string& error) {
  switch (flag.arity) {
    case util::FlagSpec::Arity::kList:
      return apply_list_flag(flag.name, flag.words, config, engine_words, error);
    case util::FlagSpec::Arity::kValue:
      return apply_value_flag(flag.name, flag.words.empty() ? "" : flag.words[0], config, error);
    case util::FlagSpec::Arity::kSwitch:
      apply_switch_flag(flag.name, config);
      return true;
  }
  return true;
}

// Each --engine's words after --each's, checked against the variant and the other engines.
bool add_engines(const EngineWords& engine_words, MatchConfig& config, std::string& error) {
  std::set<std::string> names;
  for (const auto& words : engine_words.own) {
    EngineConfig engine;
    if (!parse_engine_config(engine_words.each, words, engine, error)) return false;
    if (engine.ucci && !game_info(config.variant).speaks_ucci()) {
      const std::string games = game_names_with(game_speaks_ucci);
      error = "engine '" + engine.name + "': proto=ucci plays " + games + " only (--variant " +
              games + ")";
      return false;
    }
    // UCCI is a game's own dialect (xiangqi's): no UCI_Variant.
    if (!engine.ucci) engine.uci_variant = game_info(config.variant).uci_variant;
    if (!engine.uci_variant.empty() && !engine.option("UCI_Variant").empty()) {
      error = "engine '" + engine.name + "': option.UCI_Variant is set by --variant";
      return false;
    }
    if (!names.insert(engine.name).second) {
      error = "two engines are named '" + engine.name + "': names must be unique (name=)";
      return false;
    }
    config.engines.push_back(std::move(engine));
  }
  return true;
}

}  // namespace

bool parse_match_args(const std::vector<std::string>& args, MatchConfig& config,
                      std::string& error) {
  config = MatchConfig();
  config.command_line = args;
  EngineWords engine_words;
  std::set<std::string> seen;
  for (size_t i = 0; i < args.size(); ++i) {
    GivenFlag flag;
    if (!read_flag(args, i, seen, flag, error)) return false;
    if (!apply_flag(flag, config, engine_words, error)) return false;
  }
  if (seen.count("chase-rule") && !game_info(config.variant).has_chase_rule) {
    const std::string games = game_names_with(game_has_chase_rule);
    error = "--chase-rule applies to " + games + " only (--variant " + games + ")";
    return false;
  }
  if (engine_words.own.size() < 2) {
    error = "a match needs at least two --engine";
    return false;
  }
  if (!add_engines(engine_words, config, error)) return false;
  if (config.sprt && config.engines.size() != 2) {
    error = "--sprt needs exactly two engines";
    return false;
  }
  return true;
}

bool check_match_paths(const MatchConfig& config, bool writes_results, std::string& error) {
  using util::PathKind;
  auto check = [&](const std::string& what, const std::string& path, PathKind kind) {
    std::string why;
    if (util::check_path(path, kind, why)) return true;
    error = what + " " + why;
    return false;
  };
  if (writes_results) {
    if (!config.pgn_out.empty() && !check("--pgnout", config.pgn_out, PathKind::kOutputFile))
      return false;
    if (!config.out_dir.empty() && !check("--out", config.out_dir, PathKind::kOutputDir))
      return false;
    if (!config.openings.file.empty() &&
        !check("--openings file=", config.openings.file, PathKind::kInputFile))
      return false;
  }
  if (config.instant_games) return true;  // No engine is started.
  for (const EngineConfig& engine : config.engines) {
    const std::string what = "--engine " + engine.name + ":";
    struct stat st {};
    if (!engine.working_dir.empty() &&
        (stat(engine.working_dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))) {
      error = what + " dir=" + engine.working_dir + ": no such folder";
      return false;
    }
    // A relative path with a folder in it runs from the engine's dir= (as cutechess runs it).
    std::string command = engine.command;
    if (!engine.working_dir.empty() && command.find('/') != std::string::npos &&
        command[0] != '/')
      command = engine.working_dir + "/" + command;
    if (!check(what + " cmd=", command, PathKind::kExecutable)) return false;
  }
  return true;
}

}  // namespace splitlab::bench::match
