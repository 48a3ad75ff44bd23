#include "engine/protocol/uci.h"

#include "engine/games/game_hooks.h"

namespace splitlab::protocol {

// Each game's engine is compiled in its registration (game_engine_impl.h).
std::unique_ptr<LineEngine> make_game_engine(GameId game, std::ostream& out,
                                             const ParallelSearch& parallel, Dialect dialect) {
  return PerGame<GameEngineHook>::of(game)(out, parallel, dialect);
}

}  // namespace splitlab::protocol
