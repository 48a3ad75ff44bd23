// The splitlab binary: one entry point, one subcommand per job.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>
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
#include "cli/version.h"
#include "engine/games/game_info.h"
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
      "  --version       the version, commit, build, instruction set and compiler\n"
      "'splitlab COMMAND --help' gives a command's flags with their defaults and ranges; the\n"
      "pages under docs/ give examples and what the output means.\n";
  return text;
}

// The engine's answer to "uci" (or "ucci"): its id and option lines, as a GUI sees them.
std::string engine_handshake(bool ucci) {
  std::ostringstream out;
  if (ucci) {
    const auto engine = splitlab::protocol::make_game_engine(
        splitlab::ucci_game(), out, splitlab::cli::parallel_search(),
        splitlab::protocol::Dialect::kUcci);
    engine->handle("ucci");
  } else {
    splitlab::protocol::UciFrontEnd engine(out, splitlab::cli::parallel_search());
    engine.handle("uci");
  }
  return out.str();
}

// `splitlab uci --help`, `splitlab ucci --help`: how to run the engine, and its options.
std::string engine_help(bool ucci) {
  std::string text =
      ucci ? "usage: splitlab ucci\n"
             "      A xiangqi engine speaking UCCI on stdin and stdout (ranks 0..9). 'quit' or the\n"
             "      end of input ends it, after the running search's bestmove, with 'bye'.\n"
           : "usage: splitlab [uci]\n"
             "      A UCI engine on stdin and stdout: chess, or xiangqi after 'setoption name\n"
             "      UCI_Variant value xiangqi' (ranks 1..10, as Fairy-Stockfish). 'quit' or the end\n"
             "      of input ends it, after the running search's bestmove.\n";
  text += "options (as the engine declares them; docs/engine.md says what each does):\n";
  std::istringstream lines(engine_handshake(ucci));
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("option ", 0) == 0) text += "  " + line + "\n";
  return text;
}

// `splitlab help --declarations`: every command's flags, operands and list keys, and the engine's
// options in both dialects, one per line, tab-separated, from the tables that make help and the
// handshake. The docs tests and the sweep of file-taking flags read it, so that a new flag or
// option is covered without a new test:
//   flag     COMMAND --NAME ARITY VALUE DEFAULT RANGE PATH-KIND
//   key      COMMAND --NAME KEY PATH-KIND             (a list flag's KEY=VALUE that names a file)
//   operand  COMMAND INDEX PATH-KIND
//   option   uci|ucci LINE                            (the handshake's option line)
//   optionpath NAME PATH-KIND                         (a UCI string option that names a file)
std::string declarations() {
  using splitlab::util::FlagSpec;
  std::string text;
  for (const Command& command : commands()) {
    const CommandSpec& spec = command.spec();
    for (const FlagSpec& flag : spec.flags) {
      const char* arity = flag.arity == FlagSpec::Arity::kSwitch ? "switch"
                          : flag.arity == FlagSpec::Arity::kList ? "list"
                                                                 : "value";
      text += "flag\t" + spec.name + "\t--" + flag.name + "\t" + arity + "\t" + flag.value +
              "\t" + flag.default_text + "\t" + flag.range_text + "\t" +
              splitlab::util::path_kind_name(flag.path) + "\n";
      for (const auto& [key, kind] : flag.path_keys)
        text += "key\t" + spec.name + "\t--" + flag.name + "\t" + key + "\t" +
                splitlab::util::path_kind_name(kind) + "\n";
    }
    for (size_t i = 0; i < spec.operand_paths.size(); ++i)
      text += "operand\t" + spec.name + "\t" + std::to_string(i + 1) + "\t" +
              splitlab::util::path_kind_name(spec.operand_paths[i]) + "\n";
  }
  for (const bool ucci : {false, true}) {
    std::istringstream lines(engine_handshake(ucci));
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("option ", 0) == 0)
        text += std::string("option\t") + (ucci ? "ucci" : "uci") + "\t" + line + "\n";
  }
  std::ostringstream unused;  // Declared first: the engine writes to it until destroyed.
  const auto engine = splitlab::protocol::make_game_engine(splitlab::kDefaultGame, unused,
                                                          splitlab::cli::parallel_search());
  for (const auto& option : engine->options())
    if (option.path != splitlab::util::PathKind::kNone)
      text += "optionpath\t" + option.name + "\t" + splitlab::util::path_kind_name(option.path) +
              "\n";
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
  if (!args.empty() && (args[0] == "uci" || args[0] == "ucci") && args.size() > 1) {
    if (splitlab::util::wants_help(args)) {
      std::fputs(engine_help(args[0] == "ucci").c_str(), stdout);
      return 0;
    }
    std::fprintf(stderr, "splitlab %s: unexpected argument '%s' (the engine reads commands on "
                 "stdin; splitlab %s --help)\n", args[0].c_str(), args[1].c_str(),
                 args[0].c_str());
    return 2;
  }
  if (args.empty() || args[0] == "uci") {
    // Chess, or xiangqi by UCI_Variant.
    splitlab::protocol::UciFrontEnd engine(std::cout, splitlab::cli::parallel_search());
    engine.run(std::cin);
    return 0;
  }
  if (args[0] == "ucci") {
    const auto engine = splitlab::protocol::make_game_engine(
        splitlab::ucci_game(), std::cout, splitlab::cli::parallel_search(),
        splitlab::protocol::Dialect::kUcci);
    engine->run(std::cin);
    return 0;
  }
  if (args[0] == "--version" || args[0] == "version") {
    std::fputs(splitlab::cli::version_text().c_str(), stdout);
    return 0;
  }
  if (args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    // On stdout, so that `splitlab help | less` shows it.
    if (args.size() > 1 && args[1] == "--declarations") {
      std::fputs(declarations().c_str(), stdout);
      return 0;
    }
    if (args.size() > 1 && (args[1] == "uci" || args[1] == "ucci")) {
      std::fputs(engine_help(args[1] == "ucci").c_str(), stdout);
      return 0;
    }
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
