// Every split strategy's team compiled for xiangqi, once (parallel/team_instance.h). Every file that
// searches xiangqi with threads links this.
#include "engine/xiangqi/xiangqi_game.h"
#include "parallel/team_instance.h"

namespace splitlab::parallel {

template std::unique_ptr<ThreadTeam<xiangqi::XiangqiGame>> make_team<xiangqi::XiangqiGame>(
    search::SharedSearchState& shared, int threads, const SplitSettings& settings,
    SimulatedCpus* cpus);

}  // namespace splitlab::parallel
