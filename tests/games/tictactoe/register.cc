// Every layer's code for tic-tac-toe (cli/game_registration.h); info.cc puts it in the list.
// With them, what the game needs outside its folder is nothing: its binary (BUILD) links the
// registry's games beside it.
#include "cli/game_registration.h"
#include "tests/games/tictactoe/tictactoe_game.h"

namespace {
const splitlab::cli::GameRegistration<splitlab::tictactoe::TicTacToeGame> kHooks;
}  // namespace
