#include "cli/nodelog_command.h"

#include <cstdio>

#include "bench/overhead/node_log_compare.h"
#include "cli/flags.h"
#include "engine/util/errors.h"

namespace splitlab::cli {

const util::CommandSpec& nodelog_spec() {
  static const util::CommandSpec spec{
      "nodelog", "ONE.nodelog MANY.nodelog",
      "Compares two node logs of one position kept by 'overhead --node-log --keep-node-logs' (a "
      "1-thread and an N-thread search): the N-thread search's own nodes as new positions, "
      "other depths and the same ones again",
      {},
      "",
      "compares two kept node logs of one position",
      {util::PathKind::kInputFile, util::PathKind::kInputFile}};
  return spec;
}

int nodelog_command(const std::vector<std::string>& args) {
  auto fail = [](const std::string& message) { return util::command_error("nodelog", message); };
  if (args.size() != 2) return fail("expected two node logs: ONE.nodelog MANY.nodelog");
  bench::NodeLogHeader one_header, many_header;
  std::vector<search::NodeRecord> one, many;
  std::string error;
  if (!check_operand_paths(nodelog_spec(), args, error)) return fail(error);
  if (!bench::read_node_log(args[0], one_header, one, error) ||
      !bench::read_node_log(args[1], many_header, many, error))
    return fail(error);
  // Logs of different positions or depths compare nothing meaningful.
  if (one_header.fen != many_header.fen)
    return fail("the logs are of different positions ('" + one_header.position + "', '" +
                many_header.position + "')");
  if (one_header.depth != many_header.depth)
    return fail("the logs are of searches to different depths (" +
                std::to_string(one_header.depth) + ", " + std::to_string(many_header.depth) + ")");
  std::printf("position %s, depth %d: %s x%d against %s x%d\n", one_header.position.c_str(),
              one_header.depth, many_header.strategy.c_str(), many_header.threads,
              one_header.strategy.c_str(), one_header.threads);
  std::printf("%s", bench::format_node_log_comparison(bench::compare_node_logs(one, many)).c_str());
  return 0;
}

}  // namespace splitlab::cli
