#include "engine/protocol/uci_front_end.h"

#include <iostream>
#include <utility>
#include <vector>

namespace splitlab::protocol {

namespace {

const std::string& variant_of(const LineEngine& engine) {
  for (const auto& o : engine.options())
    if (o.name == "UCI_Variant") return o.value;
  static const std::string kChess = "chess";
  return kChess;
}

}  // namespace

UciFrontEnd::UciFrontEnd(std::ostream& out, const ParallelSearch& parallel)
    : out_(out),
      parallel_(parallel),
      engine_(std::make_unique<GameEngine<chess::ChessGame>>(out, parallel, Dialect::kUci)) {}

void UciFrontEnd::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
  handle("quit");  // End of input: stop any search and leave cleanly.
}

bool UciFrontEnd::handle(const std::string& line) {
  if (!engine_->handle(line)) return false;
  // Only a setoption the engine accepted changes its UCI_Variant value. A copy: switching
  // destroys the engine that holds the value.
  const std::string wanted = variant_of(*engine_);
  if (wanted != variant_) switch_to(wanted);
  return true;
}

void UciFrontEnd::switch_to(const std::string& variant) {
  // The options set so far, to be set again in the new engine (buttons have no value).
  std::vector<std::pair<std::string, std::string>> settings;
  for (const auto& o : engine_->options())
    if (o.type != UciOption::Type::kButton && o.value != o.default_value)
      settings.emplace_back(o.name, o.value);
  engine_.reset();  // Its search thread and table go first: two tables could exceed memory.
  if (variant == "xiangqi") {
    engine_ = std::make_unique<GameEngine<xiangqi::XiangqiGame>>(out_, parallel_, Dialect::kUci);
  } else {
    engine_ = std::make_unique<GameEngine<chess::ChessGame>>(out_, parallel_, Dialect::kUci);
  }
  for (const auto& [name, value] : settings)
    engine_->handle("setoption name " + name + " value " + value);
  variant_ = variant;
}

}  // namespace splitlab::protocol
