// What searches a scaling experiment's configurations on this machine: Splitlab's searcher of
// the suite's game (one per configuration, sharing one table), and a reference engine process
// per reference configuration, each search a fresh game with a cleared table.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bench/run_metadata.h"
#include "bench/scale/configs.h"
#include "bench/scale/run_row.h"
#include "engine/protocol/uci_client.h"
#include "hashing/tt.h"

namespace splitlab::bench::scaling {

class SplitlabRunner {
 public:
  virtual ~SplitlabRunner() = default;
  // Searches `position` to config.depth (stopped at config.cap_seconds when that is set).
  virtual Run search(const Config& config, const ScalePosition& position) = 0;
};

// Splitlab's search of the suite's game, with the configuration's strategy and threads.
std::unique_ptr<SplitlabRunner> make_splitlab_runner(const Config& config,
                                                     const ScaleConfig& scale,
                                                     hashing::TranspositionTable& table);

// The runner of each game (engine/games/game_hooks.h): game_runner.h's make_game_runner<G>,
// registered by each game.
struct SplitlabRunnerHook {
  using Fn = std::unique_ptr<SplitlabRunner> (*)(const Config&, const ScaleConfig&,
                                                 hashing::TranspositionTable&);
  static constexpr const char* kWhat = "scale runner";
};

// A reference engine over UCI: its options, Threads and Hash set, and a first search done so
// that what it sets up lazily is in no position's time. error() says why it cannot search.
class ReferenceRunner {
 public:
  ReferenceRunner(const Config& config, size_t hash_mb);
  const std::string& error() const { return error_; }
  // What the engine calls itself in the handshake ("id name").
  const std::string& id_name() const { return engine_.name(); }
  Run search(const Config& config, const ScalePosition& position);

 private:
  protocol::UciClient engine_;
  std::string error_;
};

// Which reference binary a run measured: its name, the file, what it calls itself and the
// file's SHA-256 ("" when unreadable), for every results file to name it.
struct ReferenceIdentity {
  std::string name, path, id_name, sha256;
};

struct Runners {
  hashing::TranspositionTable table;
  std::vector<ReferenceIdentity> identities;  // One per reference engine that started.
  std::vector<std::unique_ptr<SplitlabRunner>> splitlab;
  std::vector<std::unique_ptr<ReferenceRunner>> reference;
  std::vector<std::string> not_started;  // Per configuration: why its engine did not start.

  bool start(const std::vector<Config>& configs, const ScaleConfig& scale, std::string& error);
  // One search of `position` by configuration `c` (its depth already the one to search), as a
  // row naming the machine.
  Run search(const Config& config, size_t c, const ScalePosition& position, int repeat,
             const MachineInfo& machine);
};

}  // namespace splitlab::bench::scaling
