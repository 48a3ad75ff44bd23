#include "cli/match_command.h"

#include <cstdio>
#include <memory>

#include "bench/match/match_options.h"
#include "bench/match/match_runner.h"
#include "bench/ranks/ranks.h"
#include "bench/run_metadata.h"
#include "engine/util/errors.h"

namespace splitlab::cli {

const util::CommandSpec& match_spec() {
  static const util::CommandSpec spec{
      "match", "--engine KEY=VALUE... --engine KEY=VALUE...",
      "Games between UCI engines (and UCCI ones, for xiangqi), cutechess-cli style (one dash or "
      "two): clocks kept and games refereed by the runner, Elo with error bars, pentanomial "
      "statistics and SPRT as fastchess gives them, PGN, and a results folder a rerun resumes",
      bench::match::match_flags(),
      "example:\n"
      "  splitlab match --engine name=splitlab cmd=bazel-bin/splitlab \\\n"
      "    --engine name=glaurung cmd=/usr/games/glaurung --each tc=5+0.05 option.Hash=16 \\\n"
      "    --rounds 10 --games 2 --repeat --concurrency 2 --out /tmp/match\n"
      "docs/match.md has every key and what the output means.\n",
      "games between engines: Elo, SPRT, PGN; resumable"};
  return spec;
}

int match_command(const std::vector<std::string>& args) {
  std::string error;
  // Under mpirun every rank runs this command with the same arguments (bench/ranks/ranks.h).
  std::unique_ptr<bench::ranks::World> world;
  if (!bench::ranks::join_if_launched(world, error)) {
    util::command_error("match", error);
    return 2;
  }
  const bool rank_zero = !world || world->rank() == 0;
  bench::match::MatchConfig config;
  if (!bench::match::parse_match_args(args, config, error)) {
    // Every rank read the same arguments: one says what is wrong.
    if (rank_zero) util::command_error("match", error);
    return 2;
  }
  // Rank 0 writes the results: they must name a build that can be rebuilt.
  if (rank_zero &&
      !bench::check_results_build(bench::splitlab_command_line("match", args), error)) {
    util::command_error("match", error);
    if (world && world->size() > 1) world->abort(2);
    return 2;
  }
  // The files and programs it names, on this rank's machine, before any game or file is begun.
  if (!bench::match::check_match_paths(config, rank_zero, error)) {
    util::command_error("match", world && world->size() > 1
                                     ? "rank " + std::to_string(world->rank()) + ": " + error
                                     : error);
    if (world && world->size() > 1) world->abort(2);
    return 2;
  }
  const int status = bench::match::run_match(config, world.get(), error);
  if (status != 0) {
    util::command_error("match", error);
    // The other ranks would wait for this one: the whole job ends (every game reported
    // finished is already in rank 0's files).
    if (world && world->size() > 1) world->abort(status);
  }
  return status;
}

}  // namespace splitlab::cli
