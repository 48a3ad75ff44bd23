// The splitlab binary: one entry point, one subcommand per job.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/bench_command.h"
#include "cli/book_command.h"
#include "cli/epd_command.h"
#include "cli/match_command.h"
#include "cli/nodelog_command.h"
#include "cli/overhead_command.h"
#include "cli/simulate_command.h"
#include "cli/parallel_search.h"
#include "cli/perft_command.h"
#include "cli/predictor_command.h"
#include "cli/scale_command.h"
#include "cli/tt_study_command.h"
#include "engine/protocol/uci.h"
#include "engine/protocol/uci_front_end.h"
#include "engine/util/flag_spec.h"

namespace {

using splitlab::util::CommandSpec;

// Every command: its declaration (flags and help, cli/*_command.cc) and what runs it.
struct Command {
  const CommandSpec& (*spec)();
  int (*run)(const std::vector<std::string>&);
};

const std::vector<Command>& commands() {
  using namespace splitlab::cli;
  static const std::vector<Command> all = {
      {bench_spec, bench_command},       {perft_spec, perft_command},
      {epd_spec, epd_command},           {scale_spec, scale_command},
      {overhead_spec, overhead_command}, {nodelog_spec, nodelog_command},
      {predictor_spec, predictor_command}, {simulate_spec, simulate_command},
      {tt_study_spec, tt_study_command}, {match_spec, match_command},
      {book_spec, book_command},
  };
  return all;
}

const Command* find_command(const std::string& name) {
  for (const Command& command : commands())
    if (command.spec().name == name) return &command;
  return nullptr;
}

// The overview: what the binary is, the engine modes, and one line per command.
std::string overview() {
  std::string text =
      "usage: splitlab [uci | ucci | COMMAND [flags]]\n"
      "Splitlab: a chess and xiangqi engine and a lab for parallel game-tree search.\n"
      "engines (on stdin/stdout):\n"
      "  splitlab, splitlab uci   a UCI engine: chess, or xiangqi after\n"
      "                           'setoption name UCI_Variant value xiangqi' (docs/engine.md)\n"
      "  splitlab ucci            a xiangqi UCCI engine\n"
      "commands:\n";
  for (const Command& command : commands()) {
    const CommandSpec& spec = command.spec();
    std::string line = "  " + spec.name;
    line.resize(std::max<size_t>(line.size() + 1, 13), ' ');
    text += line + spec.brief + "\n";
  }
  text +=
      "  help [COMMAND]  this text and every command's flags, or one command's\n"
      "'splitlab COMMAND --help' gives a command's flags with their defaults and ranges; the\n"
      "pages under docs/ give examples and what the output means.\n";
  return text;
}

// `splitlab help`, `--help`, `-h`: the overview, then every command's flags (for `| less`).
std::string full_help() {
  std::string text = overview();
  for (const Command& command : commands())
    text += "\n" + splitlab::util::command_help(command.spec());
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "uci") {
    // Chess, or xiangqi by UCI_Variant.
    splitlab::protocol::UciFrontEnd engine(std::cout, splitlab::cli::parallel_search());
    engine.run(std::cin);
    return 0;
  }
  if (args[0] == "ucci") {
    splitlab::protocol::UcciEngine engine(std::cout, splitlab::cli::parallel_search(),
                                          splitlab::protocol::Dialect::kUcci);
    engine.run(std::cin);
    return 0;
  }
  if (args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    // On stdout, so that `splitlab help | less` shows it.
    if (args.size() > 1) {
      const Command* command = find_command(args[1]);
      if (!command) {
        std::fprintf(stderr, "splitlab: no command '%s' to help with\n%s", args[1].c_str(),
                     overview().c_str());
        return 2;
      }
      std::fputs(splitlab::util::command_help(command->spec()).c_str(), stdout);
      return 0;
    }
    std::fputs(full_help().c_str(), stdout);
    return 0;
  }
  const std::string name = args[0];
  args.erase(args.begin());
  if (const Command* command = find_command(name)) {
    if (splitlab::util::wants_help(args)) {
      std::fputs(splitlab::util::command_help(command->spec()).c_str(), stdout);
      return 0;
    }
    return command->run(args);
  }
  std::fprintf(stderr, "splitlab: unknown command '%s'\n%s", name.c_str(), overview().c_str());
  return 2;
}
