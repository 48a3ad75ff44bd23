#include "engine/protocol/engine_declarations.h"

#include <cstdint>
#include <string>
#include <utility>

#include "engine/search/engine_options.h"
#include "engine/search/search_tuning.h"

namespace splitlab::protocol {

namespace {

UciOption spin(const std::string& name, int64_t def, int64_t min, int64_t max) {
  UciOption o;
  o.name = name;
  o.type = UciOption::Type::kSpin;
  o.default_value = std::to_string(def);
  o.min = min;
  o.max = max;
  return o;
}

UciOption combo(const std::string& name, const std::string& def, std::vector<std::string> vars) {
  UciOption o;
  o.name = name;
  o.type = UciOption::Type::kCombo;
  o.default_value = def;
  o.vars = std::move(vars);
  return o;
}

UciOption check(const std::string& name, bool def) {
  UciOption o;
  o.name = name;
  o.type = UciOption::Type::kCheck;
  o.default_value = def ? "true" : "false";
  return o;
}

UciOption text_option(const std::string& name, const std::string& def) {
  UciOption o;
  o.name = name;
  o.type = UciOption::Type::kString;
  o.default_value = def;
  return o;
}

UciOption button(const std::string& name) {
  UciOption o;
  o.name = name;
  o.type = UciOption::Type::kButton;
  return o;
}

// The settings shared with the command-line flags, from their one table; the strategies come
// from the parallel search's registry and the search features' default from the game.
void add_shared_settings(const GameInfo& game, const ParallelSearch& parallel,
                         std::vector<UciOption>& out) {
  for (const search::EngineOption& option : search::engine_options()) {
    const std::string name(option.uci_name);
    switch (option.kind) {
      case search::EngineOption::Kind::kSpin:
        out.push_back(spin(name, option.default_number, option.min, option.max));
        break;
      case search::EngineOption::Kind::kCombo:
        if (option.uci_name == "SplitStrategy")
          out.push_back(combo(name, parallel.default_strategy, parallel.strategies));
        else
          out.push_back(combo(name, option.default_text, option.values));
        break;
      case search::EngineOption::Kind::kText:
        out.push_back(text_option(name, option.uci_name == "SearchFeatures"
                                            ? std::string(game.default_search_features)
                                            : option.default_text));
        break;
    }
  }
}

}  // namespace

std::vector<UciOption> engine_declarations(const GameInfo& game, const ParallelSearch& parallel,
                                           Dialect dialect) {
  std::vector<UciOption> out;
  add_shared_settings(game, parallel, out);
  // Time kept back per move for the GUI and the operating system: a loaded machine delays a
  // process by tens of milliseconds, and a loss on time is worse than a shallower search.
  out.push_back(spin("Move Overhead", 50, 0, 5000));
  // The search's tuned parameters (engine/search/search_tuning.h), for SPSA's games.
  for (const search::TuningParameter& p : search::kTuningParameters)
    out.push_back(spin(std::string(p.name), game.default_search_tuning.*(p.field), p.min, p.max));
  out.push_back(check("Ponder", false));
  // The engine's own opening book (opening_book.h): a Polyglot book for chess, played to
  // BookDepth plies from the game's start, its heaviest move or one drawn by weight with a
  // generator seeded by BookSeed and the position (the same answer in the same position).
  out.push_back(check("OwnBook", false));
  UciOption book_file = text_option("BookFile", "book.bin");
  book_file.path = util::PathKind::kInputFile;
  out.push_back(book_file);
  out.push_back(spin("BookDepth", 30, 1, 1024));
  out.push_back(combo("BookMoves", "best", {"best", "random"}));
  out.push_back(spin("BookSeed", 0, 0, (int64_t(1) << 31) - 1));
  out.push_back(button("Clear Hash"));
  // The game, as Fairy-Stockfish names it; the front end (uci_front_end.h) acts on it.
  if (dialect == Dialect::kUci) {
    std::vector<std::string> names;
    for (const GameInfo& g : all_games()) names.emplace_back(g.name);
    out.push_back(combo("UCI_Variant", names.front(), names));
  }
  return out;
}

}  // namespace splitlab::protocol
