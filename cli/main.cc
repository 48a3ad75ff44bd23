// The splitlab binary: one entry point, one subcommand per job.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/perft_command.h"

namespace {

void print_usage() {
  std::fprintf(stderr,
               "usage: splitlab <command> [flags]\n"
               "commands:\n"
               "  perft --fen FEN [--moves \"m1 m2\"] --depth N [--divide] [--game chess]\n"
               "  perft --suite FILE.epd [--max-depth N] [--out FILE.csv]\n"
               "  help\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    print_usage();
    return args.empty() ? 2 : 0;
  }
  const std::string command = args[0];
  args.erase(args.begin());
  if (command == "perft") return splitlab::cli::perft_command(args);
  std::fprintf(stderr, "splitlab: unknown command '%s'\n", command.c_str());
  print_usage();
  return 2;
}
