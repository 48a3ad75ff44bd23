// Tic-tac-toe's search and every split strategy's team, compiled once for the tests of the game
// (as a game's search_instance.cc and threads/ do: engine/search/search_instance.h,
// parallel/team_instance.h).
#include "engine/search/search_instance.h"
#include "parallel/team_instance.h"
#include "tests/games/tictactoe/tictactoe_game.h"

template class splitlab::search::SearchWorker<splitlab::tictactoe::TicTacToeGame>;
template class splitlab::search::Searcher<splitlab::tictactoe::TicTacToeGame>;

namespace splitlab::parallel {

template std::unique_ptr<ThreadTeam<tictactoe::TicTacToeGame>> make_team<tictactoe::TicTacToeGame>(
    search::SharedSearchState& shared, int threads, const SplitSettings& settings,
    SimulatedCpus* cpus);

}  // namespace splitlab::parallel
