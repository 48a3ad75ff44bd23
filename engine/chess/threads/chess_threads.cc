// Every split strategy's team compiled for chess, once (parallel/team_instance.h). Every file that
// searches chess with threads links this.
#include "engine/chess/chess_game.h"
#include "parallel/team_instance.h"

namespace splitlab::parallel {

template std::unique_ptr<ThreadTeam<chess::ChessGame>> make_team<chess::ChessGame>(
    search::SharedSearchState& shared, int threads, const SplitSettings& settings,
    SimulatedCpus* cpus);

}  // namespace splitlab::parallel
