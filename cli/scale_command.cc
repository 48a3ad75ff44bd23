#include "cli/scale_command.h"

#include <cstdio>
#include <sstream>

#include "bench/run_metadata.h"
#include "bench/scaling_suite.h"
#include "bench/scale.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "engine/chess/position.h"
#include "engine/protocol/epd.h"
#include "parallel/options.h"

namespace splitlab::cli {
namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "splitlab scale: %s\n", message.c_str());
  return 2;
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) items.push_back(item);
  return items;
}

}  // namespace

int scale_command(const std::vector<std::string>& args) {
  Flags flags({"strategies", "threads", "depth", "suite", "repeats", "out", "hash", "split-nodes",
               "ordering", "min-split-depth", "max-helpers", "references", "glaurung-depth",
               "stockfish-depth"},
              {});
  std::string error;
  if (!flags.parse(args, error)) return fail(error);
  bench::ScaleConfig config;
  long long depth, repeats, hash, glaurung_depth, stockfish_depth;
  if (!flags.get_int("depth", 1, 60, 12, depth, error) ||
      !flags.get_int("repeats", 1, 1000, 1, repeats, error) ||
      !flags.get_int("hash", 1, 32768, 64, hash, error) ||
      !flags.get_int("glaurung-depth", 1, 60, depth, glaurung_depth, error) ||
      !flags.get_int("stockfish-depth", 1, 60, depth + 4, stockfish_depth, error))
    return fail(error);
  if (!read_split_settings(flags, config.split, error)) return fail(error);
  config.depth = int(depth);
  config.repeats = int(repeats);
  config.hash_mb = size_t(hash);

  for (const auto& name : split_list(flags.get("strategies", "ybwc,dts,lazy"))) {
    const auto s = parallel::parse_split_strategy(name);
    if (!s || *s == search::SplitStrategy::kNone)
      return fail("unknown strategy '" + name + "' in --strategies (ybwc, dts, lazy)");
    config.strategies.push_back(*s);
  }
  for (const auto& text : split_list(flags.get("threads", "1,2"))) {
    int t = 0;
    if (std::sscanf(text.c_str(), "%d", &t) != 1 || t < 1 || t > parallel::kMaxThreads ||
        std::to_string(t) != text)
      return fail("bad thread count '" + text + "' in --threads (1 to " +
                  std::to_string(parallel::kMaxThreads) + ")");
    config.threads.push_back(t);
  }
  for (const auto& name : split_list(flags.get("references", "glaurung,stockfish"))) {
    if (name == "none") continue;
    if (name == "glaurung")
      config.references.push_back({"glaurung", "/usr/games/glaurung", int(glaurung_depth)});
    else if (name == "stockfish")
      config.references.push_back({"stockfish", "/usr/games/stockfish", int(stockfish_depth)});
    else
      return fail("unknown reference engine '" + name + "' (glaurung, stockfish, none)");
  }

  if (flags.has("suite")) {
    std::vector<protocol::EpdRecord> records;
    if (!protocol::read_epd_file(flags.get("suite"), records, error)) return fail(error);
    for (const auto& r : records) {
      chess::Position pos;
      if (!chess::Position::parse_fen(r.fen, pos, error))
        return fail(flags.get("suite") + ":" + std::to_string(r.line_number) + ": " + error);
      const auto* id = r.find("id");
      config.positions.push_back(
          {id && !id->operands.empty() ? id->operands[0] : "line" + std::to_string(r.line_number),
           pos.fen()});
    }
  } else {
    // The default: 160 middlegames from real games (experiments/scaling-suite/), enough to
    // resolve a few points of overhead where the 32 bench positions gave about +-10.
    for (const auto& p : bench::kScalingSuite)
      config.positions.push_back({std::string(p.id), std::string(p.fen)});
  }
  if (config.positions.empty()) return fail("the suite has no positions");
  config.out_dir = flags.get("out", "results/scale");
  config.command_line = bench::splitlab_command_line("scale", args);
  std::fprintf(stderr, "scale: %zu positions, depth %d, %d repeat(s), results in %s\n",
               config.positions.size(), config.depth, config.repeats, config.out_dir.c_str());
  const int rc = bench::run_scale(config, error);
  if (rc) return fail(error);
  return 0;
}

}  // namespace splitlab::cli
