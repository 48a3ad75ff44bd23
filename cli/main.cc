// The splitlab binary: one entry point, one subcommand per job.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/bench_command.h"
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
#include "parallel/strategy.h"

namespace {

// The usage text, with the strategy lists read from the registry (parallel/strategy.h).
std::string usage_text() {
  std::string text =
      "usage: splitlab <command> [flags]\n"
      "commands:\n"
      "  (none) | uci     a UCI engine on stdin/stdout: chess, or xiangqi after\n"
      "                   setoption name UCI_Variant value xiangqi (ranks 1..10)\n"
      "  ucci             a xiangqi UCCI engine on stdin/stdout\n"
      "  bench [--game chess|xiangqi] [--depth N] [--hash MB] [--tt-entry S] [--tt-replace P]\n"
      "        [--threads N] [--strategy {strategy}] [--split-nodes pv-all|any]\n"
      "        [--min-split-depth N] [--max-helpers N] [--ordering copy|own|shared]\n"
      "        [--positions FILE.epd] [--json FILE]\n"
      "  epd FILE --movetime MS [--hash MB] [--out FILE.csv] [--threads N] [--features LIST]\n"
      "        [--part K/N]\n"
      "  scale [--strategies {strategies}] [--threads 1,2] [--seconds T | --depth N]\n"
      "        [--calibration-positions N] [--suite FILE] [--game chess|xiangqi]\n"
      "        [--repeats K] [--out DIR] [--references glaurung,stockfish|none]\n"
      "        [--glaurung-depth N] [--stockfish-depth N] [--fairy-depth N]\n"
      "        [--engine NAME=PATH[,OPTION=VALUE...]]... (a UCI engine of yours beside them)\n"
      "        [--split-nodes S] [--min-split-depth N] [--max-helpers N] [--ordering O]\n"
      "  overhead [--strategies {strategies}] [--threads 2] [--seconds T | --depth N]\n"
      "        [--suite FILE] [--positions N] [--repeats K] [--out DIR] [split flags]\n"
      "        [--node-log] [--keep-node-logs] (compare every node with one thread's)\n"
      "  simulate [--strategies {strategies}] [--cpus 2,4,8,16,32,64] [--depth N]\n"
      "        [--suite FILE] [--positions N] [--costs FILE] [--jobs J] [--timeline ID]\n"
      "        [--out DIR] [split flags] (the same search on virtual CPUs, deterministic)\n"
      "  simulate --calibrate [--positions 24] [--depth 12] [--repeats 3] [--out DIR]\n"
      "        (this machine's costs for the simulator, measured)\n"
      "  nodelog ONE.nodelog MANY.nodelog (two kept node logs of one position)\n"
      "  predictor [--suite bench|scaling|FILE.epd] [--depth N | --movetime MS]\n"
      "        [--threads N] [--strategy {strategy}] [--out DIR] [--hash MB]\n"
      "        [the table and split flags of bench]\n"
      "  tt-study --games FILE.pgn [--first-move N] [--positions-per-game N]\n"
      "        [--max-games N] [--depth N] [--plain-depth N] [--min-log2 N]\n"
      "        [--max-log2 N] [--policies LIST] [--search full|plain|both]\n"
      "        [--tables kept,cleared] [--tt-entry S] [--out DIR]\n"
      "  perft --fen FEN [--moves \"m1 m2\"] --depth N [--divide] [--game chess|xiangqi]\n"
      "  perft --suite FILE.epd [--max-depth N] [--out FILE.csv]\n"
      "  match --engine name=A cmd=PATH [option.NAME=V] [tc=40/60+0.6|st=S]\n"
      "        [nodes=N] [depth=N] [timemargin=MS] [stalltimeout=S] --engine name=B cmd=PATH ...\n"
      "        [--each ...] [--tournament round-robin|gauntlet] [--rounds N]\n"
      "        [--games N] [--repeat] [--openings file=F format=epd|pgn\n"
      "        order=sequential|random plies=N start=K] [--seed S] [--pgnout FILE]\n"
      "        [--out DIR] [--concurrency N] [--ratinginterval N] [--maxmoves N]\n"
      "        [--draw movenumber=N movecount=N score=CP]\n"
      "        [--resign movecount=N score=CP [twosided=true]]\n"
      "        [--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized]\n"
      "  help\n";
  auto replace_all = [&](const std::string& token, const std::string& by) {
    for (size_t at = text.find(token); at != std::string::npos;
         at = text.find(token, at + by.size()))
      text.replace(at, token.size(), by);
  };
  replace_all("{strategy}", splitlab::parallel::split_strategy_names("|"));
  replace_all("{strategies}", splitlab::parallel::split_strategy_names(",", false));
  return text;
}

void print_usage() { std::fputs(usage_text().c_str(), stderr); }

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
    print_usage();
    return 0;
  }
  const std::string command = args[0];
  args.erase(args.begin());
  if (command == "perft") return splitlab::cli::perft_command(args);
  if (command == "bench") return splitlab::cli::bench_command(args);
  if (command == "epd") return splitlab::cli::epd_command(args);
  if (command == "scale") return splitlab::cli::scale_command(args);
  if (command == "overhead") return splitlab::cli::overhead_command(args);
  if (command == "simulate") return splitlab::cli::simulate_command(args);
  if (command == "nodelog") return splitlab::cli::nodelog_command(args);
  if (command == "match") return splitlab::cli::match_command(args);
  if (command == "tt-study") return splitlab::cli::tt_study_command(args);
  if (command == "predictor") return splitlab::cli::predictor_command(args);
  std::fprintf(stderr, "splitlab: unknown command '%s'\n", command.c_str());
  print_usage();
  return 2;
}
