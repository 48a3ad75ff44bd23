#include "bench/scale/runners.h"

#include <algorithm>
#include <chrono>

#include "bench/sha256.h"
#include "engine/games/game_hooks.h"

namespace splitlab::bench::scaling {

std::unique_ptr<SplitlabRunner> make_splitlab_runner(const Config& config,
                                                     const ScaleConfig& scale,
                                                     hashing::TranspositionTable& table) {
  return PerGame<SplitlabRunnerHook>::of(scale.game)(config, scale, table);
}

ReferenceRunner::ReferenceRunner(const Config& config, size_t hash_mb) {
  if (!engine_.start({config.reference->path}, error_)) return;
  if (!config.reference->uci_variant.empty())
    engine_.send("setoption name UCI_Variant value " + config.reference->uci_variant);
  for (const char* ponder : {"Ponder", "OwnBook", "Use Search Log"})
    if (engine_.has_option(ponder))
      engine_.send(std::string("setoption name ") + ponder + " value false");
  for (const auto& [name, value] : config.reference->options) {
    if (!engine_.has_option(name)) {
      error_ = config.reference->path + " has no UCI option '" + name + "'";
      return;
    }
    engine_.send("setoption name " + name + " value " + value);
  }
  engine_.send("setoption name Threads value " + std::to_string(config.threads));
  engine_.send("setoption name Hash value " + std::to_string(hash_mb));
  if (!engine_.sync()) {
    error_ = config.reference->path + " did not answer isready";
    return;
  }
  // A first search pays for what the engine sets up lazily (Glaurung 2.2's first takes about
  // 0.2 s whatever its depth): not part of any position's time, nor of calibration's.
  engine_.send("position startpos");
  if (!protocol::uci_go(engine_, "depth 1", std::chrono::seconds(30)).ok)
    error_ = config.reference->path + " did not answer a depth-1 search";
}

Run ReferenceRunner::search(const Config& config, const ScalePosition& position) {
  Run run;
  engine_.send("ucinewgame");
  engine_.send("position fen " + position.fen);
  engine_.sync();
  std::string go = "depth " + std::to_string(config.depth);
  if (config.cap_seconds > 0)
    go += " movetime " + std::to_string(int64_t(config.cap_seconds * 1000));
  const auto result = protocol::uci_go(engine_, go, std::chrono::minutes(10));
  run.seconds = result.wall_seconds;
  run.nodes = result.nodes;
  run.depth = result.depth;
  run.bestmove = result.ok ? result.bestmove : "timeout";
  run.thread_seconds = run.seconds * config.threads;
  return run;
}

bool Runners::start(const std::vector<Config>& configs, const ScaleConfig& scale,
                    std::string& error) {
  if (!table.resize(scale.hash_mb, &error)) return false;
  table.set_scheme(hashing::TtEntryScheme::Xor);
  table.set_policy(hashing::TtReplacePolicy::Bucket);
  splitlab.resize(configs.size());
  reference.resize(configs.size());
  not_started.assign(configs.size(), "");
  for (size_t c = 0; c < configs.size(); ++c) {
    if (configs[c].reference) {
      reference[c] = std::make_unique<ReferenceRunner>(configs[c], scale.hash_mb);
      not_started[c] = reference[c]->error();
      const bool known = std::any_of(identities.begin(), identities.end(), [&](const auto& i) {
        return i.name == configs[c].engine;
      });
      if (not_started[c].empty() && !known) {
        ReferenceIdentity identity{configs[c].engine, configs[c].reference->path,
                                   reference[c]->id_name(), ""};
        std::string ignored;  // An unreadable file leaves the digest empty.
        sha256_file(identity.path, identity.sha256, ignored);
        identities.push_back(identity);
      }
    } else {
      splitlab[c] = make_splitlab_runner(configs[c], scale, table);
    }
  }
  return true;
}

Run Runners::search(const Config& config, size_t c, const ScalePosition& position, int repeat,
                    const MachineInfo& machine) {
  Run run = config.reference ? reference[c]->search(config, position)
                             : splitlab[c]->search(config, position);
  run.engine = config.engine;
  run.strategy = config.strategy;
  run.threads = config.threads;
  run.repeat = repeat;
  run.position = position.id;
  run.limit_depth = config.depth;
  run.host = machine.hostname;
  run.cpu_model = machine.cpu_model;
  return run;
}

}  // namespace splitlab::bench::scaling
