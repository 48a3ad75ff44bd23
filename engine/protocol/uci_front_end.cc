#include "engine/protocol/uci_front_end.h"

#include <iostream>
#include <type_traits>
#include <utility>
#include <vector>

namespace splitlab::protocol {

namespace {

// The game UCI_Variant names (its values are the registry's names).
GameId game_of(const LineEngine& engine) {
  GameId game = kDefaultGame;
  std::string error;
  for (const auto& o : engine.options())
    if (o.name == "UCI_Variant") parse_game(o.value, game, error);
  return game;
}

}  // namespace

UciFrontEnd::UciFrontEnd(std::ostream& out, const ParallelSearch& parallel)
    : out_(out),
      parallel_(parallel),
      engine_(make_game_engine(game_, out, parallel)) {}

void UciFrontEnd::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
  engine_->end_of_input();
}

bool UciFrontEnd::handle(const std::string& line) {
  if (!engine_->handle(line)) return false;
  // Only a setoption the engine accepted changes its UCI_Variant value.
  const GameId wanted = game_of(*engine_);
  if (wanted != game_) switch_to(wanted);
  return true;
}

void UciFrontEnd::switch_to(GameId game) {
  // The options set so far, to be set again in the new engine (buttons have no value).
  std::vector<std::pair<std::string, std::string>> settings;
  for (const auto& o : engine_->options())
    if (o.type != UciOption::Type::kButton && o.value != o.default_value)
      settings.emplace_back(o.name, o.value);
  engine_.reset();  // Its search thread and table go first: two tables could exceed memory.
  engine_ = make_game_engine(game, out_, parallel_);
  for (const auto& [name, value] : settings)
    engine_->handle("setoption name " + name + " value " + value);
  game_ = game;
}

}  // namespace splitlab::protocol
